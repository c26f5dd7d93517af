// RUN: hip-mlir-opt %s --split-input-file --convert-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-to-llvm 2>&1 | FileCheck %s

// An op a model marks illegal but cannot lower fails the pass, naming the op; the IR is left as
// it was. A copy of unranked memrefs (upstream passes the unranked descriptors to memrefCopy as
// they are) is not lowered.
// CHECK: error: failed to legalize operation 'memref.copy' that was explicitly marked illegal
func.func @copy_unranked(%a: memref<*xf32>, %b: memref<*xf32>) {
  // expected-error @+1 {{failed to legalize operation 'memref.copy' that was explicitly marked illegal}}
  memref.copy %a, %b : memref<*xf32> to memref<*xf32>
  return
}

// -----

// Nor the dimension of an unranked memref (upstream reads it through the rank and the pointer).
// CHECK: error: failed to legalize operation 'memref.dim' that was explicitly marked illegal
func.func @dim_unranked(%a: memref<*xf32>, %i: index) -> index {
  // expected-error @+1 {{failed to legalize operation 'memref.dim' that was explicitly marked illegal}}
  %0 = memref.dim %a, %i : memref<*xf32>
  return %0 : index
}
