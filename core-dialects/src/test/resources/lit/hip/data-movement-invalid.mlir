// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<2x3xf32>, %i: tensor<3x2xf32>) {
  // expected-error@+1 {{'hip.transpose' op 'perm' [0, 0] is not a permutation of [0, 2)}}
  %0 = hip.transpose %x, %i {perm = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %i: tensor<5x5xf32>) {
  // expected-error@+1 {{'hip.reshape' op cannot reshape [2, 3, 4] to [5, 5]: the element counts differ (24 vs 25)}}
  %0 = hip.reshape %x, %i {shape = array<i64: 5, 5>} : (tensor<2x3x4xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %i: tensor<2x12xf32>) {
  // expected-error@+1 {{'hip.reshape' op 'shape' [-1, -1] has more than one -1}}
  %0 = hip.reshape %x, %i {shape = array<i64: -1, -1>} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<?xi64>, %i: tensor<?x?xf32>) {
  // expected-error@+1 {{'hip.reshape' op the 'shape' operand tensor<?xi64> must have a static length (the result rank)}}
  %0 = hip.reshape %x, %s, %i : (tensor<2x3x4xf32>, tensor<?xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %i: tensor<2x13xf32>) {
  // expected-error@+1 {{'hip.reshape' op result #0 has type tensor<2x13xf32>, incompatible with the inferred type tensor<2x12xf32>}}
  %0 = hip.reshape %x, %i {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>, tensor<2x13xf32>) -> tensor<2x13xf32>
  return
}

// -----

func.func @f(%x: tensor<3x2xf32>, %i: tensor<3x4xf32>) {
  // expected-error@+1 {{'hip.expand' op shapes [3, 2] and [3, 4] are not broadcast-compatible}}
  %0 = hip.expand %x, %i {shape = array<i64: 3, 4>} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x2xf32>, %b: tensor<3x3xf32>, %i: tensor<5x2xf32>) {
  // expected-error@+1 {{'hip.concat' op shapes [2, 2] and [3, 3] differ outside the concatenation axis 0}}
  %0 = hip.concat %a, %b, %i {axis = 0 : i64} : (tensor<2x2xf32>, tensor<3x3xf32>, tensor<5x2xf32>) -> tensor<5x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x2xf32>, %i: tensor<4x2xf32>) {
  // expected-error@+1 {{'hip.concat' op axis 2 is out of range for rank 2 (expected [-2, 2))}}
  %0 = hip.concat %a, %a, %i {axis = 2 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @f(%x: tensor<6xf32>, %a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'hip.split' op 'split' [2, 3] adds up to 5, not dimension 0 of [6]}}
  %0:2 = hip.split %x, %a, %b {split = array<i64: 2, 3>} : (tensor<6xf32>, tensor<2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %i: tensor<1x4xf32>) {
  // expected-error@+1 {{'hip.slice' op 'steps' must not be 0, got [0]}}
  %0 = hip.slice %x, %i {starts = array<i64: 1>, ends = array<i64: 2>, steps = array<i64: 0>} : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %i: tensor<1x4xf32>) {
  // expected-error@+1 {{'hip.slice' op axis -2 is repeated in the axes [0, -2]}}
  %0 = hip.slice %x, %i {starts = array<i64: 1, 1>, ends = array<i64: 2, 2>, axes = array<i64: 0, -2>} : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<2x4xf32>) {
  // expected-error@+1 {{'hip.pad' op 'pads' [1, 1] must have 2 * rank values for [2, 2]}}
  %0 = hip.pad %x, %i {pads = array<i64: 1, 1>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<2x4xf32>) {
  // expected-error@+1 {{'hip.pad' op 'value' must be a f32 attribute, the data's element type}}
  %0 = hip.pad %x, %i {pads = array<i64: 0, 1, 0, 1>, value = 1 : i32} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<2x4xf32>) {
  // expected-error@+1 {{'hip.pad' op 'mode' must be one of "constant", "reflect", "edge", "wrap"}}
  %0 = hip.pad %x, %i {pads = array<i64: 0, 1, 0, 1>, mode = "mirror"} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x2xf32>, %i: tensor<4xf32>) {
  // expected-error@+1 {{'hip.tile' op 'repeats' must have one value per dimension of [2, 2], got [2]}}
  %0 = hip.tile %x, %i {repeats = array<i64: 2>} : (tensor<2x2xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'hip.squeeze' op cannot squeeze dimension 0 of [2, 3]: it is not 1}}
  %0 = hip.squeeze %x, %i {axes = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2x3x1xf32>) {
  // expected-error@+1 {{'hip.unsqueeze' op axis 3 is out of range for rank 3 (expected [-3, 3))}}
  %0 = hip.unsqueeze %x, %i {axes = array<i64: 3>} : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<6x1xf32>) {
  // expected-error@+1 {{'hip.flatten' op axis 3 is out of range for rank 2 (expected [-2, 2])}}
  %0 = hip.flatten %x, %i {axis = 3 : i64} : (tensor<2x3xf32>, tensor<6x1xf32>) -> tensor<6x1xf32>
  return
}

// -----

func.func @f(%x: tensor<6xf32>, %a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.split' op expects 1 inputs (and up to 1 parameter operands) and at least 1 results, each result with one destination operand, got 2 operands and 2 results}}
  %0:2 = hip.split %x, %a : (tensor<6xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @f(%x: tensor<?x4xf32>, %a: tensor<?x2xf32>, %b: tensor<?x3xf32>) {
  // expected-error@+1 {{'hip.split' op result #1 has type tensor<?x3xf32>, incompatible with the inferred type tensor<?x2xf32>}}
  %0:2 = hip.split %x, %a, %b {axis = 1 : i64} : (tensor<?x4xf32>, tensor<?x2xf32>, tensor<?x3xf32>) -> (tensor<?x2xf32>, tensor<?x3xf32>)
  return
}

// -----

func.func @f(%x: tensor<?x3xf32>, %i: tensor<?xf32>) {
  // expected-error@+1 {{'hip.squeeze' op cannot squeeze [?, 3] without 'axes': dimension 0 is dynamic}}
  %0 = hip.squeeze %x, %i : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
