// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize, cse))' | FileCheck %s

// The runtime ops are not pure: canonicalize keeps unused ones and cse does not merge two equal
// ones (each may grow the buffer the runtime owns; each alloc_output asks the caller's allocator).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-2: hip.get_pool
// CHECK-COUNT-2: hip.get_host_scratch
// CHECK-COUNT-2: hip.alloc_output
func.func @kept(%ctx: !hip.context, %n: index) {
  %p = hip.get_pool(%ctx, %n) {domain_id = 0 : i64} : memref<?xi8>
  %q = hip.get_pool(%ctx, %n) {domain_id = 0 : i64} : memref<?xi8>
  %s = hip.get_host_scratch(%ctx, %n) : memref<?xi8>
  %t = hip.get_host_scratch(%ctx, %n) : memref<?xi8>
  %o = hip.alloc_output(%ctx) {out_idx = 0 : i64} : memref<4xf32>
  %r = hip.alloc_output(%ctx) {out_idx = 0 : i64} : memref<4xf32>
  return
}
