// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// Opset 13: one axis (default -1), any axis.
// CHECK-LABEL: func.func @softmax13
// CHECK:         hip.softmax %arg0, %{{.*}} {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         hip.log_softmax %{{.*}} {axis = -1 : i64}
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @softmax13(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = "onnx.Softmax"(%x) {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = "onnx.LogSoftmax"(%0) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "onnx.Return"(%1) : (tensor<2x3x4xf32>) -> ()
  }
}

// -----

// Opset 11: the input is coerced to 2-D at axis (default 1). On a rank-2 input, or with the last
// axis, that is a softmax over the last axis.
// CHECK-LABEL: func.func @softmax11_last
// CHECK:         hip.softmax %arg0, %{{.*}} {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         hip.log_softmax %arg1, %{{.*}} {axis = 2 : i64}
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @softmax11_last(%x: tensor<2x3xf32>, %y: tensor<2x3x4xf32>) -> (tensor<2x3xf32>, tensor<2x3x4xf32>) {
    %0 = "onnx.Softmax"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.LogSoftmax"(%y) {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "onnx.Return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3x4xf32>) -> ()
  }
}

// -----

// Opset 11, axis 1 of a rank-3 input: normalises over dims 1 and 2 together: flatten to 2-D
// at the axis, softmax over dimension 1, reshape back to the static input shape.
// CHECK-LABEL: func.func @softmax11_coerced
// CHECK:         %[[F:.*]] = hip.flatten %arg0, %{{.*}} {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
// CHECK:         %[[S:.*]] = hip.softmax %[[F]], %{{.*}} {axis = 1 : i64} : (tensor<2x12xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
// CHECK:         %[[R:.*]] = hip.reshape %[[S]], %{{.*}} {allowzero = false, shape = array<i64: 2, 3, 4>} : (tensor<2x12xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         %[[L:.*]] = hip.flatten %[[R]], %{{.*}} {axis = 0 : i64} : (tensor<2x3x4xf32>, tensor<1x24xf32>) -> tensor<1x24xf32>
// CHECK:         hip.log_softmax %[[L]], %{{.*}} {axis = 1 : i64} : (tensor<1x24xf32>, tensor<1x24xf32>) -> tensor<1x24xf32>
// CHECK:         hip.reshape
// CHECK-NOT:     onnx.Softmax
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @softmax11_coerced(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = "onnx.Softmax"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = "onnx.LogSoftmax"(%0) {axis = -3 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "onnx.Return"(%1) : (tensor<2x3x4xf32>) -> ()
  }
}

// -----

// With a dynamic dimension the shape to reshape back to is not static: the op stays, with no error.
// CHECK-LABEL: func.func @softmax11_coerced_dynamic
// CHECK:         "onnx.Softmax"(%arg0) : (tensor<?x3x4xf32>) -> tensor<?x3x4xf32>
// CHECK-NOT:     hip.softmax
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @softmax11_coerced_dynamic(%x: tensor<?x3x4xf32>) -> tensor<?x3x4xf32> {
    %0 = "onnx.Softmax"(%x) : (tensor<?x3x4xf32>) -> tensor<?x3x4xf32>
    "onnx.Return"(%0) : (tensor<?x3x4xf32>) -> ()
  }
}
