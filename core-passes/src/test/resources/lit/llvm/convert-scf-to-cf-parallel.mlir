// RUN: hip-mlir-opt %s --convert-scf-to-cf | FileCheck %s

// scf.parallel without reductions becomes nested loops, outermost dimension first, as
// `mlir-opt --convert-scf-to-cf` (LLVM 22) lowers it.

// CHECK-LABEL: func.func @p(%arg0: memref<4x8xf32>, %arg1: index) {
// CHECK-NEXT:   %0 = arith.constant 0 : index
// CHECK-NEXT:   %1 = arith.constant 1 : index
// CHECK-NEXT:   %2 = arith.constant 8 : index
// CHECK-NEXT:   %3 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   cf.br ^bb1(%0 : index)
// CHECK-NEXT: ^bb1(%4: index):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT:   %5 = arith.cmpi slt, %4, %arg1 : index
// CHECK-NEXT:   cf.cond_br %5, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   cf.br ^bb3(%0 : index)
// CHECK-NEXT: ^bb3(%6: index):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT:   %7 = arith.cmpi slt, %6, %2 : index
// CHECK-NEXT:   cf.cond_br %7, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   memref.store %3, %arg0[%4, %6] : memref<4x8xf32>
// CHECK-NEXT:   %8 = arith.addi %6, %1 : index
// CHECK-NEXT:   cf.br ^bb3(%8 : index)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT:   %9 = arith.addi %4, %1 : index
// CHECK-NEXT:   cf.br ^bb1(%9 : index)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reduction(%arg0: index) -> f32 {
// CHECK-NEXT:   %0 = arith.constant 0 : index
// CHECK-NEXT:   %1 = arith.constant 1 : index
// CHECK-NEXT:   %2 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %3 = scf.parallel (%arg1) = (%0) to (%arg0) step (%1) init (%2) -> f32 {
// CHECK-NEXT:     %4 = arith.index_cast %arg1 : index to i32
// CHECK-NEXT:     %5 = arith.sitofp %4 : i32 to f32
// CHECK-NEXT:     scf.reduce(%5 : f32) {
// CHECK-NEXT:     ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:       %6 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT:       scf.reduce.return %6 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %3 : f32
// CHECK-NEXT: }

func.func @p(%m: memref<4x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c8) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<4x8xf32>
    scf.reduce
  }
  return
}

// A parallel loop with reductions is left as it is (upstream carries the reductions as iter_args).
func.func @reduction(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %x = arith.index_cast %i : index to i32
    %f = arith.sitofp %x : i32 to f32
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
