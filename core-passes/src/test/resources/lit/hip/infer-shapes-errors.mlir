// RUN: not hip-mlir-opt %s --hip-infer-shapes 2>&1 | FileCheck %s

// Once abs pins its result to 4, the add declared tensor<5xf32> contradicts it: an error naming
// the op and both types.
// CHECK: 'hip.add' op result #0 is declared tensor<5xf32> but its operands give tensor<4xf32>
func.func @mismatch(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>) -> tensor<5xf32> {
  %0 = hip.abs %arg0, %arg1 : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
  %e = tensor.empty() : tensor<5xf32>
  %1 = hip.add %0, %0, %e : (tensor<?xf32>, tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}
