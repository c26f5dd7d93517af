// RUN: hip-mlir-opt %s --split-input-file --convert-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-to-llvm 2>&1 | FileCheck %s

// An op a model marks illegal but cannot lower fails the pass, naming the op. A function asking
// for a C interface (upstream adds an _mlir_ciface_ wrapper taking descriptors by pointer) is
// not lowered: the wrappers are not generated, and dropping the request would hide that.
// CHECK: error: failed to legalize operation 'func.func' that was explicitly marked illegal
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @with_c_interface(%a: memref<4xf32>) attributes {llvm.emit_c_interface} {
  return
}

// -----

// A failure in a later function fails the whole pass, after an earlier function converted.
// CHECK: error: failed to legalize operation 'func.func' that was explicitly marked illegal
func.func @first(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func private @external(i32) -> i32 attributes {llvm.emit_c_interface}
