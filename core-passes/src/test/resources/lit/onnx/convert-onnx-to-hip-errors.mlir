// RUN: not hip-mlir-opt %s --convert-onnx-to-hip 2>&1 | FileCheck %s

// Axes computed at run time cannot become the static 'axes' attribute: an error naming the op,
// the node and why.
// CHECK: error: cannot convert 'onnx.ReduceSum' (node sum_node): 'axes' must be a constant to convert to hip (it is computed at run time)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @runtime_axes(%x: tensor<2x3xf32>, %axes: tensor<1xi64>) -> tensor<?x?xf32> {
    %0 = "onnx.ReduceSum"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32> loc("sum_node")
    "onnx.Return"(%0) : (tensor<?x?xf32>) -> ()
  }
}
