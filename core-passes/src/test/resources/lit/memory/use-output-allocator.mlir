// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-use-output-allocator))' | FileCheck %s

// A returned alloc becomes the output allocator's buffer for that result index; its dynamic
// size stays an operand; a dealloc of it goes (the graph never frees an output).
// CHECK-LABEL: func.func @direct
// CHECK-SAME:    (%[[C:.*]]: !hip.context, %[[X:.*]]: memref<?x4xf32>, %[[N:.*]]: index)
// CHECK-NEXT:    %[[O0:.*]] = hip.alloc_output(%[[C]]) {out_idx = 0 : i64} : memref<2x4xf32>
// CHECK-NEXT:    %[[O1:.*]] = hip.alloc_output(%[[C]], %[[N]]) {out_idx = 1 : i64} : memref<?x4xf32>
// CHECK-NEXT:    hip.exp %[[X]], %[[O1]]
// CHECK-NEXT:    return %[[O0]], %[[O1]]
// CHECK-NOT:     memref.alloc
func.func @direct(%ctx: !hip.context, %x: memref<?x4xf32>, %n: index) -> (memref<2x4xf32>, memref<?x4xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  hip.exp %x, %b : (memref<?x4xf32>, memref<?x4xf32>) -> ()
  return %a, %b : memref<2x4xf32>, memref<?x4xf32>
}

// -----

// Through a view chain (collapse_shape then cast): the alloc at its root is rewritten, the
// views stay.
// CHECK-LABEL: func.func @through_views
// CHECK-NEXT:    %[[O:.*]] = hip.alloc_output(%arg0) {out_idx = 0 : i64} : memref<2x3x4xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.collapse_shape %[[O]] {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:    %[[W:.*]] = memref.cast %[[V]] : memref<6x4xf32> to memref<?x4xf32>
// CHECK-NEXT:    return %[[W]]
// CHECK-NOT:     memref.dealloc
func.func @through_views(%ctx: !hip.context) -> memref<?x4xf32> {
  %a = memref.alloc() : memref<2x3x4xf32>
  %v = memref.collapse_shape %a [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %w = memref.cast %v : memref<6x4xf32> to memref<?x4xf32>
  memref.dealloc %a : memref<2x3x4xf32>
  return %w : memref<?x4xf32>
}

// -----

// Through a subview: the root alloc is the output buffer (the allocator sees its shape).
// CHECK-LABEL: func.func @through_subview
// CHECK-NEXT:    %[[O:.*]] = hip.alloc_output(%arg0) {out_idx = 0 : i64} : memref<4x4xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[O]][0, 0] [2, 4] [1, 1]
// CHECK-NEXT:    return %[[V]]
func.func @through_subview(%ctx: !hip.context) -> memref<2x4xf32, strided<[4, 1]>> {
  %a = memref.alloc() : memref<4x4xf32>
  %v = memref.subview %a[0, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1]>>
  return %v : memref<2x4xf32, strided<[4, 1]>>
}

// -----

// An output that is an input, a constant global, or the same alloc as an earlier result gets a
// fresh output buffer and a copy right before the return (dynamic sizes from memref.dim).
// CHECK-LABEL: func.func @aliases
// CHECK-SAME:    (%[[C:.*]]: !hip.context, %[[X:.*]]: memref<?xf32>)
// CHECK:         %[[A:.*]] = hip.alloc_output(%[[C]]) {out_idx = 0 : i64} : memref<4xf32>
// CHECK:         %[[G:.*]] = memref.get_global @k : memref<4xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = memref.dim %[[X]], %[[ZERO]] : memref<?xf32>
// CHECK-NEXT:    %[[O1:.*]] = hip.alloc_output(%[[C]], %[[D]]) {out_idx = 1 : i64} : memref<?xf32>
// CHECK-NEXT:    memref.copy %[[X]], %[[O1]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    %[[O2:.*]] = hip.alloc_output(%[[C]]) {out_idx = 2 : i64} : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[G]], %[[O2]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    %[[O3:.*]] = hip.alloc_output(%[[C]]) {out_idx = 3 : i64} : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[O3]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    return %[[A]], %[[O1]], %[[O2]], %[[O3]]
memref.global "private" constant @k : memref<4xf32> = dense<1.0>
func.func @aliases(%ctx: !hip.context, %x: memref<?xf32>) -> (memref<4xf32>, memref<?xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %g = memref.get_global @k : memref<4xf32>
  return %a, %x, %g, %a : memref<4xf32>, memref<?xf32>, memref<4xf32>, memref<4xf32>
}

// -----

// Private functions and functions without a context are left alone.
// CHECK-LABEL: func.func private @body
// CHECK-NEXT:    memref.alloc
// CHECK-LABEL: func.func @no_context
// CHECK-NEXT:    memref.alloc
func.func private @body(%ctx: !hip.context) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @no_context() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
