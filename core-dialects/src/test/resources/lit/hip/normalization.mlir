// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// layer_norm: scale and bias broadcast to the dims from 'axis' on; the optional mean and
// inv_std_dev results (f32, the default stash type) keep the leading dims and have 1 after them,
// each with its own destination.
// CHECK-LABEL: func.func @layer_norm
// CHECK: hip.layer_norm %arg0, %arg1, %arg2, %arg0 {epsilon = 1.250000e-01 : f32} : (tensor<2x?x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
// GENERIC: "hip.layer_norm"(%arg0, %arg1, %arg2, %arg0) <{epsilon = 1.250000e-01 : f32}>
// CHECK: hip.layer_norm %arg0, %arg3, %arg0 {axis = 1 : i64} : (tensor<2x?x8xf32>, tensor<1x8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
// CHECK: %{{.*}}:3 = hip.layer_norm %arg0, %arg1, %arg0, %arg4, %arg4 : (tensor<2x?x8xf32>, tensor<8xf32>, tensor<2x?x8xf32>, tensor<2x?x1xf32>, tensor<2x?x1xf32>) -> (tensor<2x?x8xf32>, tensor<2x?x1xf32>, tensor<2x?x1xf32>)
func.func @layer_norm(%x: tensor<2x?x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>, %s2: tensor<1x8xf32>, %m: tensor<2x?x1xf32>) {
  %0 = hip.layer_norm %x, %s, %b, %x {epsilon = 0.125 : f32} : (tensor<2x?x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
  %1 = hip.layer_norm %x, %s2, %x {axis = 1} : (tensor<2x?x8xf32>, tensor<1x8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
  %2:3 = hip.layer_norm %x, %s, %x, %m, %m : (tensor<2x?x8xf32>, tensor<8xf32>, tensor<2x?x8xf32>, tensor<2x?x1xf32>, tensor<2x?x1xf32>) -> (tensor<2x?x8xf32>, tensor<2x?x1xf32>, tensor<2x?x1xf32>)
  return
}

// -----

// rms_norm, batch_norm (inference), instance_norm and group_norm over [N, C, ...].
// CHECK-LABEL: func.func @channels
// CHECK: hip.rms_norm %arg0, %arg1, %arg0 : (tensor<?x3x4x4xf16>, tensor<4xf16>, tensor<?x3x4x4xf16>) -> tensor<?x3x4x4xf16>
// CHECK: hip.batch_norm %arg0, %arg2, %arg2, %arg2, %arg2, %arg0 {epsilon = 5.000000e-01 : f32} : (tensor<?x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<?x3x4x4xf16>) -> tensor<?x3x4x4xf16>
// CHECK: hip.instance_norm %arg0, %arg2, %arg2, %arg0 : (tensor<?x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<?x3x4x4xf16>) -> tensor<?x3x4x4xf16>
// CHECK: hip.group_norm %arg3, %arg4, %arg4, %arg3 {num_groups = 3 : i64} : (tensor<2x6x5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
// GENERIC: "hip.group_norm"(%arg3, %arg4, %arg4, %arg3) <{num_groups = 3 : i64}>
// CHECK: hip.batch_norm %arg5, %arg6, %arg6, %arg6, %arg6, %arg5 : (tensor<2x?xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
func.func @channels(%x: tensor<?x3x4x4xf16>, %s4: tensor<4xf16>, %c: tensor<3xf16>, %g: tensor<2x6x5xf32>, %c6: tensor<6xf32>,
                    %y: tensor<2x?xf32>, %c7: tensor<7xf32>) {
  %0 = hip.rms_norm %x, %s4, %x : (tensor<?x3x4x4xf16>, tensor<4xf16>, tensor<?x3x4x4xf16>) -> tensor<?x3x4x4xf16>
  %1 = hip.batch_norm %x, %c, %c, %c, %c, %x {epsilon = 0.5 : f32} : (tensor<?x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<?x3x4x4xf16>) -> tensor<?x3x4x4xf16>
  %2 = hip.instance_norm %x, %c, %c, %x : (tensor<?x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<?x3x4x4xf16>) -> tensor<?x3x4x4xf16>
  %3 = hip.group_norm %g, %c6, %c6, %g {num_groups = 3} : (tensor<2x6x5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  %4 = hip.batch_norm %y, %c7, %c7, %c7, %c7, %y : (tensor<2x?xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
  return
}

// -----

// skip_layer_norm: layer_norm of X + skip (skip of X's type), scale and an optional bias as
// layer_norm's; the memref form has the destination last.
// CHECK-LABEL: func.func @skip_layer_norm
// CHECK: hip.skip_layer_norm %arg0, %arg1, %arg2, %arg2, %arg0 {epsilon = 1.250000e-01 : f32} : (tensor<2x?x8xf32>, tensor<2x?x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
// GENERIC: "hip.skip_layer_norm"(%arg0, %arg1, %arg2, %arg2, %arg0) <{epsilon = 1.250000e-01 : f32}>
// CHECK: hip.skip_layer_norm %arg3, %arg3, %arg4, %arg3 {axis = 1 : i64} : (memref<4x8xf32>, memref<4x8xf32>, memref<8xf32>, memref<4x8xf32>) -> ()
func.func @skip_layer_norm(%x: tensor<2x?x8xf32>, %k: tensor<2x?x8xf32>, %s: tensor<8xf32>, %m: memref<4x8xf32>, %ms: memref<8xf32>) {
  %0 = hip.skip_layer_norm %x, %k, %s, %s, %x {epsilon = 0.125 : f32} : (tensor<2x?x8xf32>, tensor<2x?x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x?x8xf32>) -> tensor<2x?x8xf32>
  hip.skip_layer_norm %m, %m, %ms, %m {axis = 1} : (memref<4x8xf32>, memref<4x8xf32>, memref<8xf32>, memref<4x8xf32>) -> ()
  return
}
