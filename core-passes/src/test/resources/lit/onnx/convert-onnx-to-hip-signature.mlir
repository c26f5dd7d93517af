// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// The end of the conversion records @main_graph's tensor signature on the module for
// generate-interface's metadata: shapes (-1 for '?'), element sizes and types, and the ONNX names
// when every input (output) has one. A leading !hip.context is not an input.
// CHECK-LABEL: module attributes {
// CHECK-SAME: hipdnn.input_count = 2 : i64
// CHECK-SAME: hipdnn.input_element_sizes = array<i64: 4, 1>
// CHECK-SAME: hipdnn.input_element_types = ["f32", "i1"]
// CHECK-SAME: hipdnn.input_names = ["x", "mask"]
// CHECK-SAME: hipdnn.input_shapes = [array<i64: -1, 3>, array<i64: 3>]
// CHECK-SAME: hipdnn.output_count = 1 : i64
// CHECK-SAME: hipdnn.output_element_sizes = array<i64: 2>
// CHECK-SAME: hipdnn.output_element_types = ["f16"]
// CHECK-SAME: hipdnn.output_names = ["y"]
// CHECK-SAME: hipdnn.output_shapes = [array<i64: -1, 3>]
// CHECK-SAME: onnx.opset_import = {"" = 13 : i64}
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%ctx: !hip.context, %x: tensor<?x3xf32> {onnx.name = "x"},
      %m: tensor<3xi1> {onnx.name = "mask"}) -> (tensor<?x3xf16> {onnx.name = "y"}) {
    %0 = "onnx.Cast"(%x) {to = 10 : si64} : (tensor<?x3xf32>) -> tensor<?x3xf16>
    "onnx.Return"(%0) : (tensor<?x3xf16>) -> ()
  }
}

// -----

// Without names (no onnx.name on an output) the names are left out; a rank-0 input records an
// empty shape; i64 is 8 bytes.
// CHECK-LABEL: module attributes {
// CHECK-SAME: hipdnn.input_count = 1 : i64
// CHECK-SAME: hipdnn.input_element_sizes = array<i64: 8>
// CHECK-SAME: hipdnn.input_element_types = ["i64"]
// CHECK-SAME: hipdnn.input_names = ["n"]
// CHECK-SAME: hipdnn.input_shapes = [array<i64>]
// CHECK-SAME: hipdnn.output_count = 1 : i64
// CHECK-NOT: hipdnn.output_names
// CHECK-SAME: hipdnn.output_shapes = [array<i64>]
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%n: tensor<i64> {onnx.name = "n"}) -> tensor<i64> {
    "onnx.Return"(%n) : (tensor<i64>) -> ()
  }
}

// -----

// Only a public @main_graph is recorded; an unranked input records nothing.
// CHECK-LABEL: module attributes {onnx.opset_import = {"" = 13 : i64}} {
// CHECK-NEXT:    func.func @main_graph(%arg0: tensor<*xf32>)
// CHECK-LABEL: module attributes {onnx.opset_import = {"" = 13 : i64}} {
// CHECK-NEXT:    func.func @other(%arg0: tensor<2xf32>)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<*xf32>) -> tensor<*xf32> {
    "onnx.Return"(%x) : (tensor<*xf32>) -> ()
  }
}

// -----

module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @other(%x: tensor<2xf32>) -> tensor<2xf32> {
    "onnx.Return"(%x) : (tensor<2xf32>) -> ()
  }
}
