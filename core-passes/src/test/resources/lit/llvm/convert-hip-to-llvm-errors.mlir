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


// -----

// A bound slot on a conv without a fused clamp: only the _clamp kernels take slots, so it would be
// dropped (its readers would never see a bound).
// CHECK: error: 'hip.conv' op attribute 'bound_slot' needs a fused clamp (clamp_min or clamp_max)
func.func @slot_without_clamp(%ctx: !hip.context, %x: memref<1x1x5x5xf32>, %w: memref<1x1x3x3xf32>, %y: memref<1x1x3x3xf32>) {
  // expected-error @+2 {{'hip.conv' op attribute 'bound_slot' needs a fused clamp (clamp_min or clamp_max)}}
  // expected-error @+1 {{failed to legalize operation 'hip.conv' that was explicitly marked illegal}}
  hip.conv %x, %w, %y {bound_slot = 0 : i64} : (memref<1x1x5x5xf32>, memref<1x1x3x3xf32>, memref<1x1x3x3xf32>) -> ()
  return
}
