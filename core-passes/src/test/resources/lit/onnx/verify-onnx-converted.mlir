// RUN: not hip-mlir-opt %s --split-input-file --convert-onnx-to-hip --hip-verify-onnx-converted 2>&1 | FileCheck %s

// A flatten that multiplies the dynamic batch by known dimensions stays in the onnx dialect (no
// input dimension gives the size of the flattened one): the guard names the node, its op type and
// opset, and the reason. The converted flatten beside it is not reported.
// CHECK: error: ONNX node 'flatten_by_two' (onnx.Flatten, opset 13) was not converted to the hip dialect: dimension 0 of result 0 (tensor<?x16xf32>) is dynamic and is not a dimension of an input, so its size is not known before the op runs (inputs [tensor<?x4x4x4xf32>])
// CHECK-NOT: flatten_by_one
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<?x4x4x4xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
    %0 = "onnx.Flatten"(%x) {axis = 1 : i64} : (tensor<?x4x4x4xf32>) -> tensor<*xf32> loc("flatten_by_one")
    %1 = "onnx.Flatten"(%x) {axis = 2 : i64} : (tensor<?x4x4x4xf32>) -> tensor<*xf32> loc("flatten_by_two")
    "onnx.Return"(%0, %1) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }
}

// -----

// An op no conversion exists for.
// CHECK: error: ONNX node 'mystery' (onnx.Hardmax, opset 13) was not converted to the hip dialect: no conversion exists for onnx.Hardmax (the op is not supported)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<2x3xf32>) -> tensor<*xf32> {
    %0 = "onnx.Hardmax"(%x) : (tensor<2x3xf32>) -> tensor<*xf32> loc("mystery")
    "onnx.Return"(%0) : (tensor<*xf32>) -> ()
  }
}

// -----

// A conversion's own skip reason: batch normalization 7 with spatial = 0.
// CHECK: error: ONNX node 'bn' (onnx.BatchNormalization, opset 7) was not converted to the hip dialect: non-spatial batch normalization
module attributes {onnx.opset_import = {"" = 7 : i64}} {
  func.func @main_graph(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) -> tensor<*xf32> {
    %0 = "onnx.BatchNormalization"(%x, %s, %s, %s, %s) {spatial = 0 : i64} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<*xf32> loc("bn")
    "onnx.Return"(%0) : (tensor<*xf32>) -> ()
  }
}
