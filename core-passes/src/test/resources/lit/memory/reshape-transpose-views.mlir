// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-reshape-transpose-views))' | FileCheck %s

// Attention's head split: each projection's reshape becomes a view of it with the same identity
// type; the transposes that only the score and context products read become strided views of those
// (Q and V [S, H, D] -> [H, S, D]: strides [D, H*D, 1]; K -> [H, D, S]: strides [D, 1, H*D]). The
// copies and their buffers go. The context's transpose, read by an exp, folds into its product the
// other way: the product writes the merged [S, H, D] buffer, whose alloc moves before it, through
// a view with strides [D, H*D, 1].
// CHECK-LABEL: func.func @heads
// CHECK-NEXT:    %[[Q:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [4, 2, 3], strides: [6, 3, 1] : memref<4x6xf32> to memref<4x2x3xf32>
// CHECK-NEXT:    %[[QT:.*]] = memref.reinterpret_cast %[[Q]] to offset: [0], sizes: [2, 4, 3], strides: [3, 6, 1] : memref<4x2x3xf32> to memref<2x4x3xf32, strided<[3, 6, 1]>>
// CHECK-NEXT:    %[[K:.*]] = memref.reinterpret_cast %arg2 to offset: [0], sizes: [4, 2, 3], strides: [6, 3, 1] : memref<4x6xf32> to memref<4x2x3xf32>
// CHECK-NEXT:    %[[KT:.*]] = memref.reinterpret_cast %[[K]] to offset: [0], sizes: [2, 3, 4], strides: [3, 1, 6] : memref<4x2x3xf32> to memref<2x3x4xf32, strided<[3, 1, 6]>>
// CHECK-NEXT:    %[[S:.*]] = memref.alloc() : memref<2x4x4xf32>
// CHECK-NEXT:    hip.matmul %[[QT]], %[[KT]], %[[S]] : (memref<2x4x3xf32, strided<[3, 6, 1]>>, memref<2x3x4xf32, strided<[3, 1, 6]>>, memref<2x4x4xf32>) -> ()
// CHECK-NEXT:    %[[V:.*]] = memref.reinterpret_cast %arg3 to offset: [0], sizes: [4, 2, 3], strides: [6, 3, 1] : memref<4x6xf32> to memref<4x2x3xf32>
// CHECK-NEXT:    %[[VT:.*]] = memref.reinterpret_cast %[[V]] to offset: [0], sizes: [2, 4, 3], strides: [3, 6, 1] : memref<4x2x3xf32> to memref<2x4x3xf32, strided<[3, 6, 1]>>
// CHECK-NEXT:    %[[CT:.*]] = memref.alloc() : memref<4x2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.reinterpret_cast %[[CT]] to offset: [0], sizes: [2, 4, 3], strides: [3, 6, 1] : memref<4x2x3xf32> to memref<2x4x3xf32, strided<[3, 6, 1]>>
// CHECK-NEXT:    hip.matmul %[[S]], %[[VT]], %[[C]]
// CHECK-NEXT:    hip.exp %[[CT]], %arg4
// CHECK-NEXT:    return
// CHECK-NOT:     hip.reshape
// CHECK-NOT:     hip.transpose
func.func @heads(%ctx: !hip.context, %q: memref<4x6xf32>, %k: memref<4x6xf32>, %v: memref<4x6xf32>, %out: memref<4x2x3xf32>) {
  %q3 = memref.alloc() : memref<4x2x3xf32>
  hip.reshape %q, %q3 {allowzero = false, shape = array<i64: 4, 2, 3>} : (memref<4x6xf32>, memref<4x2x3xf32>) -> ()
  %qt = memref.alloc() : memref<2x4x3xf32>
  hip.transpose %q3, %qt {perm = array<i64: 1, 0, 2>} : (memref<4x2x3xf32>, memref<2x4x3xf32>) -> ()
  %k3 = memref.alloc() : memref<4x2x3xf32>
  hip.reshape %k, %k3 {allowzero = false, shape = array<i64: 4, 2, 3>} : (memref<4x6xf32>, memref<4x2x3xf32>) -> ()
  %kt = memref.alloc() : memref<2x3x4xf32>
  hip.transpose %k3, %kt {perm = array<i64: 1, 2, 0>} : (memref<4x2x3xf32>, memref<2x3x4xf32>) -> ()
  %s = memref.alloc() : memref<2x4x4xf32>
  hip.matmul %qt, %kt, %s : (memref<2x4x3xf32>, memref<2x3x4xf32>, memref<2x4x4xf32>) -> ()
  %v3 = memref.alloc() : memref<4x2x3xf32>
  hip.reshape %v, %v3 {allowzero = false, shape = array<i64: 4, 2, 3>} : (memref<4x6xf32>, memref<4x2x3xf32>) -> ()
  %vt = memref.alloc() : memref<2x4x3xf32>
  hip.transpose %v3, %vt {perm = array<i64: 1, 0, 2>} : (memref<4x2x3xf32>, memref<2x4x3xf32>) -> ()
  %c = memref.alloc() : memref<2x4x3xf32>
  hip.matmul %s, %vt, %c : (memref<2x4x4xf32>, memref<2x4x3xf32>, memref<2x4x3xf32>) -> ()
  %ct = memref.alloc() : memref<4x2x3xf32>
  hip.transpose %c, %ct {perm = array<i64: 1, 0, 2>} : (memref<2x4x3xf32>, memref<4x2x3xf32>) -> ()
  hip.exp %ct, %out : (memref<4x2x3xf32>, memref<4x2x3xf32>) -> ()
  return
}

// -----

// A transpose that moves only a unit dimension keeps the identity layout; the reversed default
// permutation (no perm) of a matrix read by a product is its strided view; a reshape whose
// destination has deallocs loses them with the alloc.
// CHECK-LABEL: func.func @unit_and_default
// CHECK-NEXT:    %[[U:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [1, 4, 6], strides: [24, 6, 1] : memref<4x1x6xf32> to memref<1x4x6xf32>
// CHECK-NEXT:    %[[T:.*]] = memref.reinterpret_cast %arg2 to offset: [0], sizes: [6, 5], strides: [1, 6] : memref<5x6xf32> to memref<6x5xf32, strided<[1, 6]>>
// CHECK-NEXT:    hip.matmul %[[U]], %[[T]], %arg3
// CHECK-NEXT:    return
func.func @unit_and_default(%ctx: !hip.context, %x: memref<4x1x6xf32>, %w: memref<5x6xf32>, %out: memref<1x4x5xf32>) {
  %u = memref.alloc() : memref<1x4x6xf32>
  hip.transpose %x, %u {perm = array<i64: 1, 0, 2>} : (memref<4x1x6xf32>, memref<1x4x6xf32>) -> ()
  %t = memref.alloc() : memref<6x5xf32>
  hip.transpose %w, %t : (memref<5x6xf32>, memref<6x5xf32>) -> ()
  hip.matmul %u, %t, %out : (memref<1x4x6xf32>, memref<6x5xf32>, memref<1x4x5xf32>) -> ()
  memref.dealloc %u : memref<1x4x6xf32>
  memref.dealloc %t : memref<6x5xf32>
  return
}

// -----

// Stays: the source is written after the reshape while its view would still be read (the exp
// writes %a again), and a reshape whose destination another op writes too.
// CHECK-LABEL: func.func @source_written_later
// CHECK:         hip.reshape
// CHECK-LABEL: func.func @destination_written_twice
// CHECK:         hip.reshape
func.func @source_written_later(%ctx: !hip.context, %x: memref<2x6xf32>, %out: memref<12xf32>) {
  %a = memref.alloc() : memref<2x6xf32>
  hip.exp %x, %a : (memref<2x6xf32>, memref<2x6xf32>) -> ()
  %d = memref.alloc() : memref<12xf32>
  hip.reshape %a, %d {allowzero = false, shape = array<i64: 12>} : (memref<2x6xf32>, memref<12xf32>) -> ()
  hip.exp %x, %a : (memref<2x6xf32>, memref<2x6xf32>) -> ()
  hip.exp %d, %out : (memref<12xf32>, memref<12xf32>) -> ()
  return
}
func.func @destination_written_twice(%ctx: !hip.context, %x: memref<2x6xf32>, %y: memref<12xf32>, %out: memref<12xf32>) {
  %d = memref.alloc() : memref<12xf32>
  hip.reshape %x, %d {allowzero = false, shape = array<i64: 12>} : (memref<2x6xf32>, memref<12xf32>) -> ()
  hip.exp %y, %d : (memref<12xf32>, memref<12xf32>) -> ()
  hip.exp %d, %out : (memref<12xf32>, memref<12xf32>) -> ()
  return
}

// -----

// Stays: a destination that is returned (the caller's buffer must hold the values), a source with
// a dealloc, a source read through a strided layout by a reshape, and a transpose read by an op
// that is not a strided reader.
// CHECK-LABEL: func.func @returned
// CHECK:         hip.reshape
// CHECK-LABEL: func.func @source_freed
// CHECK:         hip.reshape
// CHECK-LABEL: func.func @strided_source
// CHECK:         hip.reshape
// CHECK-LABEL: func.func @not_a_strided_reader
// CHECK:         hip.transpose
func.func @returned(%ctx: !hip.context, %x: memref<2x6xf32>) -> memref<12xf32> {
  %d = memref.alloc() : memref<12xf32>
  hip.reshape %x, %d {allowzero = false, shape = array<i64: 12>} : (memref<2x6xf32>, memref<12xf32>) -> ()
  return %d : memref<12xf32>
}
func.func @source_freed(%ctx: !hip.context, %x: memref<2x6xf32>, %out: memref<12xf32>) {
  %a = memref.alloc() : memref<2x6xf32>
  hip.exp %x, %a : (memref<2x6xf32>, memref<2x6xf32>) -> ()
  %d = memref.alloc() : memref<12xf32>
  hip.reshape %a, %d {allowzero = false, shape = array<i64: 12>} : (memref<2x6xf32>, memref<12xf32>) -> ()
  memref.dealloc %a : memref<2x6xf32>
  hip.exp %d, %out : (memref<12xf32>, memref<12xf32>) -> ()
  return
}
func.func @strided_source(%ctx: !hip.context, %x: memref<2x6xf32, strided<[12, 1]>>, %out: memref<12xf32>) {
  %d = memref.alloc() : memref<12xf32>
  hip.reshape %x, %d {allowzero = false, shape = array<i64: 12>} : (memref<2x6xf32, strided<[12, 1]>>, memref<12xf32>) -> ()
  hip.exp %d, %out : (memref<12xf32>, memref<12xf32>) -> ()
  return
}
func.func @not_a_strided_reader(%ctx: !hip.context, %x: memref<2x6xf32>, %out: memref<6x2xf32>) {
  %t = memref.alloc() : memref<6x2xf32>
  hip.transpose %x, %t {perm = array<i64: 1, 0>} : (memref<2x6xf32>, memref<6x2xf32>) -> ()
  hip.exp %t, %out : (memref<6x2xf32>, memref<6x2xf32>) -> ()
  return
}

// -----

// Stays: a transpose whose source the product's bias form writes (its kernel computes densely), and
// one whose source is also read by another op.
// CHECK-LABEL: func.func @biased_writer
// CHECK:         hip.transpose
// CHECK-LABEL: func.func @source_read_twice
// CHECK:         hip.transpose
func.func @biased_writer(%ctx: !hip.context, %a: memref<2x4x3xf32>, %b: memref<3x5xf32>, %bias: memref<5xf32>, %out: memref<4x2x5xf32>) {
  %c = memref.alloc() : memref<2x4x5xf32>
  hip.matmul %a, %b, %bias, %c : (memref<2x4x3xf32>, memref<3x5xf32>, memref<5xf32>, memref<2x4x5xf32>) -> ()
  %t = memref.alloc() : memref<4x2x5xf32>
  hip.transpose %c, %t {perm = array<i64: 1, 0, 2>} : (memref<2x4x5xf32>, memref<4x2x5xf32>) -> ()
  hip.exp %t, %out : (memref<4x2x5xf32>, memref<4x2x5xf32>) -> ()
  return
}
func.func @source_read_twice(%ctx: !hip.context, %a: memref<2x4x3xf32>, %b: memref<3x5xf32>, %out: memref<4x2x5xf32>, %out2: memref<2x4x5xf32>) {
  %c = memref.alloc() : memref<2x4x5xf32>
  hip.matmul %a, %b, %c : (memref<2x4x3xf32>, memref<3x5xf32>, memref<2x4x5xf32>) -> ()
  %t = memref.alloc() : memref<4x2x5xf32>
  hip.transpose %c, %t {perm = array<i64: 1, 0, 2>} : (memref<2x4x5xf32>, memref<4x2x5xf32>) -> ()
  hip.exp %t, %out : (memref<4x2x5xf32>, memref<4x2x5xf32>) -> ()
  hip.exp %c, %out2 : (memref<2x4x5xf32>, memref<2x4x5xf32>) -> ()
  return
}

// -----

// A rotation (perm [1, 2, 0], not its own inverse) of a product's result: source dimension j
// steps like the destination dimension that perm maps to j (dims 0, 1, 2 -> strides 1, 8, 2 of
// the [3, 4, 2] destination).
// CHECK-LABEL: func.func @rotate
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<3x4x2xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.reinterpret_cast %[[T]] to offset: [0], sizes: [2, 3, 4], strides: [1, 8, 2] : memref<3x4x2xf32> to memref<2x3x4xf32, strided<[1, 8, 2]>>
// CHECK-NEXT:    hip.matmul %arg1, %arg2, %[[V]]
// CHECK-NEXT:    hip.exp %[[T]], %arg3
// CHECK-NEXT:    return
func.func @rotate(%ctx: !hip.context, %a: memref<2x3x5xf32>, %b: memref<2x5x4xf32>, %out: memref<3x4x2xf32>) {
  %c = memref.alloc() : memref<2x3x4xf32>
  hip.matmul %a, %b, %c : (memref<2x3x5xf32>, memref<2x5x4xf32>, memref<2x3x4xf32>) -> ()
  %t = memref.alloc() : memref<3x4x2xf32>
  hip.transpose %c, %t {perm = array<i64: 1, 2, 0>} : (memref<2x3x4xf32>, memref<3x4x2xf32>) -> ()
  hip.exp %t, %out : (memref<3x4x2xf32>, memref<3x4x2xf32>) -> ()
  return
}

// -----

// A CNN's first convolution: the image's NCHW -> NHWC transpose, read only as the X of a
// channels-last f32 conv of 3 input channels (here with its fused max pool), becomes a strided view
// of the image (strides [C*H*W, W, 1, H*W]) that the conv reads in place; the copy, its buffer and
// its dealloc go.
// CHECK-LABEL: func.func @image_into_conv
// CHECK-NEXT:    %[[V:.*]] = memref.reinterpret_cast %arg1 to offset: [0], sizes: [1, 6, 5, 3], strides: [90, 5, 1, 30] : memref<1x3x6x5xf32> to memref<1x6x5x3xf32, strided<[90, 5, 1, 30]>>
// CHECK-NEXT:    hip.conv %[[V]], %arg2, %arg3, %arg4 {channels_last = true, clamp_min = 0.000000e+00 : f64, kernel_shape = array<i64: 3, 3>, max_pool = array<i64: 2, 2, 2, 2, 0, 0, 0, 0>, pads = array<i64: 1, 1, 1, 1>} : (memref<1x6x5x3xf32, strided<[90, 5, 1, 30]>>, memref<16x3x3x3xf32>, memref<16xf32>, memref<1x3x2x16xf32>) -> ()
// CHECK-NEXT:    return
func.func @image_into_conv(%ctx: !hip.context, %x: memref<1x3x6x5xf32>, %w: memref<16x3x3x3xf32>, %b: memref<16xf32>, %out: memref<1x3x2x16xf32>) {
  %t = memref.alloc() : memref<1x6x5x3xf32>
  hip.transpose %x, %t {perm = array<i64: 0, 2, 3, 1>} : (memref<1x3x6x5xf32>, memref<1x6x5x3xf32>) -> ()
  hip.conv %t, %w, %b, %out {channels_last = true, clamp_min = 0.0 : f64, kernel_shape = array<i64: 3, 3>, max_pool = array<i64: 2, 2, 2, 2, 0, 0, 0, 0>, pads = array<i64: 1, 1, 1, 1>} : (memref<1x6x5x3xf32>, memref<16x3x3x3xf32>, memref<16xf32>, memref<1x3x2x16xf32>) -> ()
  memref.dealloc %t : memref<1x6x5x3xf32>
  return
}

// -----

// Stays: an image of more channels than the direct kernel takes in planes (8), a conv that is not
// channels-last, and a conv that reads the transpose as its weights.
// CHECK-LABEL: func.func @eight_channels
// CHECK:         hip.transpose
// CHECK-LABEL: func.func @channels_first_conv
// CHECK:         hip.transpose
// CHECK-LABEL: func.func @transpose_as_weights
// CHECK:         hip.transpose
func.func @eight_channels(%ctx: !hip.context, %x: memref<1x8x6x5xf32>, %w: memref<16x8x3x3xf32>, %out: memref<1x4x3x16xf32>) {
  %t = memref.alloc() : memref<1x6x5x8xf32>
  hip.transpose %x, %t {perm = array<i64: 0, 2, 3, 1>} : (memref<1x8x6x5xf32>, memref<1x6x5x8xf32>) -> ()
  hip.conv %t, %w, %out {channels_last = true, kernel_shape = array<i64: 3, 3>} : (memref<1x6x5x8xf32>, memref<16x8x3x3xf32>, memref<1x4x3x16xf32>) -> ()
  return
}
func.func @channels_first_conv(%ctx: !hip.context, %x: memref<1x5x6x3xf32>, %w: memref<16x3x3x3xf32>, %out: memref<1x16x3x4xf32>) {
  %t = memref.alloc() : memref<1x3x5x6xf32>
  hip.transpose %x, %t {perm = array<i64: 0, 3, 1, 2>} : (memref<1x5x6x3xf32>, memref<1x3x5x6xf32>) -> ()
  hip.conv %t, %w, %out {kernel_shape = array<i64: 3, 3>} : (memref<1x3x5x6xf32>, memref<16x3x3x3xf32>, memref<1x16x3x4xf32>) -> ()
  return
}
func.func @transpose_as_weights(%ctx: !hip.context, %x: memref<1x6x5x3xf32>, %w: memref<3x3x3x4xf32>, %out: memref<1x4x3x4xf32>) {
  %t = memref.alloc() : memref<4x3x3x3xf32>
  hip.transpose %w, %t {perm = array<i64: 3, 0, 1, 2>} : (memref<3x3x3x4xf32>, memref<4x3x3x3xf32>) -> ()
  hip.conv %x, %t, %out {channels_last = true, kernel_shape = array<i64: 3, 3>} : (memref<1x6x5x3xf32>, memref<4x3x3x3xf32>, memref<1x4x3x4xf32>) -> ()
  return
}
