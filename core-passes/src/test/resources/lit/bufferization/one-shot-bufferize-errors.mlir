// RUN: not hip-mlir-opt %s --split-input-file --one-shot-bufferize=bufferize-function-boundaries 2>&1 | FileCheck %s
// RUN: not hip-mlir-opt %s --one-shot-bufferize='function-boundary-type-conversion=fully-dynamic-layout-map' 2>&1 | FileCheck %s --check-prefix=LAYOUT

// An op with tensor semantics and no model is an error naming the op at its location.
// CHECK: one-shot-bufferize-errors.mlir:[[@LINE+2]]:8: error: 'test.effect' op has tensor operands or results but no bufferization model (BufferizableOpInterface); attach one from a dialect extension or lower the op before one-shot-bufferize
func.func @no_model(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.effect"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A constant carrier left for bufferization is refused.
// CHECK: one-shot-bufferize-errors.mlir:[[@LINE+2]]:8: error: 'hip.constant' op cannot be bufferized: constant carriers must be turned into globals by hip-externalize-constants before one-shot-bufferize
func.func @carrier() -> tensor<2xi8> {
  %0 = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// Unranked tensors have no identity-layout buffer type here.
// CHECK: one-shot-bufferize-errors.mlir:[[@LINE+3]]:3: error: 'func.return' op has an unranked tensor operand or result; one-shot-bufferize handles ranked tensors only
// CHECK: one-shot-bufferize-errors.mlir:[[@LINE+1]]:1: error: 'func.func' op has an unranked tensor in its signature; one-shot-bufferize handles ranked tensors only
func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  return %a : tensor<*xf32>
}

// LAYOUT: error: one-shot-bufferize: function-boundary-type-conversion=fully-dynamic-layout-map is not supported (identity-layout-map is)
