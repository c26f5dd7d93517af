// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Gathers and scatters: i32 or i64 indices; scatters keep the data's type.
// CHECK-LABEL: func.func @gathers
// CHECK: hip.gather %arg0, %arg1, %arg2 : (tensor<3x2xf32>, tensor<2x2xi64>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
// GENERIC: "hip.gather"(%arg0, %arg1, %arg2) : (tensor<3x2xf32>, tensor<2x2xi64>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
// CHECK: hip.gather %arg3, %arg4, %arg5 {axis = 1 : i64} : (tensor<?x3xf32>, tensor<1x2xi32>, tensor<?x1x2xf32>) -> tensor<?x1x2xf32>
// CHECK: hip.gather_elements %arg6, %arg7, %arg8 {axis = -1 : i64} : (tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: hip.gather_nd %arg9, %arg10, %arg11 {batch_dims = 1 : i64} : (tensor<2x2x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK: hip.scatter_elements %arg6, %arg7, %arg8, %arg6 {axis = 1 : i64, reduction = "add"} : (tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK: hip.scatter_nd %arg12, %arg10, %arg13, %arg12 {reduction = "max"} : (tensor<4x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>, tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
func.func @gathers(%d: tensor<3x2xf32>, %i: tensor<2x2xi64>, %o: tensor<2x2x2xf32>, %dd: tensor<?x3xf32>, %i32: tensor<1x2xi32>,
                   %od: tensor<?x1x2xf32>, %e: tensor<3x3xf32>, %ei: tensor<2x3xi64>, %eo: tensor<2x3xf32>,
                   %n: tensor<2x2x2xf32>, %ni: tensor<2x1xi64>, %no: tensor<2x2xf32>, %s: tensor<4x4x4xf32>, %su: tensor<2x4x4xf32>) {
  %0 = hip.gather %d, %i, %o : (tensor<3x2xf32>, tensor<2x2xi64>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %1 = hip.gather %dd, %i32, %od {axis = 1 : i64} : (tensor<?x3xf32>, tensor<1x2xi32>, tensor<?x1x2xf32>) -> tensor<?x1x2xf32>
  %2 = hip.gather_elements %e, %ei, %eo {axis = -1 : i64} : (tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = hip.gather_nd %n, %ni, %no {batch_dims = 1 : i64} : (tensor<2x2x2xf32>, tensor<2x1xi64>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %4 = hip.scatter_elements %e, %ei, %eo, %e {axis = 1 : i64, reduction = "add"} : (tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  %5 = hip.scatter_nd %s, %ni, %su, %s {reduction = "max"} : (tensor<4x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>, tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
  return
}

// -----

// Generators and selections; parameters that are ONNX inputs (k, depth, scales, sizes, axis) are attributes.
// CHECK-LABEL: func.func @others
// CHECK: %{{.*}}:2 = hip.topk %arg0, %arg1, %arg2 {k = 3 : i64} : (tensor<3x4xf32>, tensor<3x3xf32>, tensor<3x3xi64>) -> (tensor<3x3xf32>, tensor<3x3xi64>)
// CHECK: hip.cumsum %arg0, %arg0 {axis = 1 : i64, exclusive = true, reverse = true} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: hip.trilu %arg0, %arg0 {k = -1 : i64, upper = false} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: hip.range %arg3, %arg3, %arg3, %arg4 : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<?xi64>) -> tensor<?xi64>
// CHECK: hip.resize %arg5, %arg6 {mode = "linear", scales = array<f32: 1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00>} : (tensor<1x1x2x2xf32>, tensor<1x1x4x6xf32>) -> tensor<1x1x4x6xf32>
// CHECK: hip.resize %arg5, %arg6 {sizes = array<i64: 1, 1, 4, 6>} : (tensor<1x1x2x2xf32>, tensor<1x1x4x6xf32>) -> tensor<1x1x4x6xf32>
// CHECK: hip.shape %arg0, %arg7 {start = -1 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: hip.size %arg0, %arg3 : (tensor<3x4xf32>, tensor<i64>) -> tensor<i64>
// CHECK: hip.fill %arg0 {shape = array<i64: 3, 4>, value = 0.000000e+00 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
// GENERIC: "hip.fill"(%arg0) <{shape = array<i64: 3, 4>, value = 0.000000e+00 : f32}> : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: hip.one_hot %arg8, %arg9, %arg10 {axis = 1 : i64, depth = 10 : i64} : (tensor<2x2xi64>, tensor<2xf32>, tensor<2x10x2xf32>) -> tensor<2x10x2xf32>
// CHECK: hip.non_zero %arg0, %arg11 : (tensor<3x4xf32>, tensor<2x?xi64>) -> tensor<2x?xi64>
func.func @others(%x: tensor<3x4xf32>, %v: tensor<3x3xf32>, %vi: tensor<3x3xi64>, %s: tensor<i64>, %r: tensor<?xi64>,
                  %img: tensor<1x1x2x2xf32>, %big: tensor<1x1x4x6xf32>, %sh: tensor<1xi64>, %oi: tensor<2x2xi64>,
                  %ov: tensor<2xf32>, %oo: tensor<2x10x2xf32>, %nz: tensor<2x?xi64>) {
  %0:2 = hip.topk %x, %v, %vi {k = 3 : i64} : (tensor<3x4xf32>, tensor<3x3xf32>, tensor<3x3xi64>) -> (tensor<3x3xf32>, tensor<3x3xi64>)
  %1 = hip.cumsum %x, %x {axis = 1 : i64, exclusive = true, reverse = true} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = hip.trilu %x, %x {upper = false, k = -1 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %3 = hip.range %s, %s, %s, %r : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<?xi64>) -> tensor<?xi64>
  %4 = hip.resize %img, %big {scales = array<f32: 1.0, 1.0, 2.0, 3.0>, mode = "linear"} : (tensor<1x1x2x2xf32>, tensor<1x1x4x6xf32>) -> tensor<1x1x4x6xf32>
  %5 = hip.resize %img, %big {sizes = array<i64: 1, 1, 4, 6>} : (tensor<1x1x2x2xf32>, tensor<1x1x4x6xf32>) -> tensor<1x1x4x6xf32>
  %6 = hip.shape %x, %sh {start = -1 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<1xi64>
  %7 = hip.size %x, %s : (tensor<3x4xf32>, tensor<i64>) -> tensor<i64>
  %8 = hip.fill %x {shape = array<i64: 3, 4>, value = 0.0 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %9 = hip.one_hot %oi, %ov, %oo {depth = 10 : i64, axis = 1 : i64} : (tensor<2x2xi64>, tensor<2xf32>, tensor<2x10x2xf32>) -> tensor<2x10x2xf32>
  %10 = hip.non_zero %x, %nz : (tensor<3x4xf32>, tensor<2x?xi64>) -> tensor<2x?xi64>
  return
}

// -----

// Einsum: the result shape follows the equation (explicit or implicit, '...' broadcasts).
// CHECK-LABEL: func.func @einsum
// CHECK: hip.einsum %arg0, %arg1, %arg2 {equation = "bij,bjk->bik"} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>, tensor<5x2x4xf32>) -> tensor<5x2x4xf32>
// CHECK: hip.einsum %arg3, %arg4, %arg5 {equation = "...ij,...jk"} : (tensor<?x2x3xf32>, tensor<3x4xf32>, tensor<?x2x4xf32>) -> tensor<?x2x4xf32>
func.func @einsum(%a: tensor<5x2x3xf32>, %b: tensor<5x3x4xf32>, %c: tensor<5x2x4xf32>, %d: tensor<?x2x3xf32>,
                  %e: tensor<3x4xf32>, %f: tensor<?x2x4xf32>) {
  %0 = hip.einsum %a, %b, %c {equation = "bij,bjk->bik"} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>, tensor<5x2x4xf32>) -> tensor<5x2x4xf32>
  %1 = hip.einsum %d, %e, %f {equation = "...ij,...jk"} : (tensor<?x2x3xf32>, tensor<3x4xf32>, tensor<?x2x4xf32>) -> tensor<?x2x4xf32>
  return
}
