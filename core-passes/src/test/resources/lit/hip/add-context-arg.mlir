// RUN: hip-mlir-opt %s --split-input-file --hip-add-context-arg --verify-diagnostics | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --hip-add-context-arg --hip-add-context-arg --verify-diagnostics | FileCheck %s

// The public entry function and the outlined bodies it names (through onnx.OutlinedLoop's body
// and onnx.OutlinedIf's branches) get !hip.context as argument 0; each naming op passes the
// caller's context as operand 0. Argument attributes shift by one. A second run changes nothing.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[CTX:.*]]: !hip.context, %[[X:.*]]: tensor<2xf32> {onnx.name = "x"}, %[[C:.*]]: tensor<i1> {onnx.name = "c"})
// CHECK:         "onnx.OutlinedLoop"(%[[CTX]], %{{.*}}, %{{.*}}, %[[X]]) {body = @main_graph_l_body
// CHECK:         "onnx.OutlinedIf"(%[[CTX]], %[[C]], %[[X]]) {else_branch = @main_graph_i_else
// CHECK:       func.func private @main_graph_l_body(%[[BC:.*]]: !hip.context, %{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<2xf32>)
// CHECK:         call @helper(%[[BC]], %{{.*}}) : (!hip.context, tensor<2xf32>) -> tensor<2xf32>
// CHECK:       func.func private @main_graph_i_then(%{{.*}}: !hip.context, %{{.*}}: tensor<2xf32>)
// CHECK:       func.func private @main_graph_i_else(%{{.*}}: !hip.context, %{{.*}}: tensor<2xf32>)
// CHECK:       func.func private @helper(%{{.*}}: !hip.context, %{{.*}}: tensor<2xf32>)
// An unreferenced private function and an external declaration are not on the device path.
// CHECK:       func.func private @unused(%{{.*}}: tensor<2xf32>)
// CHECK:       func.func private @extern(tensor<2xf32>)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<2xf32> {onnx.name = "x"}, %c: tensor<i1> {onnx.name = "c"}) -> (tensor<2xf32>, tensor<2xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %trip = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %r = "onnx.OutlinedLoop"(%trip, %none, %x) {body = @main_graph_l_body, onnx.num_captures = 0 : i64} : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32>
    %s = "onnx.OutlinedIf"(%c, %x) {then_branch = @main_graph_i_then, else_branch = @main_graph_i_else, onnx.num_captures = 1 : i64} : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
    %e = func.call @extern(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Return"(%r, %s) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }
  func.func private @main_graph_l_body(%i: tensor<i64>, %cond: tensor<i1>, %v: tensor<2xf32>) -> (tensor<i1>, tensor<2xf32>) {
    %h = func.call @helper(%v) : (tensor<2xf32>) -> tensor<2xf32>
    return %cond, %h : tensor<i1>, tensor<2xf32>
  }
  func.func private @main_graph_i_then(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func private @main_graph_i_else(%a: tensor<2xf32>) -> tensor<2xf32> {
    %n = "onnx.Neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    return %n : tensor<2xf32>
  }
  func.func private @helper(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func private @unused(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func private @extern(tensor<2xf32>) -> tensor<2xf32>
}

// -----

// A function that already starts with a context is left alone, and so is its call site.
// CHECK-LABEL: func.func @done
// CHECK-SAME:    (%[[D:.*]]: !hip.context, %{{.*}}: tensor<2xf32>)
// CHECK:         call @done_body(%[[D]], %{{.*}}) : (!hip.context, tensor<2xf32>) -> tensor<2xf32>
// CHECK:       func.func private @done_body(%{{.*}}: !hip.context, %{{.*}}: tensor<2xf32>)
func.func @done(%ctx: !hip.context, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = func.call @done_body(%ctx, %x) : (!hip.context, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @done_body(%ctx: !hip.context, %x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// A function off the device path that calls a device function has no context to pass.
func.func @main_graph(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func private @orphan(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'func.call' op names @main_graph, which takes a !hip.context, from outside the device path (no context to pass)}}
  %r = func.call @main_graph(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
