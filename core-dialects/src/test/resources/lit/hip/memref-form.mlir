// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// The memref form one-shot-bufferize produces: same op name and attributes, memref operands,
// the destinations last, no results.
// CHECK-LABEL: func.func @memref_form
// CHECK-NEXT:    hip.add %arg0, %arg1, %arg2 : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
// CHECK-NEXT:    hip.reduce_sum %arg2, %arg3 {axes = array<i64: 1>, keepdims = false} : (memref<2x3xf32>, memref<2xf32>) -> ()
// CHECK-NEXT:    hip.split %arg4, %arg5, %arg6 {axis = 1 : i64, split = array<i64: 2, 4>} : (memref<2x6xf32>, memref<2x2xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    hip.gemm %arg7, %arg7, %arg8 : (memref<3x3xf32>, memref<3x3xf32>, memref<3x3xf32>) -> ()
// CHECK-NEXT:    hip.gemm %arg7, %arg7, %arg8, %arg8 : (memref<3x3xf32>, memref<3x3xf32>, memref<3x3xf32>, memref<3x3xf32>) -> ()
func.func @memref_form(%a: memref<2x3xf32>, %b: memref<3xf32>, %o: memref<2x3xf32>, %s: memref<2xf32>,
    %x: memref<2x6xf32>, %p: memref<2x2xf32>, %q: memref<2x4xf32>, %m: memref<3x3xf32>, %n: memref<3x3xf32>) {
  hip.add %a, %b, %o : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
  hip.reduce_sum %o, %s {axes = array<i64: 1>, keepdims = false} : (memref<2x3xf32>, memref<2xf32>) -> ()
  hip.split %x, %p, %q {axis = 1 : i64, split = array<i64: 2, 4>} : (memref<2x6xf32>, memref<2x2xf32>, memref<2x4xf32>) -> ()
  hip.gemm %m, %m, %n : (memref<3x3xf32>, memref<3x3xf32>, memref<3x3xf32>) -> ()
  hip.gemm %m, %m, %n, %n : (memref<3x3xf32>, memref<3x3xf32>, memref<3x3xf32>, memref<3x3xf32>) -> ()
  return
}

// -----

// Run-time parameter operands stay inputs in the memref form (between the data and the destinations).
// CHECK-LABEL: func.func @parameter_operands
// CHECK-NEXT:    hip.unsqueeze %arg0, %arg1, %arg2 : (memref<3x4xf32>, memref<1xi64>, memref<1x3x4xf32>) -> ()
// CHECK-NEXT:    hip.trilu %arg3, %arg4, %arg3 : (memref<4x4xf32>, memref<i64>, memref<4x4xf32>) -> ()
func.func @parameter_operands(%x: memref<3x4xf32>, %axes: memref<1xi64>, %out: memref<1x3x4xf32>,
    %t: memref<4x4xf32>, %k: memref<i64>) {
  hip.unsqueeze %x, %axes, %out : (memref<3x4xf32>, memref<1xi64>, memref<1x3x4xf32>) -> ()
  hip.trilu %t, %k, %t : (memref<4x4xf32>, memref<i64>, memref<4x4xf32>) -> ()
  return
}
