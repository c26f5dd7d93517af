// RUN: hip-mlir-opt %s --onnx-loop-outline --onnx-if-outline | FileCheck %s
// RUN: hip-mlir-opt %s --hip-add-context-arg --onnx-loop-outline --onnx-if-outline --hip-add-context-arg | FileCheck %s

// After hip-add-context-arg, the enclosing function's !hip.context is never a capture: every
// outlined body takes it as argument 0 and every outlined op passes its own as operand 0, an If
// nested in a Loop body getting the body's. A second hip-add-context-arg changes nothing.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[CTX:.*]]: !hip.context, %[[C:[a-z0-9]+]]: tensor<i1>, %[[X:[a-z0-9]+]]: tensor<2xf32>)
// CHECK:         "onnx.OutlinedLoop"(%[[CTX]], %{{.*}}, %{{.*}}, %[[X]], %[[C]]) {body = @main_graph_l_body, onnx.num_captures = 1 : i64}
// CHECK:       func.func private @main_graph_l_body(%[[BC:[a-z0-9]+]]: !hip.context, %{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %[[V:[a-z0-9]+]]: tensor<2xf32>, %[[BCOND:[a-z0-9]+]]: tensor<i1>)
// CHECK:         "onnx.OutlinedIf"(%[[BC]], %[[BCOND]], %[[V]]) {else_branch = @main_graph_l_body_i_else, onnx.num_captures = 1 : i64, then_branch = @main_graph_l_body_i_then}
// CHECK:       func.func private @main_graph_l_body_i_then(%{{.*}}: !hip.context, %{{.*}}: tensor<2xf32>)
// CHECK:       func.func private @main_graph_l_body_i_else(%{{.*}}: !hip.context, %{{.*}}: tensor<2xf32>)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%ctx: !hip.context, %c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    %trip = "onnx.Constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %r = "onnx.Loop"(%trip, %none, %x) ({
    ^bb0(%i: tensor<i64>, %d: tensor<i1>, %v: tensor<2xf32>):
      %s = "onnx.If"(%c) ({
        "onnx.Yield"(%v) : (tensor<2xf32>) -> ()
      }, {
        %n = "onnx.Neg"(%v) : (tensor<2xf32>) -> tensor<2xf32>
        "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
      }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<2xf32> loc("i")
      "onnx.Yield"(%d, %s) : (tensor<i1>, tensor<2xf32>) -> ()
    }) {onnx.region_names = ["body"]} : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32> loc("l")
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}
