// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-concat-in-place))' | FileCheck %s

// A fire module: both convs write their channel slice of the concat's destination, whose alloc
// moves before the first of them; the concat, the convs' own allocs and their deallocs go.
// CHECK-LABEL: func.func @fire
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x24xf32>
// CHECK-NEXT:    %[[A:.*]] = memref.subview %[[D]][0, 0, 0, 0] [1, 5, 5, 8] [1, 1, 1, 1] : memref<1x5x5x24xf32> to memref<1x5x5x8xf32, strided<[600, 120, 24, 1]>>
// CHECK-NEXT:    hip.conv %arg1, %arg2, %[[A]] {channels_last = true, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 1, 1>}
// CHECK-NEXT:    %[[B:.*]] = memref.subview %[[D]][0, 0, 0, 8] [1, 5, 5, 16] [1, 1, 1, 1] : memref<1x5x5x24xf32> to memref<1x5x5x16xf32, strided<[600, 120, 24, 1], offset: 8>>
// CHECK-NEXT:    hip.conv %arg1, %arg3, %[[B]] {channels_last = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT:    return %[[D]]
// CHECK-NOT:     hip.concat
func.func @fire(%ctx: !hip.context, %x: memref<1x5x5x4xf32>, %w1: memref<8x4x1x1xf32>, %w3: memref<16x4x3x3xf32>) -> memref<1x5x5x24xf32> {
  %a = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x8xf32>
  hip.conv %x, %w1, %a {channels_last = true, clamp_min = 0.0 : f64, kernel_shape = array<i64: 1, 1>} : (memref<1x5x5x4xf32>, memref<8x4x1x1xf32>, memref<1x5x5x8xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x16xf32>
  hip.conv %x, %w3, %b {channels_last = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (memref<1x5x5x4xf32>, memref<16x4x3x3xf32>, memref<1x5x5x16xf32>) -> ()
  %d = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x24xf32>
  hip.concat %a, %b, %d {axis = 3 : i64} : (memref<1x5x5x8xf32>, memref<1x5x5x16xf32>, memref<1x5x5x24xf32>) -> ()
  memref.dealloc %a : memref<1x5x5x8xf32>
  memref.dealloc %b : memref<1x5x5x16xf32>
  return %d : memref<1x5x5x24xf32>
}

// -----

// Along axis 1 (NCHW) into the caller's output buffer, three inputs: offsets 0, 2 and 5 channels
// of 6x7 pixels.
// CHECK-LABEL: func.func @nchw_output
// CHECK-NEXT:    %[[D:.*]] = hip.alloc_output(%arg0) {out_idx = 0 : i64} : memref<1x6x6x7xf32>
// CHECK-NEXT:    memref.subview %[[D]][0, 0, 0, 0] [1, 2, 6, 7] [1, 1, 1, 1] : memref<1x6x6x7xf32> to memref<1x2x6x7xf32, strided<[252, 42, 7, 1]>>
// CHECK-NEXT:    hip.conv
// CHECK-NEXT:    memref.subview %[[D]][0, 2, 0, 0] [1, 3, 6, 7] [1, 1, 1, 1] : memref<1x6x6x7xf32> to memref<1x3x6x7xf32, strided<[252, 42, 7, 1], offset: 84>>
// CHECK-NEXT:    hip.conv
// CHECK-NEXT:    memref.subview %[[D]][0, 5, 0, 0] [1, 1, 6, 7] [1, 1, 1, 1] : memref<1x6x6x7xf32> to memref<1x1x6x7xf32, strided<[252, 42, 7, 1], offset: 210>>
// CHECK-NEXT:    hip.conv
// CHECK-NEXT:    return %[[D]]
func.func @nchw_output(%ctx: !hip.context, %x: memref<1x3x6x7xf32>, %w2: memref<2x3x1x1xf32>, %w3: memref<3x3x1x1xf32>, %w1: memref<1x3x1x1xf32>) -> memref<1x6x6x7xf32> {
  %a = memref.alloc() : memref<1x2x6x7xf32>
  hip.conv %x, %w2, %a {kernel_shape = array<i64: 1, 1>} : (memref<1x3x6x7xf32>, memref<2x3x1x1xf32>, memref<1x2x6x7xf32>) -> ()
  %b = memref.alloc() : memref<1x3x6x7xf32>
  hip.conv %x, %w3, %b {kernel_shape = array<i64: 1, 1>} : (memref<1x3x6x7xf32>, memref<3x3x1x1xf32>, memref<1x3x6x7xf32>) -> ()
  %c = memref.alloc() : memref<1x1x6x7xf32>
  hip.conv %x, %w1, %c {kernel_shape = array<i64: 1, 1>} : (memref<1x3x6x7xf32>, memref<1x3x1x1xf32>, memref<1x1x6x7xf32>) -> ()
  %d = hip.alloc_output(%ctx) {out_idx = 0 : i64} : memref<1x6x6x7xf32>
  hip.concat %a, %b, %c, %d {axis = 1 : i64} : (memref<1x2x6x7xf32>, memref<1x3x6x7xf32>, memref<1x1x6x7xf32>, memref<1x6x6x7xf32>) -> ()
  return %d : memref<1x6x6x7xf32>
}

// -----

// Stays: an input read by another op too (the conv's result is still needed whole).
// CHECK-LABEL: func.func @input_read_twice
// CHECK-NOT:     memref.subview
// CHECK:         hip.concat
func.func @input_read_twice(%ctx: !hip.context, %x: memref<1x5x5x4xf32>, %w: memref<8x4x1x1xf32>) -> (memref<1x5x5x16xf32>, memref<1x5x5x8xf32>) {
  %a = memref.alloc() : memref<1x5x5x8xf32>
  hip.conv %x, %w, %a {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x5x5x4xf32>, memref<8x4x1x1xf32>, memref<1x5x5x8xf32>) -> ()
  %r = memref.alloc() : memref<1x5x5x8xf32>
  hip.exp %a, %r : (memref<1x5x5x8xf32>, memref<1x5x5x8xf32>) -> ()
  %d = memref.alloc() : memref<1x5x5x16xf32>
  hip.concat %a, %r, %d {axis = 3 : i64} : (memref<1x5x5x8xf32>, memref<1x5x5x8xf32>, memref<1x5x5x16xf32>) -> ()
  return %d, %r : memref<1x5x5x16xf32>, memref<1x5x5x8xf32>
}

// -----

// Stays: an input that is not a convolution's result (the exp's kernel writes dense buffers only),
// and the same conv result twice.
// CHECK-LABEL: func.func @other_writer
// CHECK-NOT:     memref.subview
// CHECK:         hip.concat
// CHECK-LABEL: func.func @same_input_twice
// CHECK-NOT:     memref.subview
// CHECK:         hip.concat
func.func @other_writer(%ctx: !hip.context, %x: memref<1x5x5x8xf32>, %w: memref<8x8x1x1xf32>) -> memref<1x5x5x16xf32> {
  %a = memref.alloc() : memref<1x5x5x8xf32>
  hip.conv %x, %w, %a {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x5x5x8xf32>, memref<8x8x1x1xf32>, memref<1x5x5x8xf32>) -> ()
  %b = memref.alloc() : memref<1x5x5x8xf32>
  hip.exp %x, %b : (memref<1x5x5x8xf32>, memref<1x5x5x8xf32>) -> ()
  %d = memref.alloc() : memref<1x5x5x16xf32>
  hip.concat %a, %b, %d {axis = 3 : i64} : (memref<1x5x5x8xf32>, memref<1x5x5x8xf32>, memref<1x5x5x16xf32>) -> ()
  return %d : memref<1x5x5x16xf32>
}
func.func @same_input_twice(%ctx: !hip.context, %x: memref<1x5x5x8xf32>, %w: memref<8x8x1x1xf32>) -> memref<1x5x5x16xf32> {
  %a = memref.alloc() : memref<1x5x5x8xf32>
  hip.conv %x, %w, %a {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x5x5x8xf32>, memref<8x8x1x1xf32>, memref<1x5x5x8xf32>) -> ()
  %d = memref.alloc() : memref<1x5x5x16xf32>
  hip.concat %a, %a, %d {axis = 3 : i64} : (memref<1x5x5x8xf32>, memref<1x5x5x8xf32>, memref<1x5x5x16xf32>) -> ()
  return %d : memref<1x5x5x16xf32>
}

// -----

// Stays: dynamic sizes (a subview of static sizes cannot be made), and a destination used before
// the concat.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT:     memref.subview
// CHECK:         hip.concat
// CHECK-LABEL: func.func @destination_used_before
// CHECK-NOT:     memref.subview
// CHECK:         hip.concat
func.func @dynamic(%ctx: !hip.context, %x: memref<?x5x5x4xf32>, %w: memref<8x4x1x1xf32>, %n: index) -> memref<?x5x5x16xf32> {
  %a = memref.alloc(%n) : memref<?x5x5x8xf32>
  hip.conv %x, %w, %a {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<?x5x5x4xf32>, memref<8x4x1x1xf32>, memref<?x5x5x8xf32>) -> ()
  %b = memref.alloc(%n) : memref<?x5x5x8xf32>
  hip.conv %x, %w, %b {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<?x5x5x4xf32>, memref<8x4x1x1xf32>, memref<?x5x5x8xf32>) -> ()
  %d = memref.alloc(%n) : memref<?x5x5x16xf32>
  hip.concat %a, %b, %d {axis = 3 : i64} : (memref<?x5x5x8xf32>, memref<?x5x5x8xf32>, memref<?x5x5x16xf32>) -> ()
  return %d : memref<?x5x5x16xf32>
}
func.func @destination_used_before(%ctx: !hip.context, %x: memref<1x5x5x4xf32>, %w: memref<8x4x1x1xf32>, %y: memref<1x5x5x16xf32>) -> memref<1x5x5x16xf32> {
  %d = memref.alloc() : memref<1x5x5x16xf32>
  hip.exp %y, %d : (memref<1x5x5x16xf32>, memref<1x5x5x16xf32>) -> ()
  %a = memref.alloc() : memref<1x5x5x8xf32>
  hip.conv %x, %w, %a {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x5x5x4xf32>, memref<8x4x1x1xf32>, memref<1x5x5x8xf32>) -> ()
  %b = memref.alloc() : memref<1x5x5x8xf32>
  hip.conv %x, %w, %b {channels_last = true, kernel_shape = array<i64: 1, 1>} : (memref<1x5x5x4xf32>, memref<8x4x1x1xf32>, memref<1x5x5x8xf32>) -> ()
  hip.concat %a, %b, %d {axis = 3 : i64} : (memref<1x5x5x8xf32>, memref<1x5x5x8xf32>, memref<1x5x5x16xf32>) -> ()
  return %d : memref<1x5x5x16xf32>
}
