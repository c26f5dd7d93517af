// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x6x6xf32>) {
  // expected-error@+1 {{'hip.conv' op X has 4 channels but W [16, 3, 3, 3] with group 1 expects 3}}
  %0 = hip.conv %x, %w, %i : (tensor<1x4x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x6x6xf32>) {
  // expected-error@+1 {{'hip.conv' op 'kernel_shape' [5, 5] does not match the weights' spatial dimensions [3, 3]}}
  %0 = hip.conv %x, %w, %i {kernel_shape = array<i64: 5, 5>} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x6x6xf32>) {
  // expected-error@+1 {{'hip.conv' op 'pads' must have 4 values, got 2}}
  %0 = hip.conv %x, %w, %i {pads = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x8x8xf32>) {
  // expected-error@+1 {{'hip.conv' op 'pads' cannot be used with 'auto_pad' SAME_UPPER}}
  %0 = hip.conv %x, %w, %i {auto_pad = "SAME_UPPER", pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x6x6xf32>) {
  // expected-error@+1 {{'hip.conv' op 'strides' values must be >= 1, got [0, 1]}}
  %0 = hip.conv %x, %w, %i {strides = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<8xf32>, %i: tensor<1x16x6x6xf32>) {
  // expected-error@+1 {{'hip.conv' op bias [8] must be [16], the output channels}}
  %0 = hip.conv %x, %w, %b, %i : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<8xf32>, tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x8x8xf32>) {
  // expected-error@+1 {{'hip.conv' op result #0 has type tensor<1x16x8x8xf32>, incompatible with the inferred type tensor<1x16x6x6xf32>}}
  %0 = hip.conv %x, %w, %i : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x2x2xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x1x1xf32>) {
  // expected-error@+1 {{'hip.conv' op the window (kernel 3, dilation 1) is larger than the padded input dimension 2}}
  %0 = hip.conv %x, %w, %i : (tensor<1x3x2x2xf32>, tensor<16x3x3x3xf32>, tensor<1x16x1x1xf32>) -> tensor<1x16x1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<3x8xf32>, %w: tensor<16x3xf32>, %i: tensor<3x16xf32>) {
  // expected-error@+1 {{'hip.conv' op X must have rank >= 3 ([N, C, D1, ...]), got tensor<3x8xf32>}}
  %0 = hip.conv %x, %w, %i : (tensor<3x8xf32>, tensor<16x3xf32>, tensor<3x16xf32>) -> tensor<3x16xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xi32>, %w: tensor<16x3x3x3xi32>, %i: tensor<1x16x6x6xi32>) {
  // expected-error@+1 {{'hip.conv' op X must have a floating-point element type, got tensor<1x3x8x8xi32>}}
  %0 = hip.conv %x, %w, %i : (tensor<1x3x8x8xi32>, tensor<16x3x3x3xi32>, tensor<1x16x6x6xi32>) -> tensor<1x16x6x6xi32>
  return
}

// -----

func.func @f(%x: tensor<1x16x14x14xf32>, %w: tensor<16x8x4x4xf32>, %i: tensor<1x8x28x28xf32>) {
  // expected-error@+1 {{'hip.conv_transpose' op 'output_padding' [2, 2] must be smaller than the stride or the dilation}}
  %0 = hip.conv_transpose %x, %w, %i {strides = array<i64: 2, 2>, output_padding = array<i64: 2, 2>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>, tensor<1x8x28x28xf32>) -> tensor<1x8x28x28xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %i: tensor<1x3x4x4xf32>) {
  // expected-error@+1 {{'hip.max_pool' op 'kernel_shape' is required}}
  %0 = hip.max_pool %x, %i : (tensor<1x3x8x8xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %i: tensor<1x3x4x4xf32>) {
  // expected-error@+1 {{'hip.avg_pool' op 'auto_pad' must be "NOTSET", "VALID", "SAME_UPPER" or "SAME_LOWER"}}
  %0 = hip.avg_pool %x, %i {kernel_shape = array<i64: 2, 2>, auto_pad = "SAME"} : (tensor<1x3x8x8xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %i: tensor<1x3x4x4xf32>) {
  // expected-error@+1 {{'hip.max_pool' op result #1 has type tensor<1x3x4x4xf32>, incompatible with the inferred type tensor<1x3x4x4xi64>}}
  %0:2 = hip.max_pool %x, %i, %i {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>)
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %i: tensor<1x3x1xf32>) {
  // expected-error@+1 {{'hip.global_avg_pool' op result #0 has type tensor<1x3x1xf32>, incompatible with the inferred type tensor<1x3x1x1xf32>}}
  %0 = hip.global_avg_pool %x, %i : (tensor<1x3x8x8xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  return
}

// -----

// The plain ceiling count (2) is wrong here: the second window would start in the end padding.
func.func @f(%x: tensor<1x3x2x2xf32>, %i: tensor<1x3x2x2xf32>) {
  // expected-error@+1 {{'hip.avg_pool' op result #0 has type tensor<1x3x2x2xf32>, incompatible with the inferred type tensor<1x3x1x1xf32>}}
  %0 = hip.avg_pool %x, %i {kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true} : (tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<16x3x3x3xf32>, %i: tensor<1x16x6x6xf32>) {
  // expected-error@+1 {{'hip.conv' op 'clamp_min' must be a float attribute}}
  %0 = hip.conv %x, %w, %i {clamp_min = 0 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x6x6xf32>) -> tensor<1x16x6x6xf32>
  return
}
