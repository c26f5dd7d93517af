// RUN: hip-mlir-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(hip-materialize-host-scalars))' | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(hip-materialize-host-scalars, hip-pool-allocs))' | FileCheck %s --check-prefix=POOL

// Small integer buffers the host loads or stores move to the host-mapped scratch at 64-byte
// offsets (an i64 pair, an index scalar through a view); the rest stay: a float buffer, 17
// elements, a buffer only hip ops touch. The dealloc goes.
// CHECK-LABEL: module attributes {hipdnn.host_scratch_size = 128 : i64}
// CHECK-LABEL: func.func @scalars
// CHECK-NEXT:    %[[SIZE:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[S:.*]] = hip.get_host_scratch(%arg0, %[[SIZE]]) : memref<?xi8>
// CHECK-NEXT:    arith.constant 0 : index
// CHECK-NEXT:    %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = memref.view %[[S]][%[[O0]]][] : memref<?xi8> to memref<2xi64>
// CHECK:         memref.load %[[A]]
// CHECK:         %[[O1:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B:.*]] = memref.view %[[S]][%[[O1]]][] : memref<?xi8> to memref<1xindex>
// CHECK-NEXT:    memref.cast %[[B]]
// CHECK:         memref.alloc() : memref<2xf32>
// CHECK:         memref.alloc() : memref<17xi32>
// CHECK:         memref.alloc() : memref<2xi64>
// CHECK-NOT:     memref.dealloc
// The pool then takes only the buffers left.
// POOL-LABEL: module attributes {hipdnn.buffer_count = 3 : i64
// POOL-SAME:    hipdnn.host_scratch_size = 128 : i64
func.func @scalars(%ctx: !hip.context, %x: memref<2xi64>, %f: memref<2xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  hip.neg %x, %a : (memref<2xi64>, memref<2xi64>) -> ()
  %v = memref.load %a[%c0] : memref<2xi64>
  %b = memref.alloc() : memref<1xindex>
  %bv = memref.cast %b : memref<1xindex> to memref<?xindex>
  memref.store %c0, %bv[%c0] : memref<?xindex>
  %g = memref.alloc() : memref<2xf32>
  hip.neg %f, %g : (memref<2xf32>, memref<2xf32>) -> ()
  %w = memref.load %g[%c0] : memref<2xf32>
  %seven = arith.constant 7 : i32
  %big = memref.alloc() : memref<17xi32>
  memref.store %seven, %big[%c0] : memref<17xi32>
  %dev = memref.alloc() : memref<2xi64>
  hip.neg %x, %dev : (memref<2xi64>, memref<2xi64>) -> ()
  hip.neg %dev, %x : (memref<2xi64>, memref<2xi64>) -> ()
  memref.dealloc %a : memref<2xi64>
  return %v : i64
}

// -----

// Offsets are module-wide: the second function's buffer follows the first's (in the order the
// functions are processed, hence one thread here).
// CHECK-LABEL: module attributes {hipdnn.host_scratch_size = 128 : i64}
// CHECK-LABEL: func.func @first
// CHECK:         arith.constant 64 : index
// CHECK-NEXT:    hip.get_host_scratch
// CHECK-LABEL: func.func @second
// CHECK:         arith.constant 128 : index
// CHECK-NEXT:    hip.get_host_scratch
// CHECK:         arith.constant 64 : index
// CHECK-NEXT:    memref.view
func.func @first(%ctx: !hip.context) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi32>
  %v = memref.load %a[%c0] : memref<1xi32>
  return %v : i32
}
func.func @second(%ctx: !hip.context) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xi32>
  %v = memref.load %a[%c0] : memref<1xi32>
  return %v : i32
}
