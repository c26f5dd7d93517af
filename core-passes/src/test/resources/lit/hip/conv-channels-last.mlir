// RUN: hip-mlir-opt %s --split-input-file --hip-conv-channels-last --canonicalize | FileCheck %s

// A ResNet-like stem: conv (fused Relu) -> 1x1 conv -> max pool -> global average pool.
// Everything after the first transpose runs NHWC: the input is transposed once, the [N, 1, 1, C]
// pool result once back. canonicalize then fuses the max pool into the 1x1 conv, its only reader
// (max_pool: kernel, strides, pads).
// CHECK-LABEL: func.func @block
// CHECK:         %[[X:.*]] = hip.transpose %arg0, %{{.*}} {perm = array<i64: 0, 2, 3, 1>} : {{.*}} -> tensor<1x6x6x8xf32>
// CHECK:         %[[C:.*]] = hip.conv %[[X]], %arg1, %{{.*}} {channels_last = true, clamp_min = 0.000000e+00 : f64, pads = array<i64: 1, 1, 1, 1>} : {{.*}} -> tensor<1x6x6x8xf32>
// CHECK:         %[[P:.*]] = hip.conv %[[C]], %arg2, %{{.*}} {channels_last = true, max_pool = array<i64: 2, 2, 2, 2, 0, 0, 0, 0>} : {{.*}} -> tensor<1x3x3x8xf32>
// CHECK-NOT:     hip.max_pool
// CHECK:         %[[G:.*]] = hip.global_avg_pool %[[P]], %{{.*}} {channels_last = true} : {{.*}} -> tensor<1x1x1x8xf32>
// CHECK:         %[[B:.*]] = hip.transpose %[[G]], %{{.*}} {perm = array<i64: 0, 3, 1, 2>} : {{.*}} -> tensor<1x8x1x1xf32>
// CHECK:         return %[[B]]
func.func @block(%x: tensor<1x8x6x6xf32>, %w: tensor<8x8x3x3xf32>, %w1: tensor<8x8x1x1xf32>) -> tensor<1x8x1x1xf32> {
  %e0 = tensor.empty() : tensor<1x8x6x6xf32>
  %c = hip.conv %x, %w, %e0 {pads = array<i64: 1, 1, 1, 1>, clamp_min = 0.0 : f64} : (tensor<1x8x6x6xf32>, tensor<8x8x3x3xf32>, tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %e2 = tensor.empty() : tensor<1x8x6x6xf32>
  %c2 = hip.conv %c, %w1, %e2 : (tensor<1x8x6x6xf32>, tensor<8x8x1x1xf32>, tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %e4 = tensor.empty() : tensor<1x8x3x3xf32>
  %p = hip.max_pool %c2, %e4 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x8x6x6xf32>, tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  %e5 = tensor.empty() : tensor<1x8x1x1xf32>
  %g = hip.global_avg_pool %p, %e5 : (tensor<1x8x3x3xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x1x1xf32>
  return %g : tensor<1x8x1x1xf32>
}

// -----

// Residual add of two NHWC values and a Relu (max with a scalar) stay NHWC (canonicalize then fuses
// the Relu into the add); a fire-module concat on the channels becomes a concat on axis 3; the
// reshape needs NCHW: the one transpose back is right before it.
// CHECK-LABEL: func.func @residual_concat
// (Each conv transposes its input; cse, next in the pipeline, merges the two.)
// CHECK:         %[[X:.*]] = hip.transpose %arg0, {{.*}} {perm = array<i64: 0, 2, 3, 1>}
// CHECK:         %[[A:.*]] = hip.conv %[[X]], %arg1, {{.*}}channels_last = true
// CHECK:         %[[X2:.*]] = hip.transpose %arg0, {{.*}} {perm = array<i64: 0, 2, 3, 1>}
// CHECK:         %[[B:.*]] = hip.conv %[[X2]], %arg2, {{.*}}channels_last = true
// CHECK:         %[[R:.*]] = hip.add %[[A]], %[[B]], {{.*}} {clamp_min = 0.000000e+00 : f64} : {{.*}} -> tensor<1x4x4x8xf32>
// CHECK:         %[[K:.*]] = hip.concat %[[R]], %[[A]], {{.*}} {axis = 3 : i64} : {{.*}} -> tensor<1x4x4x16xf32>
// CHECK:         %[[T:.*]] = hip.transpose %[[K]], {{.*}} {perm = array<i64: 0, 3, 1, 2>} : {{.*}} -> tensor<1x16x4x4xf32>
// CHECK:         hip.reshape %[[T]]
// CHECK-NOT:     hip.transpose
func.func @residual_concat(%x: tensor<1x3x4x4xf32>, %w1: tensor<8x3x1x1xf32>, %w2: tensor<8x3x3x3xf32>) -> tensor<1x256xf32> {
  %zero = hip.constant {value = dense<0.0> : tensor<1xf32>} : tensor<1xf32>
  %e0 = tensor.empty() : tensor<1x8x4x4xf32>
  %a = hip.conv %x, %w1, %e0 : (tensor<1x3x4x4xf32>, tensor<8x3x1x1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e1 = tensor.empty() : tensor<1x8x4x4xf32>
  %b = hip.conv %x, %w2, %e1 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x4x4xf32>, tensor<8x3x3x3xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e2 = tensor.empty() : tensor<1x8x4x4xf32>
  %s = hip.add %a, %b, %e2 : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e3 = tensor.empty() : tensor<1x8x4x4xf32>
  %r = hip.max %s, %zero, %e3 : (tensor<1x8x4x4xf32>, tensor<1xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e4 = tensor.empty() : tensor<1x16x4x4xf32>
  %k = hip.concat %r, %a, %e4 {axis = 1 : i64} : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>, tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %e5 = tensor.empty() : tensor<1x256xf32>
  %f = hip.reshape %k, %e5 {shape = array<i64: 1, 256>} : (tensor<1x16x4x4xf32>, tensor<1x256xf32>) -> tensor<1x256xf32>
  return %f : tensor<1x256xf32>
}

// -----

// What stays NCHW: a grouped conv, a dilated one, an f64 one, one with a dynamic spatial
// dimension, and a single-channel conv under 2^20 multiply-adds (mnist-8's first: 8x1x5x5 over
// 28x28).
// CHECK-LABEL: func.func @stays
// CHECK-NOT:     channels_last
// CHECK-NOT:     hip.transpose
// CHECK:         return
func.func @stays(%x: tensor<1x4x8x8xf32>, %wg: tensor<4x2x3x3xf32>, %w: tensor<4x4x3x3xf32>, %xd: tensor<1x4x8x8xf64>,
                 %wd: tensor<4x4x3x3xf64>, %xn: tensor<1x4x?x8xf32>, %x1: tensor<1x1x28x28xf32>, %w1: tensor<8x1x5x5xf32>)
    -> (tensor<1x4x6x6xf32>, tensor<1x4x4x4xf32>, tensor<1x4x6x6xf64>, tensor<1x4x?x6xf32>, tensor<1x8x24x24xf32>) {
  %e0 = tensor.empty() : tensor<1x4x6x6xf32>
  %g = hip.conv %x, %wg, %e0 {group = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<4x2x3x3xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %e1 = tensor.empty() : tensor<1x4x4x4xf32>
  %d = hip.conv %x, %w, %e1 {dilations = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x4x6x6xf64>
  %f = hip.conv %xd, %wd, %e2 : (tensor<1x4x8x8xf64>, tensor<4x4x3x3xf64>, tensor<1x4x6x6xf64>) -> tensor<1x4x6x6xf64>
  %c2 = arith.constant 2 : index
  %h = tensor.dim %xn, %c2 : tensor<1x4x?x8xf32>
  %oh = arith.subi %h, %c2 : index
  %e3 = tensor.empty(%oh) : tensor<1x4x?x6xf32>
  %y = hip.conv %xn, %w, %e3 : (tensor<1x4x?x8xf32>, tensor<4x4x3x3xf32>, tensor<1x4x?x6xf32>) -> tensor<1x4x?x6xf32>
  %e4 = tensor.empty() : tensor<1x8x24x24xf32>
  %m = hip.conv %x1, %w1, %e4 : (tensor<1x1x28x28xf32>, tensor<8x1x5x5xf32>, tensor<1x8x24x24xf32>) -> tensor<1x8x24x24xf32>
  return %g, %d, %f, %y, %m : tensor<1x4x6x6xf32>, tensor<1x4x4x4xf32>, tensor<1x4x6x6xf64>, tensor<1x4x?x6xf32>, tensor<1x8x24x24xf32>
}

// -----

// A dynamic batch (super-resolution-10's): every new destination takes it from the conv's own; the
// Relu's destination size, a tensor.dim of the conv's result, reads the NHWC conv instead, so no
// transpose back is left between them, and the Relu then fuses into the conv.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK:         %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x8x8xf32>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x8x8x4xf32>
// CHECK:         %[[X:.*]] = hip.transpose %arg0, %[[E]] {perm = array<i64: 0, 2, 3, 1>}
// (canonicalize then fuses the Relu, now after the NHWC conv, into it.)
// CHECK:         %[[C:.*]] = hip.conv %[[X]], %arg1, %{{.*}} {channels_last = true, clamp_min = 0.000000e+00 : f64} : {{.*}} -> tensor<?x6x6x4xf32>
// CHECK:         %[[E2:.*]] = tensor.empty(%{{.*}}) : tensor<?x4x6x6xf32>
// CHECK:         %[[B:.*]] = hip.transpose %[[C]], %[[E2]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NOT:     hip.transpose
// CHECK:         return %[[B]]
func.func @dynamic_batch(%x: tensor<?x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<?x4x6x6xf32> {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x8x8xf32>
  %e0 = tensor.empty(%n) : tensor<?x4x6x6xf32>
  %y = hip.conv %x, %w, %e0 : (tensor<?x4x8x8xf32>, tensor<4x4x3x3xf32>, tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  %n1 = tensor.dim %y, %c0 : tensor<?x4x6x6xf32>
  %e1 = tensor.empty(%n1) : tensor<?x4x6x6xf32>
  %r = hip.max %y, %zero, %e1 : (tensor<?x4x6x6xf32>, tensor<f32>, tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  return %r : tensor<?x4x6x6xf32>
}

// -----

// A max pool whose conv result is read twice stays apart (the conv must write that result); one
// with pads fuses with them (top, left, bottom, right after kernel and strides); a conv with SAME
// pads takes them explicitly when it fuses (a 2x2 kernel: the odd one at the end).
// CHECK-LABEL: func.func @pools
// CHECK:         %[[C:.*]] = hip.conv %{{.*}}, %arg1, %{{.*}} {channels_last = true} : {{.*}} -> tensor<1x7x7x8xf32>
// CHECK:         hip.max_pool %[[C]], %{{.*}} {channels_last = true, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>}
// CHECK:         hip.conv %{{.*}}, %arg2, %{{.*}} {channels_last = true, max_pool = array<i64: 3, 3, 2, 2, 1, 0, 1, 2>} : {{.*}} -> tensor<1x4x4x8xf32>
// CHECK:         hip.conv %{{.*}}, %arg3, %{{.*}} {auto_pad = "NOTSET", channels_last = true, max_pool = array<i64: 3, 3, 2, 2, 0, 0, 0, 0>, pads = array<i64: 0, 0, 1, 1>} : {{.*}} -> tensor<1x3x3x8xf32>
// CHECK-NOT:     hip.max_pool
func.func @pools(%x: tensor<1x8x7x7xf32>, %w: tensor<8x8x1x1xf32>, %w2: tensor<8x8x1x1xf32>, %w3: tensor<8x8x2x2xf32>) -> (tensor<1x8x3x3xf32>, tensor<1x8x7x7xf32>, tensor<1x8x4x4xf32>, tensor<1x8x3x3xf32>) {
  %e0 = tensor.empty() : tensor<1x8x7x7xf32>
  %c = hip.conv %x, %w, %e0 : (tensor<1x8x7x7xf32>, tensor<8x8x1x1xf32>, tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %e1 = tensor.empty() : tensor<1x8x3x3xf32>
  %p = hip.max_pool %c, %e1 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x8x7x7xf32>, tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  %e2 = tensor.empty() : tensor<1x8x7x7xf32>
  %c2 = hip.conv %x, %w2, %e2 : (tensor<1x8x7x7xf32>, tensor<8x8x1x1xf32>, tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %e3 = tensor.empty() : tensor<1x8x4x4xf32>
  %p2 = hip.max_pool %c2, %e3 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 2>} : (tensor<1x8x7x7xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e4 = tensor.empty() : tensor<1x8x7x7xf32>
  %c3 = hip.conv %x, %w3, %e4 {auto_pad = "SAME_UPPER"} : (tensor<1x8x7x7xf32>, tensor<8x8x2x2xf32>, tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %e5 = tensor.empty() : tensor<1x8x3x3xf32>
  %p3 = hip.max_pool %c3, %e5 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x8x7x7xf32>, tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  return %p, %c, %p2, %p3 : tensor<1x8x3x3xf32>, tensor<1x8x7x7xf32>, tensor<1x8x4x4xf32>, tensor<1x8x3x3xf32>
}
