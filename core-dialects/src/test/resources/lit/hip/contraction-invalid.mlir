// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<5x6xf32>, %i: tensor<2x3x6xf32>) {
  // expected-error@+1 {{'hip.matmul' op contracting dimensions of [2, 3, 4] and [5, 6] differ: 4 vs 5}}
  %0 = hip.matmul %a, %b, %i : (tensor<2x3x4xf32>, tensor<5x6xf32>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>, %i: tensor<2x3x5xf32>) {
  // expected-error@+1 {{'hip.matmul' op batch dimensions of [2, 3, 4] and [3, 4, 5] are not broadcast-compatible}}
  %0 = hip.matmul %a, %b, %i : (tensor<2x3x4xf32>, tensor<3x4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<4x5xf32>, %i: tensor<1x5xf32>) {
  // expected-error@+1 {{'hip.matmul' op result #0 has type tensor<1x5xf32>, incompatible with the inferred type tensor<5xf32>}}
  %0 = hip.matmul %a, %b, %i : (tensor<4xf32>, tensor<4x5xf32>, tensor<1x5xf32>) -> tensor<1x5xf32>
  return
}

// -----

func.func @f(%a: tensor<f32>, %b: tensor<4x5xf32>, %i: tensor<5xf32>) {
  // expected-error@+1 {{'hip.matmul' op matmul operands must have rank >= 1, got [] and [4, 5]}}
  %0 = hip.matmul %a, %b, %i : (tensor<f32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xi1>) {
  // expected-error@+1 {{'hip.matmul' op operand A must have an integer or floating-point element type (not i1), got tensor<4x4xi1>}}
  %0 = hip.matmul %a, %a, %a : (tensor<4x4xi1>, tensor<4x4xi1>, tensor<4x4xi1>) -> tensor<4x4xi1>
  return
}

// -----

func.func @f(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.gemm' op contracting dimensions of A [3, 4] and B [5, 4] differ: 4 vs 5}}
  %0 = hip.gemm %a, %b, %i : (tensor<3x4xf32>, tensor<5x4xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @f(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5x3xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.gemm' op C [5, 3] does not broadcast to the result [3, 5]}}
  %0 = hip.gemm %a, %b, %c, %i : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<5x3xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.gemm' op gemm operands A and B must be 2-D, got [2, 3, 4] and [4, 5]}}
  %0 = hip.gemm %a, %b, %i : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @f(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.gemm' op 'alpha' must be a float attribute}}
  %0 = hip.gemm %a, %b, %i {alpha = 1 : i64} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @f(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.gemm' op expects 2 to 3 inputs and 1 results, each result with one destination operand, got 5 operands and 1 results}}
  %0 = hip.gemm %a, %b, %i, %i, %i : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @bias_not_a_row(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<1x5xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.matmul' op the bias must be 1-D [N] with B a matrix, got bias tensor<1x5xf32> and B tensor<4x5xf32>}}
  %0 = hip.matmul %a, %b, %c, %i : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<1x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @bias_wrong_size(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<6xf32>, %i: tensor<3x5xf32>) {
  // expected-error@+1 {{'hip.matmul' op the bias tensor<6xf32> does not match B's 5 columns}}
  %0 = hip.matmul %a, %b, %c, %i : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<6xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}
