// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-pool-allocs))' | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-pool-allocs{alignment=64}))' | FileCheck %s --check-prefix=A64
// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-pool-allocs{lifetime-only=false}))' | FileCheck %s --check-prefix=SAME-SIZE

// A chain of three 32-byte buffers: %a and %b live together, so do %b and %c; %c takes %a's
// bytes (best fit into the gap below %b). Offsets are multiples of 256 (64 with alignment=64).
// CHECK-LABEL: module attributes {hipdnn.buffer_count = 3 : i64, hipdnn.buffer_offsets = array<i64: 0, 256, 0>, hipdnn.pool_size = 288 : i64}
// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[C:.*]]: !hip.context, %[[X:.*]]: memref<2x4xf32>, %[[O:.*]]: memref<2x4xf32>)
// CHECK-NEXT:    %[[SIZE:.*]] = arith.constant 288 : index
// CHECK-NEXT:    %[[POOL:.*]] = hip.get_pool(%[[C]], %[[SIZE]]) {domain_id = 0 : i64} : memref<?xi8>
// CHECK-NEXT:    %[[OFF_A:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[POOL]][%[[OFF_A]]][] : memref<?xi8> to memref<2x4xf32>
// CHECK-NEXT:    hip.exp %[[X]], %[[A]]
// CHECK-NEXT:    %[[OFF_B:.*]] = arith.constant 256 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[POOL]][%[[OFF_B]]][] : memref<?xi8> to memref<2x4xf32>
// CHECK-NEXT:    hip.exp %[[A]], %[[B]]
// CHECK-NEXT:    %[[OFF_C:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[CC:.*]] = memref.view %[[POOL]][%[[OFF_C]]][] : memref<?xi8> to memref<2x4xf32>
// CHECK-NEXT:    hip.exp %[[B]], %[[CC]]
// CHECK-NEXT:    hip.exp %[[CC]], %[[O]]
// CHECK-NEXT:    return
// CHECK-NOT:     memref.alloc
// A64: module attributes {hipdnn.buffer_count = 3 : i64, hipdnn.buffer_offsets = array<i64: 0, 64, 0>, hipdnn.pool_size = 96 : i64}
func.func @chain(%ctx: !hip.context, %x: memref<2x4xf32>, %out: memref<2x4xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
  hip.exp %x, %a : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
  hip.exp %a, %b : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  %c = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
  hip.exp %b, %c : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  hip.exp %c, %out : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// A use through a view extends the buffer's lifetime: %a is read through %v after %b exists, so
// they do not share bytes; the deallocs go.
// CHECK-LABEL: module attributes {hipdnn.buffer_count = 2 : i64, hipdnn.buffer_offsets = array<i64: 0, 256>, hipdnn.pool_size = 512 : i64}
// CHECK-LABEL: func.func @alias
// CHECK:         memref.expand_shape
// CHECK-NOT:     memref.dealloc
// CHECK-NOT:     memref.alloc
func.func @alias(%ctx: !hip.context, %x: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %v = memref.expand_shape %a [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  hip.exp %x, %a : (memref<64xf32>, memref<64xf32>) -> ()
  %b = memref.alloc() : memref<64xf32>
  hip.exp %x, %b : (memref<64xf32>, memref<64xf32>) -> ()
  hip.add %v, %v, %v : (memref<8x8xf32>, memref<8x8xf32>, memref<8x8xf32>) -> ()
  hip.exp %b, %out : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Dynamic sizes. %n is defined after the first (static) alloc, where domain 0 is acquired, so
// the dynamic buffers form domain 1, acquired at the first of them. %d1 and %d3 have disjoint
// lifetimes and share a slab sized by the larger of the two at run time; %d2 overlaps both and
// gets the next slab.
// CHECK-LABEL: module attributes {hipdnn.buffer_count = 4 : i64, hipdnn.buffer_domains = array<i64: 0, 1, 1, 1>, hipdnn.buffer_offsets = array<i64: 0, -1, -1, -1>, hipdnn.domain_count = 2 : i64, hipdnn.pool_size = 16 : i64, hipdnn.pool_sizes = array<i64: 16, 0>}
// CHECK-LABEL: func.func @dynamic
// CHECK:         hip.get_pool(%arg0, %{{.*}}) {domain_id = 0 : i64}
// CHECK:         %[[N:.*]] = memref.dim
// CHECK-NEXT:    %[[BASE:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[S1:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[B1:.*]] = arith.muli %[[S1]], %[[N]] : index
// CHECK-NEXT:    %[[S3:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[B3:.*]] = arith.muli %[[S3]], %[[N]] : index
// CHECK-NEXT:    %[[MAX:.*]] = arith.maxui %[[B1]], %[[B3]] : index
// CHECK:         %[[SLAB0:.*]] = arith.andi
// CHECK-NEXT:    %[[OFF1:.*]] = arith.addi %[[BASE]], %[[SLAB0]] : index
// CHECK:         %[[TOTAL:.*]] = arith.addi %[[OFF1]], %{{.*}} : index
// CHECK-NEXT:    %[[POOL:.*]] = hip.get_pool(%arg0, %[[TOTAL]]) {domain_id = 1 : i64} : memref<?xi8>
// CHECK-NEXT:    memref.view %[[POOL]][%[[BASE]]][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK:         memref.view %[[POOL]][%[[OFF1]]][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK:         memref.view %[[POOL]][%[[BASE]]][%[[N]]] : memref<?xi8> to memref<?x8xf32>
// lifetime-only=false: %d3 has another size, so it gets a third slab and no maximum is taken.
// SAME-SIZE-LABEL: func.func @dynamic
// SAME-SIZE-NOT:   arith.maxui
// SAME-SIZE:       hip.get_pool(%arg0, %{{.*}}) {domain_id = 1 : i64}
func.func @dynamic(%ctx: !hip.context, %x: memref<?x4xf32>, %y: memref<?x8xf32>, %s: memref<4xf32>) {
  %st = memref.alloc() : memref<4xf32>
  hip.exp %s, %st : (memref<4xf32>, memref<4xf32>) -> ()
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %d1 = memref.alloc(%n) : memref<?x4xf32>
  hip.exp %x, %d1 : (memref<?x4xf32>, memref<?x4xf32>) -> ()
  %d2 = memref.alloc(%n) : memref<?x4xf32>
  hip.exp %d1, %d2 : (memref<?x4xf32>, memref<?x4xf32>) -> ()
  %d3 = memref.alloc(%n) : memref<?x8xf32>
  hip.exp %y, %d3 : (memref<?x8xf32>, memref<?x8xf32>) -> ()
  hip.add %d2, %d2, %x : (memref<?x4xf32>, memref<?x4xf32>, memref<?x4xf32>) -> ()
  hip.exp %d3, %y : (memref<?x8xf32>, memref<?x8xf32>) -> ()
  return
}

// -----

// Not pooled: a returned buffer (it outlives the call), an unused alloc, a function without a
// context, a function with several blocks.
// CHECK-LABEL: func.func @escapes
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.alloc() : memref<4xf32>
// CHECK-NOT:     hip.get_pool
// CHECK-LABEL: func.func @no_context
// CHECK-NEXT:    memref.alloc
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT:    memref.alloc
func.func @escapes(%ctx: !hip.context, %x: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %unused = memref.alloc() : memref<4xf32>
  hip.exp %x, %a : (memref<4xf32>, memref<4xf32>) -> ()
  return %a : memref<4xf32>
}
func.func @no_context(%x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  hip.exp %x, %a : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func @blocks(%ctx: !hip.context, %x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  hip.exp %x, %a : (memref<4xf32>, memref<4xf32>) -> ()
  cf.br ^bb1
^bb1:
  return
}
