// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Reductions: 'axes' (all when absent, negative counted from the end) and 'keepdims' (default true).
// CHECK-LABEL: func.func @reduce
// CHECK: hip.reduce_sum %arg0, %arg1 {axes = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// GENERIC: "hip.reduce_sum"(%arg0, %arg1) <{axes = array<i64: 1>}> : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// CHECK: hip.reduce_mean %arg0, %arg2 {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: hip.reduce_max %arg0, %arg3 : (tensor<2x3x4xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
// CHECK: hip.reduce_min %arg0, %arg4 {keepdims = false} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<f32>
// CHECK: hip.reduce_prod %arg0, %arg5 {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: hip.reduce_sum_square
// CHECK: hip.reduce_l1
// CHECK: hip.reduce_l2
// CHECK: hip.reduce_log_sum_exp
// CHECK: hip.reduce_sum %arg6, %arg7 {axes = array<i64: 0>} : (tensor<?x?xi32>, tensor<1x?xi32>) -> tensor<1x?xi32>
func.func @reduce(%x: tensor<2x3x4xf32>, %i0: tensor<2x1x4xf32>, %i1: tensor<2x4xf32>, %i2: tensor<1x1x1xf32>, %i3: tensor<f32>,
                  %i4: tensor<3xf32>, %d: tensor<?x?xi32>, %i5: tensor<1x?xi32>) {
  %0 = hip.reduce_sum %x, %i0 {axes = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %1 = hip.reduce_mean %x, %i1 {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = hip.reduce_max %x, %i2 : (tensor<2x3x4xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  %3 = hip.reduce_min %x, %i3 {keepdims = false} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<f32>
  %4 = hip.reduce_prod %x, %i4 {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<3xf32>
  %5 = hip.reduce_sum_square %x, %i0 {axes = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %6 = hip.reduce_l1 %x, %i0 {axes = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %7 = hip.reduce_l2 %x, %i0 {axes = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %8 = hip.reduce_log_sum_exp %x, %i0 {axes = array<i64: -2>} : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %9 = hip.reduce_sum %d, %i5 {axes = array<i64: 0>} : (tensor<?x?xi32>, tensor<1x?xi32>) -> tensor<1x?xi32>
  return
}

// -----

// arg_max / arg_min: one 'axis' (default 0), i64 indices.
// CHECK-LABEL: func.func @arg
// CHECK: hip.arg_max %arg0, %arg1 {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x1x4xi64>) -> tensor<2x1x4xi64>
// GENERIC: "hip.arg_max"(%arg0, %arg1) <{axis = 1 : i64}> : (tensor<2x3x4xf32>, tensor<2x1x4xi64>) -> tensor<2x1x4xi64>
// CHECK: hip.arg_min %arg0, %arg2 {axis = -1 : i64, keepdims = false, select_last_index = true} : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3xi64>
// CHECK: hip.arg_max %arg0, %arg3 : (tensor<2x3x4xf32>, tensor<1x3x4xi64>) -> tensor<1x3x4xi64>
func.func @arg(%x: tensor<2x3x4xf32>, %i0: tensor<2x1x4xi64>, %i1: tensor<2x3xi64>, %i2: tensor<1x3x4xi64>) {
  %0 = hip.arg_max %x, %i0 {axis = 1} : (tensor<2x3x4xf32>, tensor<2x1x4xi64>) -> tensor<2x1x4xi64>
  %1 = hip.arg_min %x, %i1 {axis = -1, keepdims = false, select_last_index = true} : (tensor<2x3x4xf32>, tensor<2x3xi64>) -> tensor<2x3xi64>
  %2 = hip.arg_max %x, %i2 : (tensor<2x3x4xf32>, tensor<1x3x4xi64>) -> tensor<1x3x4xi64>
  return
}

// -----

// softmax / log_softmax: one axis (opset 13), default -1.
// CHECK-LABEL: func.func @softmax
// CHECK: hip.softmax %arg0, %arg0 : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
// CHECK: hip.log_softmax %arg0, %arg0 {axis = 0 : i64} : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
func.func @softmax(%x: tensor<?x10xf32>) {
  %0 = hip.softmax %x, %x : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
  %1 = hip.log_softmax %x, %x {axis = 0} : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
  return
}
