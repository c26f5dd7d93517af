// RUN: hip-mlir-opt %s --convert-onnx-to-hip --hip-infer-shapes | FileCheck %s

// convert-onnx-to-hip makes the shape computed by Shape -> Gather -> Concat a parameter operand
// of ConstantOfShape, Expand and Reshape; hip-infer-shapes folds the chain to a constant and the
// ops take the static attribute form.
// CHECK-LABEL: func.func @shape_chain
// CHECK-NOT:     hip.shape
// CHECK-NOT:     hip.gather
// CHECK-NOT:     hip.concat
// CHECK:         hip.fill %{{.*}} {shape = array<i64: 2, 4, 5>, value = 0.000000e+00 : f32} : (tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
// CHECK:         hip.expand %arg1, %{{.*}} {shape = array<i64: 2, 4, 5>} : (tensor<1x5xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
// CHECK:         hip.reshape %arg2, %{{.*}} {allowzero = false, shape = array<i64: 2, 4, 5>} : (tensor<40xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @shape_chain(%x: tensor<2x3x4xf32>, %y: tensor<1x5xf32>, %z: tensor<40xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x5xf32>, tensor<2x4x5xf32>) {
    %s = "onnx.Shape"(%x) : (tensor<2x3x4xf32>) -> tensor<3xi64>
    %i = "onnx.Constant"() {value = dense<[0, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %g = "onnx.Gather"(%s, %i) {axis = 0 : i64} : (tensor<3xi64>, tensor<2xi64>) -> tensor<2xi64>
    %five = "onnx.Constant"() {value = dense<5> : tensor<1xi64>} : () -> tensor<1xi64>
    %c = "onnx.Concat"(%g, %five) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
    %0 = "onnx.ConstantOfShape"(%c) : (tensor<3xi64>) -> tensor<2x4x5xf32>
    %1 = "onnx.Expand"(%y, %c) : (tensor<1x5xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
    %2 = "onnx.Reshape"(%z, %c) : (tensor<40xf32>, tensor<3xi64>) -> tensor<2x4x5xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x4x5xf32>, tensor<2x4x5xf32>, tensor<2x4x5xf32>) -> ()
  }
}
