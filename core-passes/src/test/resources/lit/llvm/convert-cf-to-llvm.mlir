// RUN: hip-mlir-opt %s --convert-cf-to-llvm | FileCheck %s

// On its own, the cf lowering converts the argument types of the blocks it branches to; the
// values it forwards come through casts until their producers are lowered.

// CHECK-LABEL: func.func @branches
// CHECK-NEXT:   %0 = "builtin.unrealized_conversion_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:   llvm.cond_br %arg0, ^bb1(%0 : i64), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%1: i64):  // pred: ^bb0
// CHECK-NEXT:   %2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> index
// CHECK-NEXT:   %3 = arith.index_cast %2 : index to i32
// CHECK-NEXT:   llvm.br ^bb2(%3 : i32)
// CHECK-NEXT: ^bb2(%4: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return %4 : i32

func.func @branches(%c: i1, %a: index, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : index), ^bb2(%b : i32)
^bb1(%i: index):
  %t = arith.index_cast %i : index to i32
  cf.br ^bb2(%t : i32)
^bb2(%r: i32):
  return %r : i32
}
