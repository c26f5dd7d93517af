// RUN: hip-mlir-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}, func.func(hip-use-output-allocator, hip-pool-allocs))' | FileCheck %s

// From tensors with a dynamic batch to planned memory: the returned buffer comes from the output
// allocator, the two transient ones (sized by the batch, read off the argument before the first
// of them) share one domain in two slabs, as they are live together.
// CHECK-LABEL: module attributes {hipdnn.buffer_count = 2 : i64, hipdnn.buffer_offsets = array<i64: -1, -1>, hipdnn.pool_size = 0 : i64}
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[C:.*]]: !hip.context, %[[X:.*]]: memref<?x4xf32>) -> memref<?x4xf32>
// CHECK:         %[[POOL:.*]] = hip.get_pool(%[[C]], %{{.*}}) {domain_id = 0 : i64} : memref<?xi8>
// CHECK:         %[[A:.*]] = memref.view %[[POOL]]
// CHECK:         hip.exp %[[X]], %[[A]]
// CHECK:         %[[B:.*]] = memref.view %[[POOL]]
// CHECK:         hip.neg %[[A]], %[[B]]
// CHECK:         %[[O:.*]] = hip.alloc_output(%[[C]], %{{.*}}) {out_idx = 0 : i64} : memref<?x4xf32>
// CHECK:         hip.add %[[A]], %[[B]], %[[O]]
// CHECK:         return %[[O]] : memref<?x4xf32>
// CHECK-NOT:     memref.alloc
func.func @main_graph(%ctx: !hip.context, %x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e0 = tensor.empty(%n) : tensor<?x4xf32>
  %0 = hip.exp %x, %e0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %e1 = tensor.empty(%n) : tensor<?x4xf32>
  %1 = hip.neg %0, %e1 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %e2 = tensor.empty(%n) : tensor<?x4xf32>
  %2 = hip.add %0, %1, %e2 : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
