// RUN: hip-mlir-opt %s --split-input-file --onnx-if-outline --verify-diagnostics | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --onnx-if-outline --symbol-dce --verify-diagnostics | FileCheck %s --check-prefix=DCE

// Both branches become private functions named after the function and the node; the values the
// branches use from outside (in order of first use, then branch first) become trailing operands
// of onnx.OutlinedIf and arguments of both callees; constants are copied into the callees.
// The callees are used through the OutlinedIf's symbol references: symbol-dce keeps them.
// DCE-LABEL: func.func @main_graph
// DCE: func.func private @main_graph_choose_then
// DCE: func.func private @main_graph_choose_else
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[COND:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>, %[[Y:.*]]: tensor<2xf32>)
// CHECK-NEXT:    %[[ONE:.*]] = "onnx.Constant"() {value = dense<1.000000e+00> : tensor<2xf32>}
// CHECK-NEXT:    %[[R:.*]] = "onnx.OutlinedIf"(%[[COND]], %[[X]], %[[Y]]) {else_branch = @main_graph_choose_else, onnx.num_captures = 2 : i64, then_branch = @main_graph_choose_then} : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Return"(%[[R]])
// CHECK:       func.func private @main_graph_choose_then(%[[TX:.*]]: tensor<2xf32>, %{{.*}}: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[TC:.*]] = "onnx.Constant"() {value = dense<1.000000e+00> : tensor<2xf32>}
// CHECK-NEXT:    %[[S:.*]] = "onnx.Add"(%[[TX]], %[[TC]])
// CHECK-NEXT:    return %[[S]] : tensor<2xf32>
// CHECK:       func.func private @main_graph_choose_else(%{{.*}}: tensor<2xf32>, %[[EY:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %[[EY]] : tensor<2xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%cond: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
    %one = "onnx.Constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
    %r = "onnx.If"(%cond) ({
      %s = "onnx.Add"(%x, %one) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      "onnx.Yield"(%s) : (tensor<2xf32>) -> ()
    }, {
      "onnx.Yield"(%y) : (tensor<2xf32>) -> ()
    }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<2xf32> loc("choose")
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}

// -----

// Nested Ifs are outlined innermost first; the inner If's captures become the outer branch's
// captures. A node without a name is named after its op and its position; a name that is not an
// identifier is sanitised, and a name already taken gets a numeric suffix.
// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %[[R:.*]] = "onnx.OutlinedIf"(%arg0, %arg0, %arg1) {else_branch = @f_outer_x_else, onnx.num_captures = 2 : i64, then_branch = @f_outer_x_then_0}
// CHECK:       func.func @f_outer_x_then()
// CHECK:       func.func private @f_if0_then(%{{.*}}: tensor<2xf32>) -> tensor<2xf32>
// CHECK:       func.func private @f_if0_else(%{{.*}}: tensor<2xf32>) -> tensor<2xf32>
// CHECK:       func.func private @f_outer_x_then_0(%[[C:.*]]: tensor<i1>, %[[X:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[I:.*]] = "onnx.OutlinedIf"(%[[C]], %[[X]]) {else_branch = @f_if0_else, onnx.num_captures = 1 : i64, then_branch = @f_if0_then}
// CHECK-NEXT:    return %[[I]]
// CHECK:       func.func private @f_outer_x_else(%{{.*}}: tensor<i1>, %[[X2:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %[[X2]]
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @f(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
    %r = "onnx.If"(%c) ({
      %i = "onnx.If"(%c) ({
        "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
      }, {
        %n = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
        "onnx.Yield"(%n) : (tensor<2xf32>) -> ()
      }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<2xf32>
      "onnx.Yield"(%i) : (tensor<2xf32>) -> ()
    }, {
      "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
    }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<2xf32> loc("outer/x")
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
  func.func @f_outer_x_then() {
    return
  }
}

// -----

// A branch yielding the wrong number of values is refused, with the node's name (its location,
// which has no position here) and the reason.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @g(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error@unknown {{'onnx.If' op node 'bad' cannot be outlined: subgraph 'else_branch' yields 0 values for 1 results}}
    %r = "onnx.If"(%c) ({
      "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
    }, {
      "onnx.Yield"() : () -> ()
    }) {onnx.region_names = ["then_branch", "else_branch"]} : (tensor<i1>) -> tensor<2xf32> loc("bad")
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}

// -----

// Scan keeps its region: the module is refused; an unnamed node is reported at its position.
module attributes {onnx.opset_import = {"" = 16 : i64}} {
  func.func @s(%x: tensor<3x2xf32>, %acc: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error@+1 {{'onnx.Scan' op unnamed node cannot be outlined: only the subgraphs of If and Loop are outlined, onnx.Scan keeps its region}}
    %r = "onnx.Scan"(%acc, %x) ({
    ^bb0(%a: tensor<2xf32>, %e: tensor<2xf32>):
      %s = "onnx.Add"(%a, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      "onnx.Yield"(%s) : (tensor<2xf32>) -> ()
    }) {num_scan_inputs = 1 : i64, onnx.region_names = ["body"]} : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<2xf32>
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
}
