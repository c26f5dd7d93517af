// RUN: hip-mlir-opt %s --convert-hip-to-llvm | FileCheck %s

// The runtime ops become calls through the context and descriptors over the returned pointer:
// offset 0, the sizes (static, or the index operands), row-major strides.
// CHECK-DAG: llvm.func @hipdnn_ep_alloc_output(!llvm.ptr, i64, !llvm.ptr, i64, i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @hipdnn_ep_get_pool_base(!llvm.ptr, i32, i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @hipdnn_ep_get_host_scratch_base(!llvm.ptr, i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @hipdnn_ep_get_constant(!llvm.ptr, i64) -> !llvm.ptr
// CHECK-LABEL: llvm.func @runtime
// CHECK-SAME:    (%[[CTX:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK:       %[[IDX:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK:       %[[SHAPE:.*]] = llvm.alloca %{{.*}} x i64 {alignment = 8 : i64} : (i64) -> !llvm.ptr
// CHECK:       llvm.store %[[N]], %{{.*}} : i64, !llvm.ptr
// CHECK:       %[[OUT:.*]] = llvm.call @hipdnn_ep_alloc_output(%[[CTX]], %[[IDX]], %[[SHAPE]], %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i64, i64) -> !llvm.ptr
// CHECK:       llvm.insertvalue %[[OUT]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:       llvm.insertvalue %[[OUT]], %{{.*}}[1]
// CHECK:       llvm.insertvalue %[[N]], %{{.*}}[3, 0]
// CHECK:       llvm.call @hipdnn_ep_get_pool_base(%[[CTX]], %{{.*}}, %[[N]]) : (!llvm.ptr, i32, i64) -> !llvm.ptr
// CHECK:       llvm.call @hipdnn_ep_get_host_scratch_base(%[[CTX]], %[[N]]) : (!llvm.ptr, i64) -> !llvm.ptr
// CHECK:       llvm.call @hipdnn_ep_get_constant(%[[CTX]], %{{.*}}) : (!llvm.ptr, i64) -> !llvm.ptr
// CHECK-NOT:   hip.alloc_output
// CHECK-NOT:   hip.get_
func.func @runtime(%ctx: !hip.context, %n: index) -> (memref<?x4xf32>, memref<?xi8>, memref<?xi8>, memref<2x3xf32>) {
  %o = hip.alloc_output(%ctx, %n) {out_idx = 1 : i64} : memref<?x4xf32>
  %p = hip.get_pool(%ctx, %n) {domain_id = 2 : i64} : memref<?xi8>
  %s = hip.get_host_scratch(%ctx, %n) : memref<?xi8>
  %k = hip.get_constant(%ctx) {index = 3 : i64} : memref<2x3xf32>
  return %o, %p, %s, %k : memref<?x4xf32>, memref<?xi8>, memref<?xi8>, memref<2x3xf32>
}
