// RUN: not hip-mlir-opt %s --split-input-file --convert-onnx-to-hip 2>&1 | FileCheck %s

// Axes computed at run time cannot become the static 'axes' attribute: an error naming the op,
// the node and why.
// CHECK: error: cannot convert 'onnx.ReduceSum' (node sum_node): 'axes' must be a constant to convert to hip (it is computed at run time)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @runtime_axes(%x: tensor<2x3xf32>, %axes: tensor<1xi64>) -> tensor<?x?xf32> {
    %0 = "onnx.ReduceSum"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32> loc("sum_node")
    "onnx.Return"(%0) : (tensor<?x?xf32>) -> ()
  }
}

// -----

// GroupNormalization (opset 21) without its required 'num_groups'.
// CHECK: error: cannot convert 'onnx.GroupNormalization' (node gn): 'num_groups' is required
module attributes {onnx.opset_import = {"" = 21 : i64}} {
  func.func @group_norm(%x: tensor<1x4x2xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<1x4x2xf32> {
    %0 = "onnx.GroupNormalization"(%x, %s, %b) : (tensor<1x4x2xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2xf32> loc("gn")
    "onnx.Return"(%0) : (tensor<1x4x2xf32>) -> ()
  }
}
