// RUN: hip-mlir-opt %s --convert-scf-to-cf | FileCheck %s

// scf.while with the block layout of `mlir-opt --convert-scf-to-cf` (LLVM 22): the condition
// block takes the initial values, scf.condition branches to the body (with the forwarded values)
// or past the loop, the body branches back; the results are the forwarded values.

// CHECK-LABEL: func.func @w(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.constant 0 : i32
// CHECK-NEXT:   %1 = arith.constant 1 : i32
// CHECK-NEXT:   cf.br ^bb1(%0, %0 : i32, i32)
// CHECK-NEXT: ^bb1(%2: i32, %3: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   %4 = arith.cmpi slt, %2, %arg0 : i32
// CHECK-NEXT:   cf.cond_br %4, ^bb2(%2, %3 : i32, i32), ^bb3
// CHECK-NEXT: ^bb2(%5: i32, %6: i32):  // pred: ^bb1
// CHECK-NEXT:   %7 = arith.addi %5, %1 : i32
// CHECK-NEXT:   %8 = arith.addi %6, %5 : i32
// CHECK-NEXT:   cf.br ^bb1(%7, %8 : i32, i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dw(%arg0: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.constant 0 : i32
// CHECK-NEXT:   %1 = arith.constant 1 : i32
// CHECK-NEXT:   cf.br ^bb1(%0 : i32)
// CHECK-NEXT: ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   %3 = arith.addi %2, %1 : i32
// CHECK-NEXT:   %4 = arith.cmpi slt, %3, %arg0 : i32
// CHECK-NEXT:   cf.cond_br %4, ^bb1(%3 : i32), ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return %3 : i32
// CHECK-NEXT: }

func.func @w(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %acc : i32, i32
  } do {
  ^bb0(%j: i32, %a: i32):
    %nj = arith.addi %j, %c1 : i32
    %na = arith.addi %a, %j : i32
    scf.yield %nj, %na : i32, i32
  }
  return %r#1 : i32
}

// A body that only forwards its arguments (a do-while): the condition branches back to itself.
func.func @dw(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %ni = arith.addi %i, %c1 : i32
    %lt = arith.cmpi slt, %ni, %n : i32
    scf.condition(%lt) %ni : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return %r : i32
}
