// RUN: hip-mlir-opt %s --convert-math-to-llvm | FileCheck %s

// The lowering of `mlir-opt --convert-math-to-llvm` (LLVM 22) on the same input: each op becomes
// its llvm intrinsic with the fast-math flags; rsqrt is 1 / sqrt(x); math.erf has no intrinsic
// and stays (upstream leaves it to convert-math-to-libm).

// CHECK-LABEL: func.func @math(%arg0: f32, %arg1: f32, %arg2: f64) -> f32 {
// CHECK-NEXT:   %0 = llvm.intr.exp(%arg0) : (f32) -> f32
// CHECK-NEXT:   %1 = llvm.intr.log(%0) : (f32) -> f32
// CHECK-NEXT:   %2 = llvm.intr.sqrt(%1) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK-NEXT:   %3 = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT:   %4 = llvm.intr.sqrt(%2) {fastmathFlags = #llvm.fastmath<nnan>} : (f32) -> f32
// CHECK-NEXT:   %5 = llvm.fdiv %3, %4 {fastmathFlags = #llvm.fastmath<nnan>} : f32
// CHECK-NEXT:   %6 = llvm.intr.tanh(%5) : (f32) -> f32
// CHECK-NEXT:   %7 = math.erf %6 : f32
// CHECK-NEXT:   %8 = llvm.intr.fabs(%7) : (f32) -> f32
// CHECK-NEXT:   %9 = llvm.intr.sin(%8) : (f32) -> f32
// CHECK-NEXT:   %10 = llvm.intr.cos(%9) : (f32) -> f32
// CHECK-NEXT:   %11 = llvm.intr.floor(%10) : (f32) -> f32
// CHECK-NEXT:   %12 = llvm.intr.ceil(%11) : (f32) -> f32
// CHECK-NEXT:   %13 = llvm.intr.pow(%12, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:   %14 = llvm.intr.fma(%13, %arg1, %arg0) : (f32, f32, f32) -> f32
// CHECK-NEXT:   %15 = llvm.intr.exp(%arg2) : (f64) -> f64
// CHECK-NEXT:   return %14 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @tensor(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:   %0 = math.exp %arg0 : tensor<4xf32>
// CHECK-NEXT:   return %0 : tensor<4xf32>
// CHECK-NEXT: }

func.func @math(%x: f32, %y: f32, %z: f64) -> f32 {
  %0 = math.exp %x : f32
  %1 = math.log %0 : f32
  %2 = math.sqrt %1 fastmath<fast> : f32
  %3 = math.rsqrt %2 fastmath<nnan> : f32
  %4 = math.tanh %3 : f32
  %5 = math.erf %4 : f32
  %6 = math.absf %5 : f32
  %7 = math.sin %6 : f32
  %8 = math.cos %7 : f32
  %9 = math.floor %8 : f32
  %10 = math.ceil %9 : f32
  %11 = math.powf %10, %y : f32
  %12 = math.fma %11, %y, %x : f32
  %13 = math.exp %z : f64
  return %12 : f32
}

// Ops on tensors stay, as upstream leaves them.
func.func @tensor(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = math.exp %t : tensor<4xf32>
  return %0 : tensor<4xf32>
}
