// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s
// RUN: hip-mlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Every math op, custom and generic (with its #arith.fastmath property), as upstream prints them.

// CHECK-LABEL: func.func @ops(
// CHECK-NEXT: %0 = math.exp %arg0 : f32
// CHECK-NEXT: %1 = math.log %arg0 : f32
// CHECK-NEXT: %2 = math.sqrt %arg0 fastmath<fast> : f32
// CHECK-NEXT: %3 = math.rsqrt %arg0 : f32
// CHECK-NEXT: %4 = math.tanh %arg0 : f32
// CHECK-NEXT: %5 = math.erf %arg0 : f32
// CHECK-NEXT: %6 = math.absf %arg0 {tag} : f32
// CHECK-NEXT: %7 = math.sin %arg0 : f32
// CHECK-NEXT: %8 = math.cos %arg0 fastmath<afn> : f32
// CHECK-NEXT: %9 = math.floor %arg0 : f32
// CHECK-NEXT: %10 = math.ceil %arg0 : f32
// CHECK-NEXT: %11 = math.powf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %12 = math.fma %arg0, %arg1, %arg0 : f32
// CHECK-NEXT: %13 = math.exp %arg2 : tensor<2x3xf64>
// CHECK-NEXT: %14 = math.fma %arg2, %arg2, %arg2 fastmath<contract> : tensor<2x3xf64>
// CHECK-NEXT: return %0 : f32

// GENERIC: %0 = "math.exp"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %1 = "math.log"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %2 = "math.sqrt"(%arg0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
// GENERIC-NEXT: %3 = "math.rsqrt"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %4 = "math.tanh"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %5 = "math.erf"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %6 = "math.absf"(%arg0) <{fastmath = #arith.fastmath<none>}> {tag} : (f32) -> f32
// GENERIC-NEXT: %7 = "math.sin"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %8 = "math.cos"(%arg0) <{fastmath = #arith.fastmath<afn>}> : (f32) -> f32
// GENERIC-NEXT: %9 = "math.floor"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %10 = "math.ceil"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC-NEXT: %11 = "math.powf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// GENERIC-NEXT: %12 = "math.fma"(%arg0, %arg1, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
// GENERIC-NEXT: %13 = "math.exp"(%arg2) <{fastmath = #arith.fastmath<none>}> : (tensor<2x3xf64>) -> tensor<2x3xf64>
// GENERIC-NEXT: %14 = "math.fma"(%arg2, %arg2, %arg2) <{fastmath = #arith.fastmath<contract>}> : (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
// GENERIC-NEXT: "func.return"(%0) : (f32) -> ()

func.func @ops(%x: f32, %y: f32, %t: tensor<2x3xf64>) -> f32 {
  %0 = math.exp %x : f32
  %1 = math.log %x : f32
  %2 = math.sqrt %x fastmath<fast> : f32
  %3 = math.rsqrt %x : f32
  %4 = math.tanh %x : f32
  %5 = math.erf %x : f32
  %6 = math.absf %x {tag} : f32
  %7 = math.sin %x : f32
  %8 = math.cos %x fastmath<afn> : f32
  %9 = math.floor %x : f32
  %10 = math.ceil %x : f32
  %11 = math.powf %x, %y fastmath<nnan,ninf> : f32
  %12 = math.fma %x, %y, %x : f32
  %13 = math.exp %t : tensor<2x3xf64>
  %14 = math.fma %t, %t, %t fastmath<contract> : tensor<2x3xf64>
  return %0 : f32
}
