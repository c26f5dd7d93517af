// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// The memref-level runtime ops: an output buffer from the caller's allocator (one size per `?`),
// a pool domain's base and the host-mapped scratch, all through the context.
// CHECK-LABEL: func.func @runtime
// CHECK-SAME:    (%[[C:.*]]: !hip.context, %[[N:.*]]: index)
// CHECK-NEXT:    %[[O:.*]] = hip.alloc_output(%[[C]]) {out_idx = 0 : i64} : memref<2x3xf32>
// CHECK-NEXT:    %[[D:.*]] = hip.alloc_output(%[[C]], %[[N]], %[[N]]) {out_idx = 1 : i64} : memref<?x4x?xf16>
// CHECK-NEXT:    %[[P:.*]] = hip.get_pool(%[[C]], %[[N]]) {domain_id = 2 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[S:.*]] = hip.get_host_scratch(%[[C]], %[[N]]) : memref<?xi8>
// CHECK-NEXT:    return %[[O]], %[[D]], %[[P]], %[[S]]
func.func @runtime(%ctx: !hip.context, %n: index) -> (memref<2x3xf32>, memref<?x4x?xf16>, memref<?xi8>, memref<?xi8>) {
  %o = hip.alloc_output(%ctx) {out_idx = 0 : i64} : memref<2x3xf32>
  %d = hip.alloc_output(%ctx, %n, %n) {out_idx = 1 : i64} : memref<?x4x?xf16>
  %p = hip.get_pool(%ctx, %n) {domain_id = 2 : i64} : memref<?xi8>
  %s = hip.get_host_scratch(%ctx, %n) : memref<?xi8>
  return %o, %d, %p, %s : memref<2x3xf32>, memref<?x4x?xf16>, memref<?xi8>, memref<?xi8>
}

// -----

// The generic form, with the attribute as a property.
// CHECK-LABEL: func.func @generic
// CHECK:         hip.get_pool(%{{.*}}, %{{.*}}) {domain_id = 0 : i64} : memref<?xi8>
func.func @generic(%ctx: !hip.context, %n: index) {
  %p = "hip.get_pool"(%ctx, %n) <{domain_id = 0 : i64}> : (!hip.context, index) -> memref<?xi8>
  return
}

// -----

// An externalized constant as the runtime loaded it.
// CHECK-LABEL: func.func @constant
// CHECK-NEXT:    %[[K:.*]] = hip.get_constant(%arg0) {index = 3 : i64} : memref<2x3xf32>
// CHECK-NEXT:    return %[[K]]
func.func @constant(%ctx: !hip.context) -> memref<2x3xf32> {
  %k = hip.get_constant(%ctx) {index = 3 : i64} : memref<2x3xf32>
  return %k : memref<2x3xf32>
}
