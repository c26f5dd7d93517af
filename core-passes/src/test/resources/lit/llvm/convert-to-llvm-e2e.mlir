// RUN: hip-mlir-opt %s --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s
// RUN: hip-mlir-opt %s --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=ONLY-LLVM
// RUN: hip-mlir-opt %s --convert-scf-to-cf --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm | FileCheck %s --check-prefix=CASTS
// RUN: hip-mlir-opt %s --convert-scf-to-cf --convert-func-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts | FileCheck %s

// Loops, ifs, index arithmetic and calls through the whole lowering: the result has nothing but
// llvm ops (and verifies, as every hip-mlir-opt output does). The same as
// `mlir-opt --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts` (LLVM 22).
// ONLY-LLVM-NOT: {{(func|arith|cf|scf|builtin)\.[a-z_]+}}
// Dialect by dialect, the casts between index and i64 that each pass leaves for the next are
// still there; reconcile-unrealized-casts removes them, with the same result as one
// convert-to-llvm.
// CASTS: builtin.unrealized_conversion_cast

// CHECK-LABEL: llvm.func @sum
// CHECK-NEXT:   %0 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %1 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %2 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:   llvm.br ^bb1(%0, %2 : i64, i64)
// CHECK-NEXT: ^bb1(%3: i64, %4: i64):  // 2 preds: ^bb0, ^bb9
// CHECK-NEXT:   %5 = llvm.icmp "slt" %3, %arg0 : i64
// CHECK-NEXT:   llvm.cond_br %5, ^bb2, ^bb10
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   llvm.br ^bb3(%0, %4 : i64, i64)
// CHECK-NEXT: ^bb3(%6: i64, %7: i64):  // 2 preds: ^bb2, ^bb8
// CHECK-NEXT:   %8 = llvm.icmp "slt" %6, %arg1 : i64
// CHECK-NEXT:   llvm.cond_br %8, ^bb4, ^bb9
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   %9 = llvm.mul %3, %6 : i64
// CHECK-NEXT:   %10 = llvm.icmp "ult" %9, %2 : i64
// CHECK-NEXT:   llvm.cond_br %10, ^bb5, ^bb6
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT:   llvm.br ^bb7(%7 : i64)
// CHECK-NEXT: ^bb6:  // pred: ^bb4
// CHECK-NEXT:   %11 = llvm.add %7, %9 : i64
// CHECK-NEXT:   llvm.br ^bb7(%11 : i64)
// CHECK-NEXT: ^bb7(%12: i64):  // 2 preds: ^bb5, ^bb6
// CHECK-NEXT:   llvm.br ^bb8
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT:   %13 = llvm.add %6, %1 : i64
// CHECK-NEXT:   llvm.br ^bb3(%13, %12 : i64, i64)
// CHECK-NEXT: ^bb9:  // pred: ^bb3
// CHECK-NEXT:   %14 = llvm.add %3, %1 : i64
// CHECK-NEXT:   llvm.br ^bb1(%14, %7 : i64, i64)
// CHECK-NEXT: ^bb10:  // pred: ^bb1
// CHECK-NEXT:   llvm.return %4 : i64
// CHECK-LABEL: llvm.func @ext(i64) -> i64 attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @twice
// CHECK-NEXT:   %0 = llvm.call @ext(%arg0) : (i64) -> i64
// CHECK-NEXT:   %1 = llvm.call @ext(%0) : (i64) -> i64
// CHECK-NEXT:   llvm.return %1 : i64

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
func.func private @ext(index) -> index
func.func @twice(%a: index) -> index {
  %0 = call @ext(%a) : (index) -> index
  %1 = call @ext(%0) : (index) -> index
  return %1 : index
}
