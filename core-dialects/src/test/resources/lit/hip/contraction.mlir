// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// matmul: numpy semantics, 1-D promotion and batch broadcasting (ONNX MatMul).
// CHECK-LABEL: func.func @matmul
// CHECK: hip.matmul %arg0, %arg1, %arg2 : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// GENERIC: "hip.matmul"(%arg0, %arg1, %arg2) : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK: hip.matmul %arg3, %arg1, %arg4 : (tensor<4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<5xf32>
// CHECK: hip.matmul %arg1, %arg5, %arg3 : (tensor<4x5xf32>, tensor<5xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: hip.matmul %arg3, %arg3, %arg6 : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK: hip.matmul %arg7, %arg8, %arg9 : (tensor<?x1x3x?xf16>, tensor<5x4x6xf16>, tensor<?x5x3x6xf16>) -> tensor<?x5x3x6xf16>
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>, %i0: tensor<2x3x5xf32>, %v4: tensor<4xf32>, %i1: tensor<5xf32>,
                  %v5: tensor<5xf32>, %s: tensor<f32>, %c: tensor<?x1x3x?xf16>, %d: tensor<5x4x6xf16>, %i2: tensor<?x5x3x6xf16>) {
  %0 = hip.matmul %a, %b, %i0 : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %1 = hip.matmul %v4, %b, %i1 : (tensor<4xf32>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %2 = hip.matmul %b, %v5, %v4 : (tensor<4x5xf32>, tensor<5xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = hip.matmul %v4, %v4, %s : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %4 = hip.matmul %c, %d, %i2 : (tensor<?x1x3x?xf16>, tensor<5x4x6xf16>, tensor<?x5x3x6xf16>) -> tensor<?x5x3x6xf16>
  return
}

// -----

// gemm: transposes, scalars and an optional C that broadcasts to [M, N] (ONNX Gemm).
// CHECK-LABEL: func.func @gemm
// CHECK: hip.gemm %arg0, %arg1, %arg2, %arg3 {alpha = 5.000000e-01 : f32, beta = 2.000000e+00 : f32, transB = true} : (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// GENERIC: "hip.gemm"(%arg0, %arg1, %arg2, %arg3) <{alpha = 5.000000e-01 : f32, beta = 2.000000e+00 : f32, transB = true}>
// CHECK: hip.gemm %arg4, %arg1, %arg3 {transA = true, transB = true} : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK: hip.gemm %arg0, %arg5, %arg6, %arg7 : (tensor<3x4xf32>, tensor<4x?xf32>, tensor<3x1xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
func.func @gemm(%a: tensor<3x4xf32>, %bt: tensor<5x4xf32>, %c: tensor<5xf32>, %i: tensor<3x5xf32>, %at: tensor<4x3xf32>,
                %b: tensor<4x?xf32>, %c2: tensor<3x1xf32>, %i2: tensor<3x?xf32>) {
  %0 = hip.gemm %a, %bt, %c, %i {alpha = 0.5 : f32, beta = 2.0 : f32, transB = true} : (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %1 = hip.gemm %at, %bt, %i {transA = true, transB = true} : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %2 = hip.gemm %a, %b, %c2, %i2 : (tensor<3x4xf32>, tensor<4x?xf32>, tensor<3x1xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  return
}
