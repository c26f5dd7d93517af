// RUN: hip-mlir-opt %s --convert-cf-to-llvm | FileCheck %s

// cf.switch becomes llvm.switch with the same cases, successors and operands, as
// `mlir-opt --convert-cf-to-llvm` (LLVM 22) lowers it.

// CHECK-LABEL: func.func @switch(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:   llvm.switch %arg0 : i32, ^bb1(%arg1 : i32) [
// CHECK-NEXT:     42: ^bb1(%arg2 : i32),
// CHECK-NEXT:     43: ^bb2
// CHECK-NEXT:   ]
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   return %arg1 : i32
// CHECK-NEXT: }

func.func @switch(%s: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %s : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%b : i32),
    43: ^bb2
  ]
^bb1(%v: i32):
  return %v : i32
^bb2:
  return %a : i32
}
