// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// conv: out = floor((in + pads - dilation * (k - 1) - 1) / stride) + 1; SAME_*: ceil(in / stride).
// CHECK-LABEL: func.func @conv
// CHECK: hip.conv %arg0, %arg1, %arg2 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
// GENERIC: "hip.conv"(%arg0, %arg1, %arg2) <{pads = array<i64: 1, 1, 1, 1>}>
// CHECK: hip.conv %arg0, %arg1, %arg3 {strides = array<i64: 2, 2>}
// CHECK: hip.conv %arg4, %arg5, %arg16 {group = 3 : i64} : (tensor<1x3x8x8xf32>, tensor<3x1x3x3xf32>, tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
// CHECK: hip.conv %arg6, %arg7, %arg8, %arg9 {dilations = array<i64: 2>}
// CHECK: hip.conv %arg10, %arg11, %arg12 {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>}
// CHECK: hip.conv %arg13, %arg14, %arg15 : (tensor<?x3x?x32xf32>, tensor<8x3x5x5xf32>, tensor<?x8x?x28xf32>) -> tensor<?x8x?x28xf32>
func.func @conv(%x: tensor<1x3x32x32xf32>, %w: tensor<16x3x3x3xf32>, %i0: tensor<1x16x32x32xf32>, %i1: tensor<1x16x15x15xf32>,
                %dx: tensor<1x3x8x8xf32>, %dw: tensor<3x1x3x3xf32>,
                %x1: tensor<2x4x10xf32>, %w1: tensor<6x4x3xf32>, %b1: tensor<6xf32>, %i2: tensor<2x6x6xf32>,
                %sx: tensor<1x2x7x7xf32>, %sw: tensor<4x2x3x3xf32>, %i3: tensor<1x4x4x4xf32>,
                %yx: tensor<?x3x?x32xf32>, %yw: tensor<8x3x5x5xf32>, %i4: tensor<?x8x?x28xf32>, %di: tensor<1x3x6x6xf32>) {
  %0 = hip.conv %x, %w, %i0 {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %1 = hip.conv %x, %w, %i1 {strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>, tensor<1x16x15x15xf32>) -> tensor<1x16x15x15xf32>
  %2 = hip.conv %dx, %dw, %di {group = 3} : (tensor<1x3x8x8xf32>, tensor<3x1x3x3xf32>, tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  %3 = hip.conv %x1, %w1, %b1, %i2 {dilations = array<i64: 2>} : (tensor<2x4x10xf32>, tensor<6x4x3xf32>, tensor<6xf32>, tensor<2x6x6xf32>) -> tensor<2x6x6xf32>
  %4 = hip.conv %sx, %sw, %i3 {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : (tensor<1x2x7x7xf32>, tensor<4x2x3x3xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %5 = hip.conv %yx, %yw, %i4 : (tensor<?x3x?x32xf32>, tensor<8x3x5x5xf32>, tensor<?x8x?x28xf32>) -> tensor<?x8x?x28xf32>
  return
}

// -----

// conv_transpose: out = stride * (in - 1) + output_padding + dilation * (k - 1) + 1 - pads,
// or 'output_shape'; output channels are W's second dim times group.
// CHECK-LABEL: func.func @conv_transpose
// CHECK: hip.conv_transpose %arg0, %arg1, %arg2 {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>, tensor<1x8x28x28xf32>) -> tensor<1x8x28x28xf32>
// CHECK: hip.conv_transpose %arg0, %arg1, %arg3 {group = 2 : i64, output_shape = array<i64: 30, 30>, strides = array<i64: 2, 2>}
// CHECK: hip.conv_transpose %arg0, %arg1, %arg4 {output_padding = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
func.func @conv_transpose(%x: tensor<1x16x14x14xf32>, %w: tensor<16x8x4x4xf32>, %i0: tensor<1x8x28x28xf32>, %i1: tensor<1x16x30x30xf32>,
                          %i2: tensor<1x8x29x29xf32>) {
  %0 = hip.conv_transpose %x, %w, %i0 {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>, tensor<1x8x28x28xf32>) -> tensor<1x8x28x28xf32>
  %1 = hip.conv_transpose %x, %w, %i1 {group = 2, strides = array<i64: 2, 2>, output_shape = array<i64: 30, 30>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>, tensor<1x16x30x30xf32>) -> tensor<1x16x30x30xf32>
  %2 = hip.conv_transpose %x, %w, %i2 {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>, tensor<1x8x29x29xf32>) -> tensor<1x8x29x29xf32>
  return
}

// -----

// Pools: 'kernel_shape' is required; ceil_mode rounds the window count up (7, k 2, s 2: 4 windows,
// the last one starting at 6, inside the input, so it stays); max_pool may
// return i64 indices with their own destination.
// CHECK-LABEL: func.func @pool
// CHECK: hip.max_pool %arg0, %arg1 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<1x3x16x16xf32>) -> tensor<1x3x16x16xf32>
// CHECK: hip.max_pool %arg2, %arg3 {ceil_mode = true, kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
// CHECK: %{{.*}}:2 = hip.max_pool %arg2, %arg4, %arg5 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xi64>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xi64>)
// CHECK: hip.avg_pool %arg6, %arg6 {count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<2x3x5x5xf16>, tensor<2x3x5x5xf16>) -> tensor<2x3x5x5xf16>
// CHECK: hip.global_avg_pool %arg7, %arg8 : (tensor<2x3x?x7xf32>, tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
// CHECK: hip.global_max_pool %arg7, %arg8 : (tensor<2x3x?x7xf32>, tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
func.func @pool(%x: tensor<1x3x32x32xf32>, %i0: tensor<1x3x16x16xf32>, %s: tensor<1x1x7x7xf32>, %i1: tensor<1x1x4x4xf32>,
                %i2: tensor<1x1x3x3xf32>, %i3: tensor<1x1x3x3xi64>, %h: tensor<2x3x5x5xf16>, %g: tensor<2x3x?x7xf32>,
                %i4: tensor<2x3x1x1xf32>) {
  %0 = hip.max_pool %x, %i0 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>, tensor<1x3x16x16xf32>) -> tensor<1x3x16x16xf32>
  %1 = hip.max_pool %s, %i1 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x1x7x7xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %2:2 = hip.max_pool %s, %i2, %i3 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xi64>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xi64>)
  %3 = hip.avg_pool %h, %h {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<2x3x5x5xf16>, tensor<2x3x5x5xf16>) -> tensor<2x3x5x5xf16>
  %4 = hip.global_avg_pool %g, %i4 : (tensor<2x3x?x7xf32>, tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
  %5 = hip.global_max_pool %g, %i4 : (tensor<2x3x?x7xf32>, tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
  return
}

// -----

// ceil_mode drops a last window that would start in the end padding (ONNX, PyTorch):
// 2 + pads 1 + 1, k 3, s 3: ceil(1 / 3) + 1 = 2 windows, but the second starts at 3 >= 2 + 1, so 1
// (averagepool_2d_ceil_last_window_starts_on_pad). 5 + pads 1 + 1, k 2, s 2: ceil(5 / 2) + 1 = 4,
// the fourth starts at 6 >= 5 + 1, so 3. 4, k 3, s 2: ceil(1 / 2) + 1 = 2, the second starts at
// 2 < 4 and stays (maxpool_2d_ceil). VALID ignores ceil_mode: ceil((5 - 2 + 1) / 2) = 2.
// CHECK-LABEL: func.func @pool_ceil
// CHECK: hip.avg_pool %arg0, %arg1 {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x3x2x2xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
// CHECK: hip.max_pool %arg2, %arg3 {ceil_mode = true, kernel_shape = array<i64: 2>, pads = array<i64: 1, 1>, strides = array<i64: 2>} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
// CHECK: hip.max_pool %arg4, %arg5 {ceil_mode = true, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
// CHECK: hip.max_pool %arg2, %arg6 {auto_pad = "VALID", ceil_mode = true, kernel_shape = array<i64: 2>, strides = array<i64: 2>} : (tensor<1x1x5xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
func.func @pool_ceil(%a: tensor<1x3x2x2xf32>, %i0: tensor<1x3x1x1xf32>, %b: tensor<1x1x5xf32>, %i1: tensor<1x1x3xf32>,
                     %c: tensor<1x1x4x4xf32>, %i2: tensor<1x1x2x2xf32>, %i3: tensor<1x1x2xf32>) {
  %0 = hip.avg_pool %a, %i0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true, count_include_pad = true} : (tensor<1x3x2x2xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %1 = hip.max_pool %b, %i1 {kernel_shape = array<i64: 2>, strides = array<i64: 2>, pads = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  %2 = hip.max_pool %c, %i2 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %3 = hip.max_pool %b, %i3 {kernel_shape = array<i64: 2>, strides = array<i64: 2>, auto_pad = "VALID", ceil_mode = true} : (tensor<1x1x5xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
  return
}

// -----

// A conv with a fused clamp (the conv activation fusion of canonicalize) keeps its bounds
// through printing and parsing, in both forms.
// CHECK-LABEL: func.func @conv_clamp
// CHECK: hip.conv %arg0, %arg1, %arg2 {clamp_max = 6.000000e+00 : f64, clamp_min = 0.000000e+00 : f64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// GENERIC: "hip.conv"(%arg0, %arg1, %arg2) <{clamp_max = 6.000000e+00 : f64, clamp_min = 0.000000e+00 : f64}>
func.func @conv_clamp(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %i: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %0 = hip.conv %x, %w, %i {clamp_min = 0.0 : f64, clamp_max = 6.0 : f64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}
