// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s

// An imported graph at opset 13: the dialect's types and external-data attribute, omitted
// optional inputs, attributes of every kind, a contrib op, an unknown op, and If/Loop regions.

// CHECK-LABEL: module attributes {onnx.opset_import = {"" = 13 : i64, com.microsoft = 1 : i64}} {
// CHECK:       func.func @main_graph(%arg0: tensor<1x3x8x8xf32>, %arg1: !onnx.seq<tensor<?xf32>>, %arg2: !onnx.opt<tensor<*xf32>>, %arg3: !onnx.map<i64, tensor<f32>>, %arg4: !onnx.opt<!onnx.seq<tensor<2xi64>>>, %arg5: tensor<i1>) -> (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, !onnx.seq<tensor<?xf32>>) {
// CHECK-NEXT:    %[[W:.*]] = "onnx.Constant"() {value = #onnx.external<"weights.bin", offset = 0, length = 432> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
// CHECK-NEXT:    %[[SHAPE:.*]] = "onnx.Constant"() {value = dense<[1, 4, 8, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
// CHECK-NEXT:    "onnx.Constant"() {value_floats = array<f32: 1.000000e+00, 2.500000e+00>} : () -> tensor<2xf32>
// CHECK-NEXT:    %[[NONE:.*]] = "onnx.NoValue"() : () -> none
// CHECK-NEXT:    %[[Y:.*]] = "onnx.Conv"(%arg0, %[[W]], %[[NONE]]) {auto_pad = "NOTSET", dilations = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %[[L:.*]] = "onnx.LeakyRelu"(%[[Y]]) {alpha = 1.000000e-01 : f32}
// CHECK-NEXT:    %[[F:.*]] = "onnx.ConstantOfShape"(%[[SHAPE]]) {value = dense<1.000000e+00> : tensor<1xf32>} : (tensor<4xi64>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %[[G:.*]] = "onnx.com.microsoft.Gelu"(%[[L]]) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    "onnx.com.example.Tokenize"(%arg0) {separators = ["a", "b"], tables = [dense<0> : tensor<2xi64>, #onnx.external<"t.bin", offset = 16, length = 8> : tensor<2xf32>]} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
// CHECK-NEXT:    %[[R:.*]] = "onnx.If"(%arg5) ({
// CHECK-NEXT:      "onnx.Yield"(%[[G]]) : (tensor<1x4x8x8xf32>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %[[S:.*]] = "onnx.Add"(%[[G]], %[[F]]) : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:      "onnx.Yield"(%[[S]]) : (tensor<1x4x8x8xf32>) -> ()
// CHECK-NEXT:    }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %[[TRIP:.*]] = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
// CHECK-NEXT:    %[[FINAL:.*]] = "onnx.Loop"(%[[TRIP]], %[[NONE]], %arg1) ({
// CHECK-NEXT:    ^bb0(%[[I:.*]]: tensor<i64>, %[[C:.*]]: tensor<i1>, %[[ACC:.*]]: !onnx.seq<tensor<?xf32>>):
// CHECK-NEXT:      "onnx.Yield"(%[[C]], %[[ACC]]) : (tensor<i1>, !onnx.seq<tensor<?xf32>>) -> ()
// CHECK-NEXT:    }) {onnx.region_names = ["body"]} : (tensor<i64>, none, !onnx.seq<tensor<?xf32>>) -> !onnx.seq<tensor<?xf32>>
// CHECK-NEXT:    "onnx.Return"(%[[R]], %[[L]], %[[FINAL]]) : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, !onnx.seq<tensor<?xf32>>) -> ()
// CHECK-NEXT:  }
// CHECK-NEXT: }

module attributes {onnx.opset_import = {"" = 13 : i64, "com.microsoft" = 1 : i64}} {
  func.func @main_graph(%x: tensor<1x3x8x8xf32>, %seq: !onnx.seq<tensor<?xf32>>, %opt: !onnx.opt<tensor<*xf32>>,
                        %map: !onnx.map<i64, tensor<f32>>, %optseq: !onnx.opt<!onnx.seq<tensor<2xi64>>>,
                        %cond: tensor<i1>) -> (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, !onnx.seq<tensor<?xf32>>) {
    %w = "onnx.Constant"() {value = #onnx.external<"weights.bin", offset = 0, length = 432> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
    %shape = "onnx.Constant"() {value = dense<[1, 4, 8, 8]> : tensor<4xi64>} : () -> tensor<4xi64>
    %scales = "onnx.Constant"() {value_floats = array<f32: 1.0, 2.5>} : () -> tensor<2xf32>
    %none = "onnx.NoValue"() : () -> none
    %y = "onnx.Conv"(%x, %w, %none) {auto_pad = "NOTSET", dilations = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<1x4x8x8xf32>
    %l = "onnx.LeakyRelu"(%y) {alpha = 0.100000001 : f32} : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %f = "onnx.ConstantOfShape"(%shape) {value = dense<1.000000e+00> : tensor<1xf32>} : (tensor<4xi64>) -> tensor<1x4x8x8xf32>
    %g = "onnx.com.microsoft.Gelu"(%l) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %u = "onnx.com.example.Tokenize"(%x) {separators = ["a", "b"], tables = [dense<0> : tensor<2xi64>, #onnx.external<"t.bin", offset = 16, length = 8> : tensor<2xf32>]} : (tensor<1x3x8x8xf32>) -> tensor<*xf32>
    %r = "onnx.If"(%cond) ({
      "onnx.Yield"(%g) : (tensor<1x4x8x8xf32>) -> ()
    }, {
      %s = "onnx.Add"(%g, %f) : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
      "onnx.Yield"(%s) : (tensor<1x4x8x8xf32>) -> ()
    }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<1x4x8x8xf32>
    %trip = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %final = "onnx.Loop"(%trip, %none, %seq) ({
    ^bb0(%i: tensor<i64>, %c: tensor<i1>, %acc: !onnx.seq<tensor<?xf32>>):
      "onnx.Yield"(%c, %acc) : (tensor<i1>, !onnx.seq<tensor<?xf32>>) -> ()
    }) {onnx.region_names = ["body"]} : (tensor<i64>, none, !onnx.seq<tensor<?xf32>>) -> !onnx.seq<tensor<?xf32>>
    "onnx.Return"(%r, %l, %final) : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>, !onnx.seq<tensor<?xf32>>) -> ()
  }
}
