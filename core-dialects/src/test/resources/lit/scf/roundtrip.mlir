// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:   func.func @scf(%arg0: i1, %arg1: index, %arg2: index, %arg3: index, %arg4: f32, %arg5: i32) -> f32 {
// CHECK-NEXT:     %0 = scf.for %arg6 = %arg1 to %arg2 step %arg3 iter_args(%arg7 = %arg4) -> (f32) {
// CHECK-NEXT:       %2 = "x.add"(%arg7, %arg6) : (f32, index) -> f32
// CHECK-NEXT:       scf.yield %2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg6 = %arg5 to %arg5 step %arg5  : i32 {
// CHECK-NEXT:       "x.use"(%arg6) : (i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:       scf.yield %0 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       "x.y"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @scf(%c: i1, %lb: index, %ub: index, %s: index, %x: f32, %l32: i32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    %n = "x.add"(%acc, %i) : (f32, index) -> f32
    scf.yield %n : f32
  }
  scf.for %j = %l32 to %l32 step %l32 : i32 {
    "x.use"(%j) : (i32) -> ()
  }
  %q = scf.if %c -> (f32) {
    scf.yield %r : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    "x.y"() : () -> ()
  }
  return %q : f32
}
