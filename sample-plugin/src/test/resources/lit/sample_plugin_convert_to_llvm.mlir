// RUN: hip-mlir-opt %s --plugins=sample --convert-hip-to-llvm | FileCheck %s

// convert-hip-to-llvm collects every loaded dialect's to-LLVM model, the plugin's included: the
// marker goes by the sample's own pattern in the same conversion that lowers func and the hip
// compute ops.

// CHECK: llvm.func @hipep_exp_f32(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr)
// CHECK-LABEL: llvm.func @marker_lowers()
// CHECK-NEXT: llvm.return
func.func @marker_lowers() {
  "hip_ep_sample.marker"() : () -> ()
  return
}

// CHECK-LABEL: llvm.func @with_kernel
// CHECK: llvm.call @hipep_exp_f32(
// CHECK-NOT: hip_ep_sample.marker
// CHECK-NOT: hip.exp
func.func @with_kernel(%ctx: !hip.context, %a: memref<2xf32>, %out: memref<2xf32>) {
  "hip_ep_sample.marker"() : () -> ()
  hip.exp %a, %out : (memref<2xf32>, memref<2xf32>) -> ()
  return
}
