// RUN: hip-mlir-opt %s --split-input-file --onnx-loop-outline --verify-diagnostics | FileCheck %s

// The body becomes @<function>_<node>_body with the ONNX body signature (iteration_num, cond,
// loop-carried...) followed by the captured outer values; onnx.OutlinedLoop takes the Loop's
// operands (M, cond, initial values) followed by the captures. An omitted cond stays an operand.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[X:.*]]: tensor<2xf32>, %[[ACC0:.*]]: tensor<2xf32>)
// CHECK:         %[[NONE:.*]] = "onnx.NoValue"()
// CHECK:         %[[TRIP:.*]] = "onnx.Constant"()
// CHECK-NEXT:    %[[R:.*]]:2 = "onnx.OutlinedLoop"(%[[TRIP]], %[[NONE]], %[[ACC0]], %[[X]]) {body = @main_graph_sum_body, onnx.num_captures = 1 : i64} : (tensor<i64>, none, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>)
// CHECK-NEXT:    "onnx.Return"(%[[R]]#0, %[[R]]#1)
// CHECK:       func.func private @main_graph_sum_body(%{{.*}}: tensor<i64>, %[[C:.*]]: tensor<i1>, %[[ACC:.*]]: tensor<2xf32>, %[[BX:.*]]: tensor<2xf32>) -> (tensor<i1>, tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT:    %[[S:.*]] = "onnx.Add"(%[[ACC]], %[[BX]])
// CHECK-NEXT:    return %[[C]], %[[S]], %[[S]] : tensor<i1>, tensor<2xf32>, tensor<2xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<2xf32>, %acc0: tensor<2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %trip = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %r:2 = "onnx.Loop"(%trip, %none, %acc0) ({
    ^bb0(%i: tensor<i64>, %c: tensor<i1>, %acc: tensor<2xf32>):
      %s = "onnx.Add"(%acc, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      "onnx.Yield"(%c, %s, %s) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
    }) {onnx.region_names = ["body"]} : (tensor<i64>, none, tensor<2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>) loc("sum")
    "onnx.Return"(%r#0, %r#1) : (tensor<2xf32>, tensor<3x2xf32>) -> ()
  }
}

// -----

// A Loop inside a Loop body is outlined first; the outer body captures what the inner one
// captured from outside it, and the inner body may capture the outer body's arguments; the
// constant and the NoValue the inner Loop takes are copied into the outer body. An If in
// a body stays for onnx-if-outline, moved into the outlined body.
// CHECK-LABEL: func.func @n
// CHECK:         "onnx.OutlinedLoop"(%{{.*}}, %{{.*}}, %arg0, %arg1) {body = @n_outer_body, onnx.num_captures = 1 : i64}
// CHECK:       func.func private @n_inner_body(%{{.*}}: tensor<i64>, %[[IC:.*]]: tensor<i1>, %[[IV:.*]]: tensor<2xf32>, %[[OI:.*]]: tensor<i64>, %[[Y:.*]]: tensor<2xf32>) -> (tensor<i1>, tensor<2xf32>)
// CHECK:         %[[M:.*]] = "onnx.Mul"(%[[IV]], %[[Y]])
// CHECK-NEXT:    return %[[IC]], %[[M]]
// CHECK:       func.func private @n_outer_body(%[[OI2:.*]]: tensor<i64>, %[[OC:.*]]: tensor<i1>, %[[OV:.*]]: tensor<2xf32>, %[[Y2:.*]]: tensor<2xf32>) -> (tensor<i1>, tensor<2xf32>)
// CHECK-NEXT:    %[[T2:.*]] = "onnx.Constant"() {value = dense<2> : tensor<i64>}
// CHECK-NEXT:    %[[N2:.*]] = "onnx.NoValue"()
// CHECK-NEXT:    %[[IN:.*]] = "onnx.OutlinedLoop"(%[[T2]], %[[N2]], %[[OV]], %[[OI2]], %[[Y2]]) {body = @n_inner_body, onnx.num_captures = 2 : i64}
// CHECK-NEXT:    %[[IF:.*]] = "onnx.If"(%[[OC]]) ({
// CHECK-NEXT:      "onnx.Yield"(%[[IN]])
// CHECK-NEXT:    }, {
// CHECK-NEXT:      "onnx.Yield"(%[[OV]])
// CHECK-NEXT:    })
// CHECK-NEXT:    return %[[OC]], %[[IF]]
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @n(%v: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    %trip = "onnx.Constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %r = "onnx.Loop"(%trip, %none, %v) ({
    ^bb0(%i: tensor<i64>, %c: tensor<i1>, %ov: tensor<2xf32>):
      %in = "onnx.Loop"(%trip, %none, %ov) ({
      ^bb0(%j: tensor<i64>, %d: tensor<i1>, %iv: tensor<2xf32>):
        %i2 = "onnx.Identity"(%i) : (tensor<i64>) -> tensor<i64>
        %m = "onnx.Mul"(%iv, %y) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
        "onnx.Yield"(%d, %m) : (tensor<i1>, tensor<2xf32>) -> ()
      }) {onnx.region_names = ["body"]} : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32> loc("inner")
      %f = "onnx.If"(%c) ({
        "onnx.Yield"(%in) : (tensor<2xf32>) -> ()
      }, {
        "onnx.Yield"(%ov) : (tensor<2xf32>) -> ()
      }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<2xf32>
      "onnx.Yield"(%c, %f) : (tensor<i1>, tensor<2xf32>) -> ()
    }) {onnx.region_names = ["body"]} : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32> loc("outer")
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}

// -----

// A body whose inputs do not match the Loop's operands is refused, with the node and the reason.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @bad(%v: tensor<2xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error@unknown {{'onnx.Loop' op node 'wrong' cannot be outlined: subgraph 'body' has 2 inputs; expected 3 (iteration_num, cond and 1 loop-carried values)}}
    %r = "onnx.Loop"(%none, %none, %v) ({
    ^bb0(%i: tensor<i64>, %c: tensor<i1>):
      "onnx.Yield"(%c, %v) : (tensor<i1>, tensor<2xf32>) -> ()
    }) {onnx.region_names = ["body"]} : (none, none, tensor<2xf32>) -> tensor<2xf32> loc("wrong")
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}

// -----

// A body with a second block is refused; an unnamed node is reported at its position.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @blocks(%v: tensor<2xf32>) -> tensor<2xf32> {
    %none = "onnx.NoValue"() : () -> none
    // expected-error@+1 {{'onnx.Loop' op unnamed node cannot be outlined: subgraph 'body' has 2 blocks; exactly one is supported}}
    %r = "onnx.Loop"(%none, %none, %v) ({
    ^bb0(%i: tensor<i64>, %c: tensor<i1>, %a: tensor<2xf32>):
      "onnx.Yield"(%c, %a) : (tensor<i1>, tensor<2xf32>) -> ()
    ^bb1:
      "onnx.Yield"(%c, %a) : (tensor<i1>, tensor<2xf32>) -> ()
    }) {onnx.region_names = ["body"]} : (none, none, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}
