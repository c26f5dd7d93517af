// RUN: hip-mlir-opt %s --split-input-file --convert-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-to-llvm 2>&1 | FileCheck %s

// An op a model marks illegal but cannot lower fails the pass, naming the op; the IR is left as
// it was. Unranked memref arguments (upstream passes their (rank, pointer) pair) are not lowered.
// CHECK: error: failed to legalize operation 'func.func' that was explicitly marked illegal
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @unranked(%a: memref<*xf32>) {
  return
}

// -----

// A call passing an unranked memref is named too.
// CHECK: error: failed to legalize operation 'func.call' that was explicitly marked illegal
func.func @passes_unranked(%m: i64) {
  %0 = "builtin.unrealized_conversion_cast"(%m) : (i64) -> memref<*xf32>
  // expected-error @+1 {{failed to legalize operation 'func.call' that was explicitly marked illegal}}
  call @takes(%0) : (memref<*xf32>) -> ()
  return
}
func.func private @takes(memref<*xf32>)

// -----

// Nor copies of unranked memrefs (upstream passes the unranked descriptor to memrefCopy as it is).
// CHECK: error: failed to legalize operation 'memref.copy' that was explicitly marked illegal
func.func @copy_unranked(%m: i64, %b: memref<4xf32>) {
  %0 = "builtin.unrealized_conversion_cast"(%m) : (i64) -> memref<*xf32>
  %1 = "builtin.unrealized_conversion_cast"(%m) : (i64) -> memref<*xf32>
  // expected-error @+1 {{failed to legalize operation 'memref.copy' that was explicitly marked illegal}}
  memref.copy %0, %1 : memref<*xf32> to memref<*xf32>
  return
}
