// RUN: hip-mlir-opt %s --convert-arith-to-llvm | FileCheck %s

// arith's min/max as `mlir-opt --convert-arith-to-llvm` (LLVM 22) lowers them: the llvm
// intrinsics maximum/minimum (NaN-propagating), maxnum/minnum, smax/smin/umax/umin.

// CHECK-LABEL: func.func @minmax(%arg0: f32, %arg1: f32, %arg2: i32, %arg3: i32) -> f32 {
// CHECK-NEXT:   %0 = llvm.intr.maximum(%arg0, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:   %1 = llvm.intr.minimum(%0, %arg1) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, f32) -> f32
// CHECK-NEXT:   %2 = llvm.intr.maxnum(%1, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:   %3 = llvm.intr.minnum(%2, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:   %4 = llvm.intr.smax(%arg2, %arg3) : (i32, i32) -> i32
// CHECK-NEXT:   %5 = llvm.intr.smin(%arg2, %arg3) : (i32, i32) -> i32
// CHECK-NEXT:   %6 = llvm.intr.umax(%arg2, %arg3) : (i32, i32) -> i32
// CHECK-NEXT:   %7 = llvm.intr.umin(%arg2, %arg3) : (i32, i32) -> i32
// CHECK-NEXT:   return %3 : f32
// CHECK-NEXT: }

func.func @minmax(%x: f32, %y: f32, %a: i32, %b: i32) -> f32 {
  %0 = arith.maximumf %x, %y : f32
  %1 = arith.minimumf %0, %y fastmath<nnan> : f32
  %2 = arith.maxnumf %1, %y : f32
  %3 = arith.minnumf %2, %y : f32
  %4 = arith.maxsi %a, %b : i32
  %5 = arith.minsi %a, %b : i32
  %6 = arith.maxui %a, %b : i32
  %7 = arith.minui %a, %b : i32
  return %3 : f32
}
