// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Shape parameters are static array<i64> attributes or runtime parameter operands (parameter-operands.mlir).
// CHECK-LABEL: func.func @layout
// CHECK: hip.transpose %arg0, %arg1 {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>, tensor<3x2x4xf32>) -> tensor<3x2x4xf32>
// GENERIC: "hip.transpose"(%arg0, %arg1) <{perm = array<i64: 1, 0, 2>}> : (tensor<2x3x4xf32>, tensor<3x2x4xf32>) -> tensor<3x2x4xf32>
// CHECK: hip.reshape %arg0, %arg2 {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
// CHECK: hip.reshape %arg0, %arg3, %arg4 : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK: hip.reshape %arg5, %arg6 {shape = array<i64: 0, -1>} : (tensor<?x3x4xf32>, tensor<?x12xf32>) -> tensor<?x12xf32>
// CHECK: hip.expand %arg7, %arg8 {shape = array<i64: 2, 1, 6>} : (tensor<3x1xf32>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
// CHECK: hip.squeeze %arg9, %arg0 {axes = array<i64: 0>} : (tensor<1x2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: hip.unsqueeze %arg0, %arg9 {axes = array<i64: 0>} : (tensor<2x3x4xf32>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK: hip.flatten %arg0, %arg10 : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
// CHECK: hip.flatten %arg5, %arg11 {axis = 2 : i64} : (tensor<?x3x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @layout(%x: tensor<2x3x4xf32>, %t: tensor<3x2x4xf32>, %r: tensor<2x12xf32>, %s: tensor<2xi64>, %rd: tensor<?x?xf32>,
                  %d: tensor<?x3x4xf32>, %rq: tensor<?x12xf32>, %e: tensor<3x1xf32>, %ei: tensor<2x3x6xf32>,
                  %u: tensor<1x2x3x4xf32>, %f: tensor<2x12xf32>, %fd: tensor<?x4xf32>) {
  %0 = hip.transpose %x, %t {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>, tensor<3x2x4xf32>) -> tensor<3x2x4xf32>
  %1 = hip.reshape %x, %r {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
  %2 = hip.reshape %x, %s, %rd : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = hip.reshape %d, %rq {shape = array<i64: 0, -1>} : (tensor<?x3x4xf32>, tensor<?x12xf32>) -> tensor<?x12xf32>
  %4 = hip.expand %e, %ei {shape = array<i64: 2, 1, 6>} : (tensor<3x1xf32>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %5 = hip.squeeze %u, %x {axes = array<i64: 0>} : (tensor<1x2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %6 = hip.unsqueeze %x, %u {axes = array<i64: 0>} : (tensor<2x3x4xf32>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  %7 = hip.flatten %x, %f : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
  %8 = hip.flatten %d, %fd {axis = 2 : i64} : (tensor<?x3x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

// Concat is variadic; split has one result (and one destination) per piece.
// CHECK-LABEL: func.func @pieces
// CHECK: hip.concat %arg0, %arg0, %arg1, %arg2 {axis = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK: %{{.*}}:2 = hip.split %arg3, %arg4, %arg5 {split = array<i64: 2, 4>} : (tensor<6xf32>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
// GENERIC: "hip.split"(%arg3, %arg4, %arg5) <{split = array<i64: 2, 4>}> : (tensor<6xf32>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
// CHECK: hip.slice %arg6, %arg7 {ends = array<i64: 0, 0, 1>, starts = array<i64: 20, 10, 4>, steps = array<i64: -1, -3, -2>} : (tensor<20x10x5xf32>, tensor<19x3x2xf32>) -> tensor<19x3x2xf32>
// CHECK: hip.pad %arg0, %arg8 {mode = "reflect", pads = array<i64: 0, 1, 0, 1>} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: hip.pad %arg0, %arg8 {pads = array<i64: 0, 1, 0, 1>, value = 1.500000e+00 : f32} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: hip.tile %arg9, %arg10 {repeats = array<i64: 2, 2>} : (tensor<?x3xf32>, tensor<?x6xf32>) -> tensor<?x6xf32>
func.func @pieces(%a: tensor<2x2xf32>, %b: tensor<2x1xf32>, %c: tensor<2x5xf32>, %x: tensor<6xf32>, %s0: tensor<2xf32>,
                  %s1: tensor<4xf32>, %y: tensor<20x10x5xf32>, %si: tensor<19x3x2xf32>, %p: tensor<2x4xf32>,
                  %d: tensor<?x3xf32>, %ti: tensor<?x6xf32>) {
  %0 = hip.concat %a, %a, %b, %c {axis = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
  %1:2 = hip.split %x, %s0, %s1 {split = array<i64: 2, 4>} : (tensor<6xf32>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
  %2 = hip.slice %y, %si {starts = array<i64: 20, 10, 4>, ends = array<i64: 0, 0, 1>, steps = array<i64: -1, -3, -2>} : (tensor<20x10x5xf32>, tensor<19x3x2xf32>) -> tensor<19x3x2xf32>
  %3 = hip.pad %a, %p {pads = array<i64: 0, 1, 0, 1>, mode = "reflect"} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %4 = hip.pad %a, %p {pads = array<i64: 0, 1, 0, 1>, value = 1.5 : f32} : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %5 = hip.tile %d, %ti {repeats = array<i64: 2, 2>} : (tensor<?x3xf32>, tensor<?x6xf32>) -> tensor<?x6xf32>
  return
}

// -----

// Mixed static and dynamic: ? stays ? where it is copied, and a static destination may pin a ? down.
// CHECK-LABEL: func.func @mixed
// CHECK: hip.concat %arg0, %arg1, %arg2 {axis = 0 : i64} : (tensor<?x4xf32>, tensor<2x?xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK: hip.slice %arg0, %arg3 {axes = array<i64: 1>, ends = array<i64: 3>, starts = array<i64: 1>} : (tensor<?x4xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
// CHECK: hip.transpose %arg0, %arg4 : (tensor<?x4xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
func.func @mixed(%a: tensor<?x4xf32>, %b: tensor<2x?xf32>, %c: tensor<?x4xf32>, %s: tensor<?x2xf32>, %t: tensor<4x7xf32>) {
  %0 = hip.concat %a, %b, %c {axis = 0 : i64} : (tensor<?x4xf32>, tensor<2x?xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = hip.slice %a, %s {starts = array<i64: 1>, ends = array<i64: 3>, axes = array<i64: 1>} : (tensor<?x4xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %2 = hip.transpose %a, %t : (tensor<?x4xf32>, tensor<4x7xf32>) -> tensor<4x7xf32>
  return
}
