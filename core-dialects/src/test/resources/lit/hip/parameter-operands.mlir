// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// A parameter not known at compile time is a runtime operand after the data inputs and before
// the destinations, matched in order to the parameters that are not attributes (pad: pads, axes,
// value; an integer operand passes over resize's scales); the types are checked against what
// the operand's type determines (a `?` dimension fits anything the value could give).
// CHECK-LABEL: func.func @parameters
// CHECK: hip.reduce_sum %arg0, %arg1, %arg2 {keepdims = false} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<?xf32>) -> tensor<?xf32>
// CHECK: hip.reduce_max %arg0, %arg1, %arg3 {keepdims = true} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
// CHECK: hip.reduce_mean %arg0, %arg4, %arg5 {keepdims = false, noop_with_empty_axes = true} : (tensor<2x3x4xf32>, tensor<0xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: hip.slice %arg0, %arg1, %arg6, %arg7 {axes = array<i64: 0, 2>} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<2xi32>, tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
// CHECK: hip.squeeze %arg8, %arg9, %arg0 : (tensor<2x1x3x4xf32>, tensor<1xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: hip.unsqueeze %arg0, %arg9, %arg8 : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<2x1x3x4xf32>) -> tensor<2x1x3x4xf32>
// CHECK: hip.expand %arg10, %arg11, %arg12 : (tensor<3x1xf32>, tensor<3xi64>, tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
// CHECK: hip.tile %arg10, %arg1, %arg13 : (tensor<3x1xf32>, tensor<2xi64>, tensor<6x2xf32>) -> tensor<6x2xf32>
// CHECK: hip.fill %arg11, %arg0 {value = 0.000000e+00 : f32} : (tensor<3xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
func.func @parameters(%x: tensor<2x3x4xf32>, %a2: tensor<2xi64>, %r1: tensor<?xf32>, %r3: tensor<2x1x1xf32>,
                      %none: tensor<0xi64>, %same: tensor<2x3x4xf32>, %e32: tensor<2xi32>, %sl: tensor<?x3x?xf32>,
                      %u: tensor<2x1x3x4xf32>, %one: tensor<1xi64>, %c: tensor<3x1xf32>, %s3: tensor<3xi64>,
                      %ex: tensor<?x3x?xf32>, %t: tensor<6x2xf32>) {
  %0 = hip.reduce_sum %x, %a2, %r1 {keepdims = false} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<?xf32>) -> tensor<?xf32>
  %1 = hip.reduce_max %x, %a2, %r3 {keepdims = true} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %2 = hip.reduce_mean %x, %none, %same {keepdims = false, noop_with_empty_axes = true} : (tensor<2x3x4xf32>, tensor<0xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %3 = hip.slice %x, %a2, %e32, %sl {axes = array<i64: 0, 2>} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<2xi32>, tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
  %4 = hip.squeeze %u, %one, %x : (tensor<2x1x3x4xf32>, tensor<1xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %5 = hip.unsqueeze %x, %one, %u : (tensor<2x3x4xf32>, tensor<1xi64>, tensor<2x1x3x4xf32>) -> tensor<2x1x3x4xf32>
  %6 = hip.expand %c, %s3, %ex : (tensor<3x1xf32>, tensor<3xi64>, tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
  %7 = hip.tile %c, %a2, %t : (tensor<3x1xf32>, tensor<2xi64>, tensor<6x2xf32>) -> tensor<6x2xf32>
  %8 = hip.fill %s3, %x {value = 0.0 : f32} : (tensor<3xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @index_parameters
// CHECK: hip.cumsum %arg0, %arg1, %arg0 : (tensor<2x3xf32>, tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: hip.trilu %arg0, %arg2, %arg0 : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: hip.topk %arg0, %arg2, %arg3, %arg4 {axis = 1 : i64} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x?xf32>, tensor<2x?xi64>) -> (tensor<2x?xf32>, tensor<2x?xi64>)
// CHECK: hip.resize %arg5, %arg6, %arg7 : (tensor<1x1x2x2xf32>, tensor<4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
// CHECK: hip.resize %arg5, %arg8, %arg7 : (tensor<1x1x2x2xf32>, tensor<4xi64>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
// CHECK: hip.pad %arg0, %arg9, %arg10, %arg11 {axes = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<4xi64>, tensor<f32>, tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK: hip.pad %arg0, %arg12, %arg13 {pads = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: hip.split %arg14, %arg15, %arg16, %arg17 {axis = 0 : i64} : (tensor<6xf32>, tensor<2xi64>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
func.func @index_parameters(%x: tensor<2x3xf32>, %axis: tensor<i32>, %k: tensor<1xi64>, %v: tensor<2x?xf32>,
                            %i: tensor<2x?xi64>, %img: tensor<1x1x2x2xf32>, %scales: tensor<4xf32>,
                            %big: tensor<1x1x4x4xf32>, %sizes: tensor<4xi64>, %pads: tensor<4xi64>, %pv: tensor<f32>,
                            %padded: tensor<4x5xf32>, %axes: tensor<1xi64>, %pd: tensor<2x?xf32>, %s: tensor<6xf32>,
                            %split: tensor<2xi64>, %p0: tensor<2xf32>, %p1: tensor<4xf32>) {
  %0 = hip.cumsum %x, %axis, %x : (tensor<2x3xf32>, tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hip.trilu %x, %k, %x : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2:2 = hip.topk %x, %k, %v, %i {axis = 1 : i64} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x?xf32>, tensor<2x?xi64>) -> (tensor<2x?xf32>, tensor<2x?xi64>)
  %3 = hip.resize %img, %scales, %big : (tensor<1x1x2x2xf32>, tensor<4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %4 = hip.resize %img, %sizes, %big : (tensor<1x1x2x2xf32>, tensor<4xi64>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %5 = hip.pad %x, %pads, %pv, %padded {axes = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<4xi64>, tensor<f32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  %6 = hip.pad %x, %axes, %pd {pads = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x?xf32>) -> tensor<2x?xf32>
  %7:2 = hip.split %s, %split, %p0, %p1 {axis = 0 : i64} : (tensor<6xf32>, tensor<2xi64>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
  return
}
