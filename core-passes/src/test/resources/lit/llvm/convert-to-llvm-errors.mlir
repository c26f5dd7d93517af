// RUN: hip-mlir-opt %s --split-input-file --convert-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-to-llvm 2>&1 | FileCheck %s

// An op a model marks illegal but cannot lower fails the pass, naming the op. A reinterpret_cast
// of an unranked memref (upstream reads the pointers through the unranked descriptor) is not
// lowered.
// CHECK: error: failed to legalize operation 'memref.reinterpret_cast' that was explicitly marked illegal
func.func @reinterpret_unranked(%a: memref<*xf32>) -> memref<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'memref.reinterpret_cast' that was explicitly marked illegal}}
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// Nor extract_aligned_pointer_as_index of one; a failure in a later function fails the whole
// pass, after an earlier function converted.
// CHECK: error: failed to legalize operation 'memref.extract_aligned_pointer_as_index' that was explicitly marked illegal
func.func @first(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @aligned_pointer_unranked(%a: memref<*xf32>) -> index {
  // expected-error @+1 {{failed to legalize operation 'memref.extract_aligned_pointer_as_index' that was explicitly marked illegal}}
  %0 = memref.extract_aligned_pointer_as_index %a : memref<*xf32> -> index
  return %0 : index
}
