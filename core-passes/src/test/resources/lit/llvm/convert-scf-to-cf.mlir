// RUN: hip-mlir-opt %s --convert-scf-to-cf | FileCheck %s

// The block layout of `mlir-opt --convert-scf-to-cf` (LLVM 22): a loop header comparing iv < ub,
// the body ending with iv + step and a branch back, the loop's results being the header's
// iteration arguments; an if branching to a continuation whose arguments are its results.

// CHECK-LABEL: func.func @f
// CHECK-NEXT:   cf.br ^bb1(%arg0, %arg3 : index, f32)
// CHECK-NEXT: ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT:   cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   %3 = arith.addf %1, %1 : f32
// CHECK-NEXT:   %4 = arith.addi %0, %arg2 : index
// CHECK-NEXT:   cf.br ^bb1(%4, %3 : index, f32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   cf.cond_br %arg4, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   cf.br ^bb6(%1 : f32)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT:   cf.br ^bb6(%arg3 : f32)
// CHECK-NEXT: ^bb6(%5: f32):  // 2 preds: ^bb4, ^bb5
// CHECK-NEXT:   cf.br ^bb7
// CHECK-NEXT: ^bb7:  // pred: ^bb6
// CHECK-NEXT:   cf.cond_br %arg4, ^bb8, ^bb9
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT:   "test.effect"() : () -> ()
// CHECK-NEXT:   cf.br ^bb9
// CHECK-NEXT: ^bb9:  // 2 preds: ^bb7, ^bb8
// CHECK-NEXT:   return %5 : f32
// CHECK-LABEL: func.func @sum
// CHECK-NEXT:   %0 = arith.constant 0 : index
// CHECK-NEXT:   %1 = arith.constant 1 : index
// CHECK-NEXT:   %2 = arith.constant 0 : i64
// CHECK-NEXT:   cf.br ^bb1(%0, %2 : index, i64)
// CHECK-NEXT: ^bb1(%3: index, %4: i64):  // 2 preds: ^bb0, ^bb9
// CHECK-NEXT:   %5 = arith.cmpi slt, %3, %arg0 : index
// CHECK-NEXT:   cf.cond_br %5, ^bb2, ^bb10
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   cf.br ^bb3(%0, %4 : index, i64)
// CHECK-NEXT: ^bb3(%6: index, %7: i64):  // 2 preds: ^bb2, ^bb8
// CHECK-NEXT:   %8 = arith.cmpi slt, %6, %arg1 : index
// CHECK-NEXT:   cf.cond_br %8, ^bb4, ^bb9
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   %9 = arith.muli %3, %6 : index
// CHECK-NEXT:   %10 = arith.index_cast %9 : index to i64
// CHECK-NEXT:   %11 = arith.cmpi ult, %10, %2 : i64
// CHECK-NEXT:   cf.cond_br %11, ^bb5, ^bb6
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT:   cf.br ^bb7(%7 : i64)
// CHECK-NEXT: ^bb6:  // pred: ^bb4
// CHECK-NEXT:   %12 = arith.addi %7, %10 : i64
// CHECK-NEXT:   cf.br ^bb7(%12 : i64)
// CHECK-NEXT: ^bb7(%13: i64):  // 2 preds: ^bb5, ^bb6
// CHECK-NEXT:   cf.br ^bb8
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT:   %14 = arith.addi %6, %1 : index
// CHECK-NEXT:   cf.br ^bb3(%14, %13 : index, i64)
// CHECK-NEXT: ^bb9:  // pred: ^bb3
// CHECK-NEXT:   %15 = arith.addi %3, %1 : index
// CHECK-NEXT:   cf.br ^bb1(%15, %7 : index, i64)
// CHECK-NEXT: ^bb10:  // pred: ^bb1
// CHECK-NEXT:   return %4 : i64

func.func @f(%lb: index, %ub: index, %st: index, %x: f32, %c: i1) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %acc : f32
    scf.yield %y : f32
  }
  %s = scf.if %c -> (f32) {
    scf.yield %r : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    "test.effect"() : () -> ()
  }
  return %s : f32
}
func.func @sum(%n: index, %m: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a2 = %acc) -> (i64) {
      %p = arith.muli %i, %j : index
      %pi = arith.index_cast %p : index to i64
      %odd = arith.cmpi ult, %pi, %z : i64
      %v = scf.if %odd -> (i64) {
        scf.yield %a2 : i64
      } else {
        %s = arith.addi %a2, %pi : i64
        scf.yield %s : i64
      }
      scf.yield %v : i64
    }
    scf.yield %inner : i64
  }
  return %r : i64
}
