// RUN: hip-mlir-opt %s --plugins=vendor --split-input-file --verify-diagnostics

// The verifier names what vendor.add does not support.
func.func @no_broadcast(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'vendor.add' op operand shapes [2, 3] and [4] do not broadcast (dimension 1: 3 against 4)}}
  %0 = "vendor.add"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @integers(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'vendor.add' op supports element types f32, f16 and bf16 only, got tensor<2xi32>}}
  %0 = "vendor.add"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @unsized(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'vendor.add' op result dimension 0 is dynamic in both operands (? against ?)}}
  %0 = "vendor.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @wrong_result(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'vendor.add' op result dimension 1 is 4 but the operands broadcast to 3}}
  %0 = "vendor.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @mixed(%a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<2xf32> {
  // expected-error @+1 {{'vendor.add' op expects one element type for operands and result}}
  %0 = "vendor.add"(%a, %b) : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @memref_form(%a: memref<2x3xf32>, %b: memref<3xf32>, %c: memref<2x3xf32>) {
  "vendor.add"(%a, %b, %c) : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @arity(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'vendor.add' op expects two tensor operands and one tensor result, or (in memref form) three memref operands}}
  %0 = "vendor.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
