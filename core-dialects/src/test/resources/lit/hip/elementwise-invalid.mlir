// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>, %i: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.add' op shapes [2, 3] and [4] are not broadcast-compatible}}
  %0 = hip.add %a, %b, %i : (tensor<2x3xf32>, tensor<4xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<?x3xf32>, %b: tensor<2x1xf32>, %i: tensor<4x3xf32>) {
  // expected-error@+1 {{'hip.add' op result #0 has type tensor<4x3xf32>, incompatible with the inferred type tensor<2x3xf32>}}
  %0 = hip.add %a, %b, %i : (tensor<?x3xf32>, tensor<2x1xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %i: tensor<1x3xf32>) {
  // expected-error@+1 {{'hip.mul' op result #0 has type tensor<1x3xf32>, incompatible with the inferred type tensor<3xf32>}}
  %0 = hip.mul %a, %a, %i : (tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %i: tensor<3xf32>, %j: tensor<?xf32>) {
  // expected-error@+1 {{'hip.sub' op destination #0 has type tensor<3xf32> but result #0 has type tensor<?xf32>}}
  %0 = hip.sub %a, %a, %i : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.div' op expects 2 inputs and 1 results, each result with one destination operand, got 2 operands and 1 results}}
  %0 = hip.div %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %b: tensor<3xf16>) {
  // expected-error@+1 {{'hip.add' op operands must have the same element type, got tensor<3xf32> and tensor<3xf16>}}
  %0 = hip.add %a, %b, %a : (tensor<3xf32>, tensor<3xf16>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xi1>) {
  // expected-error@+1 {{'hip.add' op operand #0 must have an integer or floating-point element type (not i1), got tensor<3xi1>}}
  %0 = hip.add %a, %a, %a : (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @f(%a: tensor<3xi32>) {
  // expected-error@+1 {{'hip.and' op operand #0 must have element type i1, got tensor<3xi32>}}
  %0 = hip.and %a, %a, %a : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.mod' op floating-point operands need 'fmod' = true}}
  %0 = hip.mod %a, %a, %a : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.mod' op 'fmod' must be a bool attribute (true or false)}}
  %0 = hip.mod %a, %a, %a {fmod = 1 : i64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'hip.less' op result #0 has type tensor<3xf32>, incompatible with the inferred type tensor<3xi1>}}
  %0 = hip.less %a, %a, %i : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xi32>) {
  // expected-error@+1 {{'hip.exp' op the operand must have a floating-point element type, got tensor<3xi32>}}
  %0 = hip.exp %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.not' op the operand must have element type i1, got tensor<3xf32>}}
  %0 = hip.not %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<*xf32>) {
  // expected-error@+1 {{'hip.neg' op operand #0 must be a ranked tensor, got tensor<*xf32>}}
  %0 = hip.neg %a, %a : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.gelu' op 'approximate' must be "none" or "tanh"}}
  %0 = hip.gelu %a, %a {approximate = "erf"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %i: tensor<3xf16>) {
  // expected-error@+1 {{'hip.cast' op result #0 has type tensor<3xf16>, incompatible with the inferred type tensor<3xi8>}}
  %0 = hip.cast %a, %i {to = i8} : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf16>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %i: tensor<3xf16>) {
  // expected-error@+1 {{'hip.cast' op 'to' must be a type attribute naming the target element type}}
  %0 = hip.cast %a, %i : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf16>
  return
}

// -----

func.func @f(%c: tensor<3xf32>, %a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.where' op the condition must have element type i1, got tensor<3xf32>}}
  %0 = hip.where %c, %a, %a, %a : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.where' op shapes [2], [3] and [3] are not broadcast-compatible}}
  %0 = hip.where %c, %a, %a, %a : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.clip' op 'min' must be a f32 attribute, the operand's element type}}
  %0 = hip.clip %a, %a {min = 0 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %i: tensor<3xf16>) {
  // expected-error@+1 {{'hip.cast' op 'to' must be a type attribute naming the target element type}}
  %0 = hip.cast %a, %i {to = tensor<3xf16>} : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf16>
  return
}

// -----

func.func @f(%a: tensor<3xi32>) {
  // expected-error@+1 {{'hip.hard_sigmoid' op the operand must have a floating-point element type, got tensor<3xi32>}}
  %0 = hip.hard_sigmoid %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>) {
  // expected-error@+1 {{'hip.hard_sigmoid' op 'beta' must be a float attribute}}
  %0 = hip.hard_sigmoid %a, %a {beta = 1 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @clamp_on_integers(%a: tensor<3xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{'hip.add' op clamp_min / clamp_max need a floating-point element type, got tensor<3xi32>}}
  %0 = hip.add %a, %a, %init {clamp_min = 0.0 : f64} : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @clamp_not_a_float(%a: tensor<3xf32>, %init: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'hip.mul' op 'clamp_max' must be a float attribute}}
  %0 = hip.mul %a, %a, %init {clamp_max = 6 : i64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @matmul_activation_unknown(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %init: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{'hip.matmul' op 'activation' must be one of [gelu, gelu_tanh]}}
  %0 = hip.matmul %a, %b, %init {activation = "relu"} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @matmul_activation_on_integers(%a: tensor<3x4xi32>, %b: tensor<4x5xi32>, %init: tensor<3x5xi32>) -> tensor<3x5xi32> {
  // expected-error@+1 {{'hip.matmul' op operand A of a matmul with an activation must have a floating-point element type, got tensor<3x4xi32>}}
  %0 = hip.matmul %a, %b, %init {activation = "gelu"} : (tensor<3x4xi32>, tensor<4x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}
