// RUN: hip-mlir-opt %s --split-input-file --hip-infer-loop-body-shapes --verify-diagnostics | FileCheck %s

// If branches: the arguments take the captures' types (an unranked capture argument becomes
// ranked, a ? becomes static); the results take the op's result types, a less precise returned
// value going through a tensor.cast. The else branch's result, already static, stays.
// CHECK-LABEL: func.func private @f_i_then
// CHECK-SAME:    (%[[A:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[N:.*]] = "onnx.Neg"(%[[A]]) : (tensor<2x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[N]] : tensor<?x3xf32> to tensor<2x3xf32>
// CHECK-NEXT:    return %[[C]] : tensor<2x3xf32>
// CHECK-LABEL: func.func private @f_i_else
// CHECK-SAME:    (%{{.*}}: tensor<2x3xf32>) -> tensor<2x3xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @f(%c: tensor<i1>, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %r = "onnx.OutlinedIf"(%c, %x) {then_branch = @f_i_then, else_branch = @f_i_else, onnx.num_captures = 1 : i64} : (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "onnx.Return"(%r) : (tensor<2x3xf32>) -> ()
  }
  func.func private @f_i_then(%a: tensor<*xf32>) -> tensor<?x3xf32> {
    %n = "onnx.Neg"(%a) : (tensor<*xf32>) -> tensor<?x3xf32>
    return %n : tensor<?x3xf32>
  }
  func.func private @f_i_else(%a: tensor<?x3xf32>) -> tensor<2x3xf32> {
    %n = "onnx.Abs"(%a) : (tensor<?x3xf32>) -> tensor<2x3xf32>
    return %n : tensor<2x3xf32>
  }
}

// -----

// Loop body: a carried argument joins the initial value and what the body returns for it, so a
// carried value that grows stays ? while one passed through is static; a capture takes the op's
// type; the scan output's result takes the op's scan result without the leading dimension;
// iteration_num and cond keep theirs. The refined carried argument returned as is makes the
// carried result static too (fixpoint).
// CHECK-LABEL: func.func private @g_l_body
// CHECK-SAME:    (%{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %[[G:.*]]: tensor<?xf32>, %[[P:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>) -> (tensor<i1>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK:         %[[S:.*]] = tensor.cast %{{.*}} : tensor<*xf32> to tensor<4xf32>
// CHECK-NEXT:    return %{{.*}}, %{{.*}}, %[[P]], %[[S]] : tensor<i1>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @g(%g0: tensor<1xf32>, %p0: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>, tensor<3x4xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %trip = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %r:3 = "onnx.OutlinedLoop"(%trip, %none, %g0, %p0, %y) {body = @g_l_body, onnx.num_captures = 1 : i64} : (tensor<i64>, none, tensor<1xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>, tensor<3x4xf32>)
    "onnx.Return"(%r#0, %r#1, %r#2) : (tensor<?xf32>, tensor<4xf32>, tensor<3x4xf32>) -> ()
  }
  func.func private @g_l_body(%i: tensor<i64>, %c: tensor<i1>, %g: tensor<?xf32>, %p: tensor<*xf32>, %yy: tensor<*xf32>) -> (tensor<i1>, tensor<?xf32>, tensor<*xf32>, tensor<*xf32>) {
    %one = "onnx.Constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
    %g2 = "onnx.Concat"(%g, %one) {axis = 0 : si64} : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
    %s = "onnx.Add"(%p, %yy) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    return %c, %g2, %p, %s : tensor<i1>, tensor<?xf32>, tensor<*xf32>, tensor<*xf32>
  }
}

// -----

// A capture whose static size contradicts the argument's is an error naming the function.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @h(%c: tensor<i1>, %x: tensor<3xf32>) -> tensor<2xf32> {
    %r = "onnx.OutlinedIf"(%c, %x) {then_branch = @h_t, else_branch = @h_t, onnx.num_captures = 1 : i64} : (tensor<i1>, tensor<3xf32>) -> tensor<2xf32>
    "onnx.Return"(%r) : (tensor<2xf32>) -> ()
  }
  // expected-error@+1 {{'@h_t' argument #0 is declared tensor<2xf32> but its callers pass tensor<3xf32>}}
  func.func private @h_t(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
}

// -----

// A function some other op calls is not an outlined body: left alone.
// CHECK-LABEL: func.func private @k_t
// CHECK-SAME:    (%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @k(%c: tensor<i1>, %x: tensor<3xf32>) -> tensor<3xf32> {
    %r = "onnx.OutlinedIf"(%c, %x) {then_branch = @k_t, else_branch = @k_t, onnx.num_captures = 1 : i64} : (tensor<i1>, tensor<3xf32>) -> tensor<3xf32>
    %xd = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
    %d = func.call @k_t(%xd) : (tensor<?xf32>) -> tensor<?xf32>
    "onnx.Return"(%r) : (tensor<3xf32>) -> ()
  }
  func.func private @k_t(%a: tensor<?xf32>) -> tensor<?xf32> {
    return %a : tensor<?xf32>
  }
}

// -----

// After hip-add-context-arg the context leads on both sides and is passed over: the capture
// reaches the capture argument; the carried one joins the initial 5 with the ? the body returns.
// CHECK-LABEL: func.func private @m_l_body
// CHECK-SAME:    (%{{.*}}: !hip.context, %{{.*}}: tensor<i64>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<?xf32>, %{{.*}}: tensor<5xf32>) -> (tensor<i1>, tensor<?xf32>)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @m(%ctx: !hip.context, %v0: tensor<5xf32>, %y: tensor<5xf32>) -> tensor<5xf32> {
    %none = "onnx.NoValue"() : () -> none
    %trip = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %r = "onnx.OutlinedLoop"(%ctx, %trip, %none, %v0, %y) {body = @m_l_body, onnx.num_captures = 1 : i64} : (!hip.context, tensor<i64>, none, tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    "onnx.Return"(%r) : (tensor<5xf32>) -> ()
  }
  func.func private @m_l_body(%ctx: !hip.context, %i: tensor<i64>, %c: tensor<i1>, %v: tensor<?xf32>, %yy: tensor<?xf32>) -> (tensor<i1>, tensor<?xf32>) {
    %s = "onnx.Add"(%v, %yy) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    return %c, %s : tensor<i1>, tensor<?xf32>
  }
}
