// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-conv-add-in-place))' | FileCheck %s

// A residual block: the expand conv adds into the shortcut's buffer and takes the add's Relu; the
// add's destination, the conv's own buffer and the shortcut's dealloc go (the destination's
// dealloc now frees the shortcut's buffer).
// CHECK-LABEL: func.func @residual
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x8xf32>
// CHECK-NEXT:    hip.conv %arg1, %arg2, %[[R]] {channels_last = true, kernel_shape = array<i64: 1, 1>}
// CHECK-NEXT:    hip.conv %arg1, %arg3, %arg4, %[[R]] {accumulate = true, channels_last = true, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>}
// CHECK-NEXT:    hip.exp %[[R]], %arg5
// CHECK-NEXT:    memref.dealloc %[[R]]
// CHECK-NEXT:    return
func.func @residual(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w1: memref<8x8x1x1xf32>, %w2: memref<8x8x1x1xf32>, %b2: memref<8xf32>, %out: memref<1x4x4x8xf32>) {
  %r = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x8xf32>
  hip.conv %x, %w1, %r {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %s = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x8xf32>
  hip.conv %x, %w2, %b2, %s {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<8xf32>, memref<1x4x4x8xf32>) -> ()
  %d = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x8xf32>
  hip.add %s, %r, %d {clamp_min = 0.0 : f64} : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  memref.dealloc %s : memref<1x4x4x8xf32>
  memref.dealloc %r : memref<1x4x4x8xf32>
  hip.exp %d, %out : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  memref.dealloc %d : memref<1x4x4x8xf32>
  return
}

// -----

// The conv's result second, no clamp, NCHW: the conv that comes later accumulates (the earlier
// one's buffer is written before it).
// CHECK-LABEL: func.func @second_operand
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<1x8x4x4xf32>
// CHECK-NEXT:    hip.conv %arg1, %arg2, %[[R]] {kernel_shape = array<i64: 1, 1>}
// CHECK-NEXT:    hip.conv %arg1, %arg3, %[[R]] {accumulate = true, kernel_shape = array<i64: 1, 1>}
// CHECK-NEXT:    return %[[R]]
func.func @second_operand(%ctx: !hip.context, %x: memref<1x8x4x4xf32>, %w1: memref<8x8x1x1xf32>, %w2: memref<8x8x1x1xf32>) -> memref<1x8x4x4xf32> {
  %r = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w1, %r {kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  %s = memref.alloc() : memref<1x8x4x4xf32>
  hip.conv %x, %w2, %s {kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf32>, memref<8x8x1x1xf32>, memref<1x8x4x4xf32>) -> ()
  %d = memref.alloc() : memref<1x8x4x4xf32>
  hip.add %r, %s, %d : (memref<1x8x4x4xf32>, memref<1x8x4x4xf32>, memref<1x8x4x4xf32>) -> ()
  return %d : memref<1x8x4x4xf32>
}

// -----

// Stays: the shortcut is read after the conv (it is not the add's last use).
// CHECK-LABEL: func.func @residual_read_later
// CHECK-NOT:     accumulate
// CHECK:         hip.add
func.func @residual_read_later(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>, %out: memref<1x4x4x8xf32>) -> memref<1x4x4x8xf32> {
  %r = memref.alloc() : memref<1x4x4x8xf32>
  hip.exp %x, %r : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  %s = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %x, %w, %s {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %d = memref.alloc() : memref<1x4x4x8xf32>
  hip.add %s, %r, %d : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  hip.exp %r, %out : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  return %d : memref<1x4x4x8xf32>
}

// -----

// Stays: the shortcut is written after the conv; the conv reads the shortcut (it cannot write it
// too); the conv has a clamp of its own; a broadcasting add.
// CHECK-LABEL: func.func @written_after_conv
// CHECK-NOT:     accumulate
// CHECK:         hip.add
// CHECK-LABEL: func.func @conv_reads_residual
// CHECK-NOT:     accumulate
// CHECK:         hip.add
// CHECK-LABEL: func.func @conv_clamped
// CHECK-NOT:     accumulate
// CHECK:         hip.add
// CHECK-LABEL: func.func @broadcast
// CHECK-NOT:     accumulate
// CHECK:         hip.add
func.func @written_after_conv(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>) -> memref<1x4x4x8xf32> {
  %r = memref.alloc() : memref<1x4x4x8xf32>
  %s = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %x, %w, %s {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  hip.exp %x, %r : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  %d = memref.alloc() : memref<1x4x4x8xf32>
  hip.add %s, %r, %d : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  return %d : memref<1x4x4x8xf32>
}

func.func @conv_reads_residual(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>) -> memref<1x4x4x8xf32> {
  %r = memref.alloc() : memref<1x4x4x8xf32>
  hip.exp %x, %r : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  %s = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %r, %w, %s {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %d = memref.alloc() : memref<1x4x4x8xf32>
  hip.add %s, %r, %d : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  return %d : memref<1x4x4x8xf32>
}

func.func @conv_clamped(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>) -> memref<1x4x4x8xf32> {
  %r = memref.alloc() : memref<1x4x4x8xf32>
  hip.exp %x, %r : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  %s = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %x, %w, %s {channels_last = true, clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %d = memref.alloc() : memref<1x4x4x8xf32>
  hip.add %s, %r, %d : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  return %d : memref<1x4x4x8xf32>
}

func.func @broadcast(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>, %c: memref<8xf32>) -> memref<1x4x4x8xf32> {
  %s = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %x, %w, %s {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %d = memref.alloc() : memref<1x4x4x8xf32>
  hip.add %s, %c, %d : (memref<1x4x4x8xf32>, memref<8xf32>, memref<1x4x4x8xf32>) -> ()
  return %d : memref<1x4x4x8xf32>
}

// -----

// Stays: the add writes the graph's output buffer; f64.
// CHECK-LABEL: func.func @into_output
// CHECK-NOT:     accumulate
// CHECK:         hip.add
// CHECK-LABEL: func.func @f64
// CHECK-NOT:     accumulate
// CHECK:         hip.add
func.func @into_output(%ctx: !hip.context, %x: memref<1x4x4x8xf32>, %w: memref<8x8x1x1xf32>) -> memref<1x4x4x8xf32> {
  %r = memref.alloc() : memref<1x4x4x8xf32>
  hip.exp %x, %r : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  %s = memref.alloc() : memref<1x4x4x8xf32>
  hip.conv %x, %w, %s {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x4x4x8xf32>, memref<8x8x1x1xf32>, memref<1x4x4x8xf32>) -> ()
  %d = hip.alloc_output(%ctx) {out_idx = 0 : i64} : memref<1x4x4x8xf32>
  hip.add %s, %r, %d : (memref<1x4x4x8xf32>, memref<1x4x4x8xf32>, memref<1x4x4x8xf32>) -> ()
  return %d : memref<1x4x4x8xf32>
}

func.func @f64(%ctx: !hip.context, %x: memref<1x8x4x4xf64>, %w: memref<8x8x1x1xf64>) -> memref<1x8x4x4xf64> {
  %r = memref.alloc() : memref<1x8x4x4xf64>
  hip.exp %x, %r : (memref<1x8x4x4xf64>, memref<1x8x4x4xf64>) -> ()
  %s = memref.alloc() : memref<1x8x4x4xf64>
  hip.conv %x, %w, %s {kernel_shape = array<i64: 1, 1>} : (memref<1x8x4x4xf64>, memref<8x8x1x1xf64>, memref<1x8x4x4xf64>) -> ()
  %d = memref.alloc() : memref<1x8x4x4xf64>
  hip.add %s, %r, %d : (memref<1x8x4x4xf64>, memref<1x8x4x4xf64>, memref<1x8x4x4xf64>) -> ()
  return %d : memref<1x8x4x4xf64>
}
