// RUN: hip-mlir-opt %s --plugins=vendor --pass-pipeline='builtin.module(func.func(convert-onnx-add-to-vendor))' | FileCheck %s
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(convert-onnx-add-to-vendor))' 2>&1 | FileCheck %s --check-prefix=UNSELECTED

// convert-onnx-add-to-vendor claims onnx.Add on f32, f16 and bf16 with numpy broadcasting, and
// leaves what vendor.add does not support to the in-tree path: integer adds, and a dynamic
// dimension that is ? in both operands (it could be 1 in either at run time).
// CHECK-LABEL: func.func @claimed
// CHECK: %[[R:.*]] = "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[H:.*]] = "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<4x1xf16>, tensor<1x5xf16>) -> tensor<4x5xf16>
// CHECK: %[[B:.*]] = "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<bf16>, tensor<7xbf16>) -> tensor<7xbf16>
// CHECK: %[[D:.*]] = "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NOT: onnx.Add
// An unranked result of ranked operands gets their broadcast type, so a chain stays claimable;
// a result the function returns keeps its declared type (unranked here, so it is not claimed).
// CHECK-LABEL: func.func @refined
// CHECK: %[[U:.*]] = "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK: "vendor.add"(%[[U]], %{{.*}}) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
// CHECK: "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<*xf32>
// CHECK-LABEL: func.func @left
// CHECK: "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
// CHECK: "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK: "onnx.Add"(%{{.*}}, %{{.*}}) : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>
// CHECK-NOT: vendor.add
// UNSELECTED: convert-onnx-add-to-vendor
module attributes {onnx.opset_import = {"" = 17 : i64}} {
  func.func @claimed(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %h: tensor<4x1xf16>, %i: tensor<1x5xf16>,
                     %s: tensor<bf16>, %t: tensor<7xbf16>, %x: tensor<?x4xf32>, %y: tensor<4xf32>)
      -> (tensor<2x3xf32>, tensor<4x5xf16>, tensor<7xbf16>, tensor<?x4xf32>) {
    %0 = "onnx.Add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.Add"(%h, %i) : (tensor<4x1xf16>, tensor<1x5xf16>) -> tensor<4x5xf16>
    %2 = "onnx.Add"(%s, %t) : (tensor<bf16>, tensor<7xbf16>) -> tensor<7xbf16>
    %3 = "onnx.Add"(%x, %y) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    "onnx.Return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<4x5xf16>, tensor<7xbf16>, tensor<?x4xf32>) -> ()
  }
  func.func @refined(%x: tensor<?x4xf32>, %y: tensor<4xf32>, %z: tensor<1x4xf32>) -> (tensor<?x4xf32>, tensor<*xf32>) {
    %0 = "onnx.Add"(%x, %y) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<*xf32>
    %1 = "onnx.Add"(%0, %z) : (tensor<*xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    %2 = "onnx.Add"(%x, %y) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<*xf32>
    "onnx.Return"(%1, %2) : (tensor<?x4xf32>, tensor<*xf32>) -> ()
  }
  func.func @left(%a: tensor<2xi64>, %p: tensor<?xf32>, %q: tensor<?xf32>, %u: tensor<*xf32>, %v: tensor<3xf32>)
      -> (tensor<2xi64>, tensor<?xf32>, tensor<*xf32>) {
    %0 = "onnx.Add"(%a, %a) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %1 = "onnx.Add"(%p, %q) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %2 = "onnx.Add"(%u, %v) : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2xi64>, tensor<?xf32>, tensor<*xf32>) -> ()
  }
}
