// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @f(%arg0: index, %arg1: tensor<4xf32>, %arg2: memref<4xf32>)
func.func @f(%n: index, %t: tensor<4xf32>, %m: memref<4xf32>) {
  // CHECK-NEXT: %0 = bufferization.to_tensor %arg2 restrict writable : memref<4xf32> to tensor<4xf32>
  // GENERIC: "bufferization.to_tensor"(%arg2) <{restrict, writable}> : (memref<4xf32>) -> tensor<4xf32>
  %0 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  // CHECK-NEXT: %1 = bufferization.to_tensor %arg2 : memref<4xf32> to tensor<4xf32>
  // GENERIC-NEXT: "bufferization.to_tensor"(%arg2) : (memref<4xf32>) -> tensor<4xf32>
  %1 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  // CHECK-NEXT: %2 = bufferization.to_buffer %arg1 read_only : tensor<4xf32> to memref<4xf32>
  // GENERIC-NEXT: "bufferization.to_buffer"(%arg1) <{read_only}> : (tensor<4xf32>) -> memref<4xf32>
  %2 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  // CHECK-NEXT: %3 = bufferization.alloc_tensor(%arg0) : tensor<?xf32>
  // GENERIC-NEXT: "bufferization.alloc_tensor"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?xf32>
  %3 = bufferization.alloc_tensor(%n) : tensor<?xf32>
  // CHECK-NEXT: %4 = bufferization.alloc_tensor() copy(%arg1) : tensor<4xf32>
  // GENERIC-NEXT: "bufferization.alloc_tensor"(%arg1) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<4xf32>
  %4 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  // CHECK-NEXT: %5 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  // GENERIC-NEXT: "bufferization.alloc_tensor"() <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> tensor<4xf32>
  %5 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  // CHECK-NEXT: bufferization.materialize_in_destination %arg1 in restrict writable %arg2 : (tensor<4xf32>, memref<4xf32>) -> ()
  // GENERIC-NEXT: "bufferization.materialize_in_destination"(%arg1, %arg2) <{restrict, writable}> : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  // CHECK-NEXT: %6 = bufferization.materialize_in_destination %arg1 in %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // GENERIC-NEXT: "bufferization.materialize_in_destination"(%arg1, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: bufferization.dealloc_tensor %arg1 : tensor<4xf32>
  // GENERIC-NEXT: "bufferization.dealloc_tensor"(%arg1) : (tensor<4xf32>) -> ()
  bufferization.dealloc_tensor %t : tensor<4xf32>
  return
}
