// RUN: hip-mlir-opt %s --convert-arith-to-llvm | FileCheck %s

// Same lowering as `mlir-opt --convert-arith-to-llvm` (LLVM 22) on this input; index operands
// and results are bridged with casts until their producers and users are lowered too.

// CHECK-LABEL: func.func @scalars
// CHECK-NEXT:    %0 = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT:    %1 = llvm.add %arg0, %0 : i32
// CHECK-NEXT:    %2 = llvm.sub %1, %arg0 overflow<nsw, nuw> : i32
// CHECK-NEXT:    %3 = llvm.mul %2, %1 overflow<nsw> : i32
// CHECK-NEXT:    %4 = llvm.sdiv %3, %0 : i32
// CHECK-NEXT:    %5 = llvm.urem %4, %0 : i32
// CHECK-NEXT:    %6 = llvm.and %5, %0 : i32
// CHECK-NEXT:    %7 = llvm.ashr %6, %0 : i32
// CHECK-NEXT:    %8 = llvm.icmp "sge" %7, %arg0 : i32
// CHECK-NEXT:    %9 = llvm.select %8, %7, %arg0 : i1, i32
// CHECK-NEXT:    %10 = llvm.sitofp %9 : i32 to f32
// CHECK-NEXT:    %11 = llvm.fadd %10, %arg1 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT:    %12 = llvm.fmul %11, %11 {fastmathFlags = #llvm.fastmath<nnan,ninf>} : f32
// CHECK-NEXT:    %13 = llvm.fneg %12 : f32
// CHECK-NEXT:    %14 = llvm.fcmp "ult" %13, %arg1 : f32
// CHECK-NEXT:    %15 = llvm.fpext %13 : f32 to f64
// CHECK-NEXT:    %16 = llvm.fptosi %15 : f64 to i64
// CHECK-NEXT:    %17 = llvm.trunc %16 : i64 to i8
// CHECK-NEXT:    %18 = llvm.zext %17 : i8 to i32
// CHECK-NEXT:    %19 = llvm.bitcast %18 : i32 to f32
// CHECK-NEXT:    %20 = llvm.mlir.constant(true) : i1
// CHECK-NEXT:    %21 = llvm.mlir.constant(1.500000e+00 : f32) : f32
// CHECK-NEXT:    return %19 : f32
func.func @scalars(%a: i32, %x: f32) -> f32 {
  %c = arith.constant 3 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.subi %0, %a overflow<nsw, nuw> : i32
  %2 = arith.muli %1, %0 overflow<nsw> : i32
  %3 = arith.divsi %2, %c : i32
  %4 = arith.remui %3, %c : i32
  %5 = arith.andi %4, %c : i32
  %6 = arith.shrsi %5, %c : i32
  %7 = arith.cmpi sge, %6, %a : i32
  %8 = arith.select %7, %6, %a : i32
  %9 = arith.sitofp %8 : i32 to f32
  %10 = arith.addf %9, %x fastmath<fast> : f32
  %11 = arith.mulf %10, %10 fastmath<nnan, ninf> : f32
  %12 = arith.negf %11 : f32
  %13 = arith.cmpf ult, %12, %x : f32
  %14 = arith.extf %12 : f32 to f64
  %15 = arith.fptosi %14 : f64 to i64
  %16 = arith.trunci %15 : i64 to i8
  %17 = arith.extui %16 : i8 to i32
  %18 = arith.bitcast %17 : i32 to f32
  %t = arith.constant true
  %f = arith.constant 1.5 : f32
  return %18 : f32
}

// index becomes i64: index_cast truncates or extends by the widths.
// CHECK-LABEL: func.func @index
// CHECK-NEXT:    %0 = "builtin.unrealized_conversion_cast"(%arg0) : (index) -> i64
// CHECK-NEXT:    %1 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:    %2 = llvm.mul %0, %1 : i64
// CHECK-NEXT:    %3 = llvm.trunc %2 : i64 to i32
// CHECK-NEXT:    %4 = llvm.zext %3 : i32 to i64
// CHECK-NEXT:    %5 = "builtin.unrealized_conversion_cast"(%4) : (i64) -> index
// CHECK-NEXT:    %6 = llvm.trunc %arg1 : i128 to i64
// CHECK-NEXT:    %7 = "builtin.unrealized_conversion_cast"(%6) : (i64) -> index
// CHECK-NEXT:    %8 = llvm.add %4, %2 : i64
// CHECK-NEXT:    %9 = "builtin.unrealized_conversion_cast"(%8) : (i64) -> index
// CHECK-NEXT:    "test.effect"(%5, %7) : (index, index) -> ()
// CHECK-NEXT:    return %9 : index
func.func @index(%i: index, %n: i128) -> index {
  %c4 = arith.constant 4 : index
  %0 = arith.muli %i, %c4 : index
  %1 = arith.index_cast %0 : index to i32
  %2 = arith.index_castui %1 : i32 to index
  %3 = arith.index_cast %n : i128 to index
  %4 = arith.addi %2, %0 : index
  "test.effect"(%2, %3) : (index, index) -> ()
  return %4 : index
}

// Min/max become llvm intrinsics (all of them: convert-arith-to-llvm-minmax.mlir).
// CHECK-LABEL: func.func @intrinsics
// CHECK-NEXT:    %0 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    %1 = llvm.add %0, %arg1 : i32
func.func @intrinsics(%a: i32, %b: i32) -> i32 {
  %0 = arith.maxsi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  return %1 : i32
}

// Ops on types the lowering does not handle (tensors) stay, as upstream leaves them.
// CHECK-LABEL: func.func @tensors
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %1 = arith.constant dense<1> : tensor<4xi32>
func.func @tensors(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = arith.addi %a, %a : tensor<4xi32>
  %1 = arith.constant dense<1> : tensor<4xi32>
  return %0 : tensor<4xi32>
}
