// RUN: hip-mlir-opt %s --split-input-file --convert-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-to-llvm 2>&1 | FileCheck %s

// An op a model marks illegal but cannot lower fails the pass, naming the op; the IR is left as
// it was. The dimension of an unranked memref (upstream reads it through the rank and the
// pointer) is not lowered.
// CHECK: error: failed to legalize operation 'memref.dim' that was explicitly marked illegal
func.func @dim_unranked(%a: memref<*xf32>, %i: index) -> index {
  // expected-error @+1 {{failed to legalize operation 'memref.dim' that was explicitly marked illegal}}
  %0 = memref.dim %a, %i : memref<*xf32>
  return %0 : index
}

// -----

// A failure in a later function fails the whole pass, after an earlier function converted.
// CHECK: error: failed to legalize operation 'memref.dim' that was explicitly marked illegal
func.func @first(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @second(%a: memref<*xf32>, %i: index) -> index {
  // expected-error @+1 {{failed to legalize operation 'memref.dim' that was explicitly marked illegal}}
  %0 = memref.dim %a, %i : memref<*xf32>
  return %0 : index
}
