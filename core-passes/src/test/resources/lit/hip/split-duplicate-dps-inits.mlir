// RUN: hip-mlir-opt %s --split-input-file --hip-split-duplicate-dps-inits | FileCheck %s

// One tensor.empty serving two ops: the second gets its own clone (same size operands), built
// right before it; the first keeps the original.
// CHECK-LABEL: func.func @two_ops
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    %[[A:.*]] = hip.neg %[[X]], %[[E]]
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    %[[B:.*]] = hip.abs %[[A]], %[[E2]]
// CHECK-NEXT:    %[[E3:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    hip.exp %[[B]], %[[E3]]
func.func @two_ops(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x3xf32>
  %e = tensor.empty(%d) : tensor<?x3xf32>
  %a = hip.neg %x, %e : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %b = hip.abs %a, %e : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %c = hip.exp %b, %e : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %c : tensor<?x3xf32>
}

// -----

// Two results of one op on one destination: the second destination is split off.
// CHECK-LABEL: func.func @one_op
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT:    hip.split %{{.*}}, %[[E]], %[[E2]] {split = array<i64: 3, 3>}
func.func @one_op(%x: tensor<6xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %r:2 = hip.split %x, %e, %e {split = array<i64: 3, 3>} : (tensor<6xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A destination that is not a tensor.empty (here an argument) is not copied: the later user
// gets a new tensor.empty sized from it.
// CHECK-LABEL: func.func @argument
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: tensor<?x3xf32>, %[[O:[a-z0-9]+]]: tensor<?x3xf32>
// CHECK:         hip.neg %[[X]], %[[O]]
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %[[O]], %[[C0]]
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    hip.abs %[[X]], %[[E]]
// A destination used once, and a shared value that is only an input, stay.
// CHECK-NEXT:    hip.add %[[X]], %[[X]], %{{.*}}
func.func @argument(%x: tensor<?x3xf32>, %o: tensor<?x3xf32>, %p: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %a = hip.neg %x, %o : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %b = hip.abs %x, %o : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %c = hip.add %x, %x, %p : (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %a, %b, %c : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}
