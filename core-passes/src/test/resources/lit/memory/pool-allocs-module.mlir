// RUN: hip-mlir-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(hip-pool-allocs))' | FileCheck %s

// Two device functions (a graph and a body it calls): domain ids are module-wide, so the body's
// pool never overlaps the caller's live buffers; the module attributes list both functions'
// buffers, with domains.
// CHECK-LABEL: module attributes {hipdnn.buffer_count = 2 : i64, hipdnn.buffer_domains = array<i64: 0, 1>, hipdnn.buffer_offsets = array<i64: 0, 0>, hipdnn.domain_count = 2 : i64, hipdnn.pool_size = 16 : i64, hipdnn.pool_sizes = array<i64: 16, 32>}
// CHECK-LABEL: func.func @main_graph
// CHECK:         hip.get_pool(%arg0, %{{.*}}) {domain_id = 0 : i64}
// CHECK-LABEL: func.func private @body
// CHECK:         hip.get_pool(%arg0, %{{.*}}) {domain_id = 1 : i64}
func.func @main_graph(%ctx: !hip.context, %x: memref<4xf32>, %y: memref<8xf32>) {
  %a = memref.alloc() : memref<4xf32>
  hip.exp %x, %a : (memref<4xf32>, memref<4xf32>) -> ()
  func.call @body(%ctx, %y) : (!hip.context, memref<8xf32>) -> ()
  hip.exp %a, %x : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func private @body(%ctx: !hip.context, %y: memref<8xf32>) {
  %b = memref.alloc() : memref<8xf32>
  hip.exp %y, %b : (memref<8xf32>, memref<8xf32>) -> ()
  hip.exp %b, %y : (memref<8xf32>, memref<8xf32>) -> ()
  return
}
