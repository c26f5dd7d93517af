// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op axis 2 is out of range for rank 2 (expected [-2, 2))}}
  %0 = hip.reduce_sum %x, %i {axes = array<i64: 2>} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op axis -1 is repeated in the axes [1, -1]}}
  %0 = hip.reduce_sum %x, %i {axes = array<i64: 1, -1>} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{'hip.reduce_mean' op result #0 has type tensor<2xf32>, incompatible with the inferred type tensor<2x1xf32>}}
  %0 = hip.reduce_mean %x, %i {axes = array<i64: 1>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.reduce_max' op 'axes' must be an array<i64> attribute}}
  %0 = hip.reduce_max %x, %i {axes = array<i32: 1>} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xi1>, %i: tensor<1x1xi1>) {
  // expected-error@+1 {{'hip.reduce_prod' op the operand must have an integer or floating-point element type (not i1), got tensor<2x3xi1>}}
  %0 = hip.reduce_prod %x, %i : (tensor<2x3xi1>, tensor<1x1xi1>) -> tensor<1x1xi1>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{'hip.reduce_l2' op 'keepdims' must be a bool attribute (true or false)}}
  %0 = hip.reduce_l2 %x, %i {axes = array<i64: 1>, keepdims = 0 : i64} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.arg_max' op result #0 has type tensor<2x1xf32>, incompatible with the inferred type tensor<2x1xi64>}}
  %0 = hip.arg_max %x, %i {axis = 1} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'hip.arg_min' op axis -3 is out of range for rank 2 (expected [-2, 2))}}
  %0 = hip.arg_min %x, %i {axis = -3} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x1xi64>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.softmax' op axis 2 is out of range for rank 2 (expected [-2, 2))}}
  %0 = hip.softmax %x, %x {axis = 2} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xi32>) {
  // expected-error@+1 {{'hip.log_softmax' op the operand must have a floating-point element type, got tensor<2x3xi32>}}
  %0 = hip.log_softmax %x, %x : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return
}
