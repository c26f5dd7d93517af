// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(hip-conv-bound-slots)' | FileCheck %s

// A residual block: the reduce conv reads what the accumulating conv wrote (x_bound_slot), the
// next accumulating conv adds into that buffer (acc_bound_slot), a reader between them changes
// nothing; the slots are numbered over the module.
// CHECK-LABEL: func.func @chain
// CHECK:         hip.conv %arg1, %arg2, %[[R:.*]] {accumulate = true, bound_slot = 0 : i64, channels_last = true, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>}
// CHECK:         hip.conv %[[R]], %arg3, %[[T:.*]] {bound_slot = 1 : i64, channels_last = true, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>, x_bound_slot = 0 : i64}
// CHECK-NEXT:    hip.exp %[[R]], %arg4
// CHECK-NEXT:    hip.conv %[[T]], %arg2, %[[R]] {acc_bound_slot = 0 : i64, accumulate = true, channels_last = true, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>, x_bound_slot = 1 : i64}
func.func @chain(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>, %w2: memref<8x8x1x1xf32>, %out: memref<1x4x4x8xf32>) {
  %r = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %x, %w, %r {accumulate = true, channels_last = true, clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %t = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %r, %w2, %t {channels_last = true, clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  hip.exp %r, %out : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  hip.conv %t, %w, %r {accumulate = true, channels_last = true, clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  hip.exp %r, %out : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  memref.dealloc %t : memref<1x4x4x8xf32>
  memref.dealloc %r : memref<1x4x4x8xf32>
  return
}

// A second function: its slots continue the module's numbering.
// CHECK-LABEL: func.func @second
// CHECK:         hip.conv %arg1, %arg2, %[[A:.*]] {bound_slot = 2 : i64, clamp_max = 6.000000e+00 : f64, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>}
// CHECK-NEXT:    hip.conv %[[A]], %arg2, %arg3 {clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>, x_bound_slot = 2 : i64}
func.func @second(%ctx: !hip.context, %x: memref<1x8x4x4xf32>, %w: memref<8x8x1x1xf32>, %out: memref<1x8x4x4xf32>) {
  %a = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w, %a {clamp_min = 0.0 : f64, clamp_max = 6.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  hip.conv %a, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  memref.dealloc %a : memref<1x8x4x4xf32>
  return
}

// -----

// No slot: another op writes X between the two convs; the writer has no clamp; the reader has no
// clamp; X is a view of the buffer; X is the function's argument.
// CHECK-LABEL: func.func @no_slots
// CHECK-NOT:     bound_slot
// CHECK:         return
func.func @no_slots(%ctx: !hip.context, %x: memref<1x8x4x4xf32>, %w: memref<8x8x1x1xf32>, %out: memref<1x8x4x4xf32>) {
  %a = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w, %a {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  hip.exp %x, %a : (memref<1x8x4x4xf32>, memref<1x8x4x4xf32>) -> ()
  hip.conv %a, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  %b = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w, %b {kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  hip.conv %b, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  %c = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w, %c {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  hip.conv %c, %w, %out {kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  %d = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w, %d {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  %v = memref.cast %d : memref<1x8x4x4xf32> to memref<1x8x4x4xf32>
  hip.conv %d, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  hip.exp %x, %v : (memref<1x8x4x4xf32>, memref<1x8x4x4xf32>) -> ()
  hip.conv %x, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  hip.conv %out, %w, %a {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  memref.dealloc %a : memref<1x8x4x4xf32>
  return
}

// -----

// No slot across blocks: a reader in a loop body (its block has no writer before it), and a
// reader after a loop whose body writes the buffer.
// CHECK-LABEL: func.func @blocks
// CHECK-NOT:     bound_slot
// CHECK:         return
func.func @blocks(%ctx: !hip.context, %x: memref<1x8x4x4xf32>, %w: memref<8x8x1x1xf32>, %out: memref<1x8x4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w, %a {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  scf.for %i = %c0 to %c2 step %c1 {
    hip.conv %a, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  }
  scf.for %i = %c0 to %c2 step %c1 {
    hip.exp %x, %a : (memref<1x8x4x4xf32>, memref<1x8x4x4xf32>) -> ()
  }
  hip.conv %a, %w, %out {clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  memref.dealloc %a : memref<1x8x4x4xf32>
  return
}
