// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: memref<2x3xf32>, %b: memref<4xf32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'hip.add' op in memref form: no split of the 3 operands into inputs and destinations fits the op's shape inference}}
  hip.add %a, %b, %o : (memref<2x3xf32>, memref<4xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @f(%a: memref<2x3xf32>, %b: tensor<3xf32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'hip.add' op in memref form expects ranked memref operands, operand #1 is tensor<3xf32>}}
  hip.add %a, %b, %o : (memref<2x3xf32>, tensor<3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @f(%a: memref<2x3xf32>, %o: memref<3x2xf32>) {
  // expected-error@+1 {{'hip.exp' op in memref form: no split of the 2 operands into inputs and destinations fits the op's shape inference}}
  hip.exp %a, %o : (memref<2x3xf32>, memref<3x2xf32>) -> ()
  return
}

// -----

// accumulate adds to the destination's values: a tensor-form conv has none.
func.func @f(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error@+1 {{'hip.conv' op 'accumulate' is only valid in the memref form}}
  %y = hip.conv %x, %w {accumulate = true, kernel_shape = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

// -----

// A bound slot names a buffer as kernels write and read it: a tensor-form conv has none.
func.func @f(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error@+1 {{'hip.conv' op 'x_bound_slot' is only valid in the memref form}}
  %y = hip.conv %x, %w {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>, x_bound_slot = 0 : i64} : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32>
  return %y : tensor<1x3x4x4xf32>
}

