// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// Before opset 13 ReduceSum takes 'axes' as an attribute; keepdims becomes a flag.
// CHECK-LABEL: func.func @reduce_sum11
// CHECK:         hip.reduce_sum %arg0, %{{.*}} {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @reduce_sum11(%x: tensor<2x3xf32>) -> tensor<2xf32> {
    %0 = "onnx.ReduceSum"(%x) {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
    "onnx.Return"(%0) : (tensor<2xf32>) -> ()
  }
}

// -----

// From 13 ReduceSum's axes is a (constant) input, while ReduceMean keeps the attribute until 18.
// CHECK-LABEL: func.func @reduce13
// CHECK:         hip.reduce_sum %arg0, %{{.*}} {axes = array<i64: 0>, keepdims = true} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK:         hip.reduce_mean %arg0, %{{.*}} {axes = array<i64: -1>, keepdims = true} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK:         hip.arg_max %arg0, %{{.*}} {axis = 1 : i64, keepdims = false, select_last_index = false} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2xi64>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @reduce13(%x: tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<2x1xf32>, tensor<2xi64>) {
    %axes = "onnx.Constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
    %0 = "onnx.ReduceSum"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x3xf32>
    %1 = "onnx.ReduceMean"(%x) {axes = array<i64: -1>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %2 = "onnx.ArgMax"(%x) {axis = 1 : i64, keepdims = 0 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>
    "onnx.Return"(%0, %1, %2) : (tensor<1x3xf32>, tensor<2x1xf32>, tensor<2xi64>) -> ()
  }
}

// -----

// From 18 every reduction takes axes as an input; omitted axes reduce everything.
// CHECK-LABEL: func.func @reduce18
// CHECK:         hip.reduce_max %arg0, %{{.*}} {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK:         hip.reduce_l2 %arg0, %{{.*}} {keepdims = false} : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
module attributes {onnx.opset_import = {"" = 18 : i64}} {
  func.func @reduce18(%x: tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<f32>) {
    %axes = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
    %0 = "onnx.ReduceMax"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1xf32>
    %1 = "onnx.ReduceL2"(%x) {keepdims = 0 : i64} : (tensor<2x3xf32>) -> tensor<f32>
    "onnx.Return"(%0, %1) : (tensor<2x1xf32>, tensor<f32>) -> ()
  }
}
