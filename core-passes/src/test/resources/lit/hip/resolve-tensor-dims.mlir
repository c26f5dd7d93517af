// RUN: hip-mlir-opt %s --split-input-file --hip-resolve-tensor-dims | FileCheck %s

// A dim of a result travels back through the ops to the argument it equals: the transpose's
// dim 1 is its input's dim 0 (perm), which is the neg's; the neg result's dim 0 is its input's.
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>)
// CHECK:         hip.transpose
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-NEXT:    return %[[D]]
func.func @chain(%x: tensor<?x3xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %x, %c0 : tensor<?x3xf32>
  %e = tensor.empty(%d) : tensor<?x3xf32>
  %a = hip.neg %x, %e : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %e2 = tensor.empty(%d) : tensor<3x?xf32>
  %t = hip.transpose %a, %e2 {perm = array<i64: 1, 0>} : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  %r = tensor.dim %t, %c1 : tensor<3x?xf32>
  return %r : index
}

// -----

// A static dimension folds to a constant; a dim the op's shape rule does not trace (slice) goes
// to the destination, a tensor.empty, whose size operand it is.
// CHECK-LABEL: func.func @static_and_destination
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>, %[[N:.*]]: index)
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         return %[[C3]], %[[N]] : index, index
func.func @static_and_destination(%x: tensor<?x3xf32>, %n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %s = hip.slice %x, %e {starts = array<i64: 1>, ends = array<i64: 100>, axes = array<i64: 0>} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %a = tensor.dim %s, %c1 : tensor<?x3xf32>
  %b = tensor.dim %s, %c0 : tensor<?x3xf32>
  return %a, %b : index, index
}

// -----

// What the pass does not know stays: a dim of an argument, a non-constant index, a destination
// that is an argument.
// CHECK-LABEL: func.func @unknown
// CHECK:         tensor.dim %arg0, %arg2
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %arg1, %[[C0]]
// CHECK-NEXT:    return %{{.*}}, %[[D]]
func.func @unknown(%x: tensor<?x3xf32>, %o: tensor<?x3xf32>, %i: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %s = hip.slice %x, %o {starts = array<i64: 1>, ends = array<i64: 100>, axes = array<i64: 0>} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %a = tensor.dim %x, %i : tensor<?x3xf32>
  %b = tensor.dim %s, %c0 : tensor<?x3xf32>
  return %a, %b : index, index
}
