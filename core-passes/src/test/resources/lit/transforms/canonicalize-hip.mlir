// RUN: hip-mlir-opt %s --split-input-file --canonicalize | FileCheck %s

// Identities: a cast to the input's type, a transpose by the identity permutation, a reshape
// onto the input's static type, and one with a single ? (the element count fixes it) go; their
// destinations die with them.
// CHECK-LABEL: func.func @identities
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[D:[a-z0-9]+]]: tensor<?x3xf32>,
// CHECK-NEXT:    return %[[X]], %[[X]], %[[X]], %[[D]]
func.func @identities(%x: tensor<2x3xf32>, %d: tensor<?x3xf32>, %n: index) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x3xf32>) {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %c = hip.cast %x, %e0 {to = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %t = hip.transpose %x, %e1 {perm = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %r = hip.reshape %x, %e2 {shape = array<i64: 2, 3>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e3 = tensor.empty(%n) : tensor<?x3xf32>
  %q = hip.reshape %d, %e3 {shape = array<i64: -1, 3>} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %c, %t, %r, %q : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x3xf32>
}

// -----

// Not identities: a cast that changes the element type, a transpose that moves a dimension of
// a square input, a reshape onto a type with two ?s (they may be exchanged).
// CHECK-LABEL: func.func @kept
// CHECK:         hip.cast
// CHECK:         hip.transpose
// CHECK:         hip.reshape
func.func @kept(%x: tensor<2x2xf32>, %y: tensor<?x?xf32>, %a: index, %b: index) -> (tensor<2x2xf16>, tensor<2x2xf32>, tensor<?x?xf32>) {
  %e0 = tensor.empty() : tensor<2x2xf16>
  %c = hip.cast %x, %e0 {to = f16} : (tensor<2x2xf32>, tensor<2x2xf16>) -> tensor<2x2xf16>
  %e1 = tensor.empty() : tensor<2x2xf32>
  %t = hip.transpose %x, %e1 {perm = array<i64: 1, 0>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %e2 = tensor.empty(%a, %b) : tensor<?x?xf32>
  %r = hip.reshape %y, %e2 {shape = array<i64: -1, 0>} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %c, %t, %r : tensor<2x2xf16>, tensor<2x2xf32>, tensor<?x?xf32>
}

// -----

// transpose(transpose(x, p), q) is one transpose by p∘q into the outer destination; when the
// composition is the identity, nothing is left.
// CHECK-LABEL: func.func @transposes
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: tensor<2x3x4xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK-NEXT:    %[[T:.*]] = hip.transpose %[[X]], %[[E]] {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    return %[[T]], %[[X]]
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>) {
  %e0 = tensor.empty() : tensor<3x2x4xf32>
  %a = hip.transpose %x, %e0 {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>, tensor<3x2x4xf32>) -> tensor<3x2x4xf32>
  %e1 = tensor.empty() : tensor<4x2x3xf32>
  %b = hip.transpose %a, %e1 {perm = array<i64: 2, 1, 0>} : (tensor<3x2x4xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  %e2 = tensor.empty() : tensor<3x2x4xf32>
  %c = hip.transpose %x, %e2 {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>, tensor<3x2x4xf32>) -> tensor<3x2x4xf32>
  %e3 = tensor.empty() : tensor<2x3x4xf32>
  %d = hip.transpose %c, %e3 {perm = array<i64: 1, 0, 2>} : (tensor<3x2x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %b, %d : tensor<4x2x3xf32>, tensor<2x3x4xf32>
}

// -----

// reshape(reshape(x), s) is reshape(x, s) into the outer destination; an outer 0 (a copy of
// the inner result's dimension) keeps both.
// CHECK-LABEL: func.func @reshapes
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: tensor<2x3x4xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x6xf32>
// CHECK-NEXT:    %[[R:.*]] = hip.reshape %[[X]], %[[E]] {shape = array<i64: 4, -1>}
// CHECK:         %[[I:.*]] = hip.reshape %[[X]], %{{.*}} {shape = array<i64: 6, 4>}
// CHECK:         hip.reshape %[[I]], %{{.*}} {shape = array<i64: 0, 2, 2>}
func.func @reshapes(%x: tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<6x2x2xf32>) {
  %e0 = tensor.empty() : tensor<24xf32>
  %a = hip.reshape %x, %e0 {shape = array<i64: 24>} : (tensor<2x3x4xf32>, tensor<24xf32>) -> tensor<24xf32>
  %e1 = tensor.empty() : tensor<4x6xf32>
  %b = hip.reshape %a, %e1 {shape = array<i64: 4, -1>} : (tensor<24xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %e2 = tensor.empty() : tensor<6x4xf32>
  %c = hip.reshape %x, %e2 {shape = array<i64: 6, 4>} : (tensor<2x3x4xf32>, tensor<6x4xf32>) -> tensor<6x4xf32>
  %e3 = tensor.empty() : tensor<6x2x2xf32>
  %d = hip.reshape %c, %e3 {shape = array<i64: 0, 2, 2>} : (tensor<6x4xf32>, tensor<6x2x2xf32>) -> tensor<6x2x2xf32>
  return %b, %d : tensor<4x6xf32>, tensor<6x2x2xf32>
}
