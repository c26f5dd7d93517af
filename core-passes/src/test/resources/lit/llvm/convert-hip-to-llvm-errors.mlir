// RUN: hip-mlir-opt %s --split-input-file --convert-hip-to-llvm --verify-diagnostics
// RUN: not hip-mlir-opt %s --split-input-file --convert-hip-to-llvm 2>&1 | FileCheck %s

// A constant carrier must have been externalized: the pass fails before anything changes.
// CHECK: error: 'hip.constant' op must be gone before convert-hip-to-llvm (run hip-externalize-constants)
func.func @carrier(%ctx: !hip.context) -> tensor<2xi8> {
  // expected-error @+1 {{'hip.constant' op must be gone before convert-hip-to-llvm (run hip-externalize-constants)}}
  %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
  return %a : tensor<2xi8>
}

// -----

// The kernel needs the context: a function without a !hip.context argument 0 cannot call it.
// CHECK: error: 'hip.exp' op needs the enclosing function's !hip.context argument 0 (run hip-add-context-arg) to be lowered to a kernel call
// CHECK: error: failed to legalize operation 'hip.exp' that was explicitly marked illegal
func.func @no_context() {
  %a = memref.alloc() : memref<2xf32>
  // expected-error @+2 {{'hip.exp' op needs the enclosing function's !hip.context argument 0 (run hip-add-context-arg) to be lowered to a kernel call}}
  // expected-error @+1 {{failed to legalize operation 'hip.exp' that was explicitly marked illegal}}
  hip.exp %a, %a : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

// -----

// A kernel symbol taken by something else is refused, the IR left as it was.
// CHECK: error: 'hip.exp' op kernel symbol 'hipep_exp_f32' is already defined with another type or by another op
llvm.func @hipep_exp_f32(i32)
func.func @clash(%ctx: !hip.context, %a: memref<2xf32>, %out: memref<2xf32>) {
  // expected-error @+2 {{'hip.exp' op kernel symbol 'hipep_exp_f32' is already defined with another type or by another op}}
  // expected-error @+1 {{failed to legalize operation 'hip.exp' that was explicitly marked illegal}}
  hip.exp %a, %out : (memref<2xf32>, memref<2xf32>) -> ()
  return
}

