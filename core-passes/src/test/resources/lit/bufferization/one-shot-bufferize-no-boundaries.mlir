// RUN: hip-mlir-opt %s --one-shot-bufferize | FileCheck %s

// Without bufferize-function-boundaries the signature keeps its tensors: arguments are read
// through bufferization.to_buffer (read-only) and results handed back with to_tensor.
// CHECK-LABEL: func.func @no_boundaries(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    [[B:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    [[A:%.+]] = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:    hip.exp [[A]], [[B]] : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    [[T:%.+]] = bufferization.to_tensor [[B]] : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:    return [[T]] : tensor<4xf32>
func.func @no_boundaries(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = hip.exp %a, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
