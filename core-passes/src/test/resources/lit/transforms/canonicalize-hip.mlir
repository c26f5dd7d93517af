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

// -----

// Conv activation fusion (issue #9): max(conv, 0) (ONNX Relu) and then min(., 6) (Relu6 / Clip)
// fold into the single-use conv as clamp_min / clamp_max, written into the outer destination;
// the constant may be on either side (but for a zero before the conv: max(0, -0) is -0, see
// lit/hip/infer-shapes-epilogue-fusion.mlir) and of any rank up to the conv's with all dimensions 1.
// CHECK-LABEL: func.func @conv_relu6
// CHECK-SAME:    (%[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>, %[[W:[a-z0-9]+]]: tensor<3x2x3x3xf32>, %[[B:[a-z0-9]+]]: tensor<3xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x3x2x2xf32>
// CHECK-NEXT:    %[[C:.*]] = hip.conv %[[X]], %[[W]], %[[B]], %[[E]] {clamp_max = 6.000000e+00 : f64, clamp_min = 0.000000e+00 : f64, pads = array<i64: 0, 0, 0, 0>}
// CHECK-NOT:     hip.max
// CHECK-NOT:     hip.min
// CHECK:         return %[[C]]
func.func @conv_relu6(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %zero = arith.constant dense<0.0> : tensor<f32>
  %six = arith.constant dense<6.0> : tensor<1x1x1xf32>
  %e0 = tensor.empty() : tensor<1x3x2x2xf32>
  %c = hip.conv %x, %w, %b, %e0 {pads = array<i64: 0, 0, 0, 0>} : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %e1 = tensor.empty() : tensor<1x3x2x2xf32>
  %r = hip.max %c, %zero, %e1 : (tensor<1x3x2x2xf32>, tensor<f32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %e2 = tensor.empty() : tensor<1x3x2x2xf32>
  %s = hip.min %six, %r, %e2 : (tensor<1x1x1xf32>, tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %s : tensor<1x3x2x2xf32>
}

// -----

// Two clamps of the same kind combine (the tighter bound wins); a max after a min is not a
// clamp (min(max(y, lo), hi) cannot express it) and stays.
// CHECK-LABEL: func.func @conv_bounds
// CHECK:         %[[C:.*]] = hip.conv {{.*}}{clamp_max = 2.000000e+00 : f64}
// CHECK-NEXT:    %[[E:.*]] = tensor.empty()
// CHECK-NEXT:    %[[M:.*]] = hip.max %[[C]], {{.*}}, %[[E]]
// CHECK-NEXT:    return %[[M]]
func.func @conv_bounds(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32> {
  %two = arith.constant dense<2.0> : tensor<f32>
  %five = arith.constant dense<5.0> : tensor<f32>
  %one = arith.constant dense<1.0> : tensor<f32>
  %e0 = tensor.empty() : tensor<1x1x3x3xf32>
  %c = hip.conv %x, %w, %e0 : (tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %e1 = tensor.empty() : tensor<1x1x3x3xf32>
  %a = hip.min %c, %five, %e1 : (tensor<1x1x3x3xf32>, tensor<f32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %e2 = tensor.empty() : tensor<1x1x3x3xf32>
  %b = hip.min %two, %a, %e2 : (tensor<f32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  %e3 = tensor.empty() : tensor<1x1x3x3xf32>
  %m = hip.max %b, %one, %e3 : (tensor<1x1x3x3xf32>, tensor<f32>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
  return %m : tensor<1x1x3x3xf32>
}

// -----

// Not fused: a conv result with a second use (the unclamped value is still read), a maximum
// with a non-zero-rank constant that is not all ones (a per-channel bound), a constant whose
// broadcast grows the result, a maximum with a non-constant, and a NaN bound.
// CHECK-LABEL: func.func @conv_not_fused
// CHECK:         hip.conv
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK:         hip.conv
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK:         hip.conv
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK:         hip.conv
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK:         hip.conv
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK-NEXT:    return
func.func @conv_not_fused(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x1x1xf32>, %v: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %zero = arith.constant dense<0.0> : tensor<f32>
  %chan = arith.constant dense<0.0> : tensor<2x1x1xf32>
  %big = arith.constant dense<0.0> : tensor<1x1x1x1x1xf32>
  %nan = arith.constant dense<0x7FC00000> : tensor<f32>
  %e0 = tensor.empty() : tensor<1x2x3x3xf32>
  %c0 = hip.conv %x, %w, %e0 : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e1 = tensor.empty() : tensor<1x2x3x3xf32>
  %r0 = hip.max %c0, %zero, %e1 : (tensor<1x2x3x3xf32>, tensor<f32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x3xf32>
  %c1 = hip.conv %x, %w, %e2 : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e3 = tensor.empty() : tensor<1x2x3x3xf32>
  %r1 = hip.max %c1, %chan, %e3 : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e4 = tensor.empty() : tensor<1x2x3x3xf32>
  %c2 = hip.conv %x, %w, %e4 : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e5 = tensor.empty() : tensor<1x1x2x3x3xf32>
  %r2 = hip.max %c2, %big, %e5 : (tensor<1x2x3x3xf32>, tensor<1x1x1x1x1xf32>, tensor<1x1x2x3x3xf32>) -> tensor<1x1x2x3x3xf32>
  %e6 = tensor.empty() : tensor<1x2x3x3xf32>
  %c3 = hip.conv %x, %w, %e6 : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e7 = tensor.empty() : tensor<1x2x3x3xf32>
  %r3 = hip.max %c3, %v, %e7 : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e8 = tensor.empty() : tensor<1x2x3x3xf32>
  %c4 = hip.conv %x, %w, %e8 : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e9 = tensor.empty() : tensor<1x2x3x3xf32>
  %r4 = hip.max %c4, %nan, %e9 : (tensor<1x2x3x3xf32>, tensor<f32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %c0, %r0, %r1, %r2, %r3, %r4 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}
