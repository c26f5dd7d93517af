// RUN: hip-mlir-opt %s --convert-onnx-to-hip | FileCheck %s

// Initializers become hip.constant carriers named after the initializer, with an absolute
// serialization order: the first function's constants in order, then the next function's.
// Inline data stays 'value'; external data becomes a file source of the tensor's byte size.
// CHECK-LABEL: func.func @first
// CHECK:         hip.constant {serialization_order = 0 : i64, source_name = "conv.weight", symbol_name_hint = "conv_weight", value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : tensor<2xf32>
// CHECK:         hip.constant {location = "weights.bin", offset = 64 : i64, serialization_order = 1 : i64, size = 16 : i64, source_name = "1bias", symbol_name_hint = "_1bias"} : tensor<4xf32>
// CHECK:         hip.add
// CHECK-LABEL: func.func @second
// CHECK:         hip.constant {serialization_order = 2 : i64, source_name = "k", symbol_name_hint = "k", value = dense<3> : tensor<i64>} : tensor<i64>
// CHECK:         return
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @first(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<4xf32>) {
    %w = "onnx.Constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32> loc("conv.weight")
    %b = "onnx.Constant"() {value = #onnx.external<"weights.bin", offset = 64, length = 16> : tensor<4xf32>} : () -> tensor<4xf32> loc("1bias")
    %0 = "onnx.Add"(%x, %w) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Return"(%0, %b) : (tensor<2xf32>, tensor<4xf32>) -> ()
  }
  func.func @second() -> tensor<i64> {
    %k = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64> loc("k")
    "onnx.Return"(%k) : (tensor<i64>) -> ()
  }
}
