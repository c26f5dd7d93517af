// RUN: hip-mlir-opt %s --split-input-file --convert-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-to-llvm 2>&1 | FileCheck %s

// An op a model marks illegal but cannot lower fails the pass, naming the op; the IR is left as
// it was. Several results need llvm.insertvalue, which the llvm dialect does not have yet.
// CHECK: error: failed to legalize operation 'func.func' that was explicitly marked illegal
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @two_results(%a: i32) -> (i32, i32) {
  return %a, %a : i32, i32
}

// -----

// Memref arguments are passed expanded field by field upstream, which needs llvm.insertvalue.
// CHECK: error: failed to legalize operation 'func.func' that was explicitly marked illegal
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @memref_arg(%m: memref<4xf32>) {
  return
}

// -----

// A call with several results cannot be lowered either; the first op that fails is named (ops
// are converted parents first, in order, so here the call before its callee).
// CHECK: error: failed to legalize operation 'func.call' that was explicitly marked illegal
func.func @caller() -> i32 {
  // expected-error @+1 {{failed to legalize operation 'func.call' that was explicitly marked illegal}}
  %0:2 = call @pair() : () -> (i32, i32)
  return %0#0 : i32
}
func.func private @pair() -> (i32, i32)

// -----

// A call passing a memref would pass it expanded too; the call is named.
// CHECK: error: failed to legalize operation 'func.call' that was explicitly marked illegal
func.func @passes_memref(%m: i64) {
  %0 = "builtin.unrealized_conversion_cast"(%m) : (i64) -> memref<4xf32>
  // expected-error @+1 {{failed to legalize operation 'func.call' that was explicitly marked illegal}}
  call @takes(%0) : (memref<4xf32>) -> ()
  return
}
func.func private @takes(memref<4xf32>)
