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

// CHECK-LABEL: func.func @loops(%arg0: f32, %arg1: i32, %arg2: i1) -> f32
func.func @loops(%x: f32, %n: i32, %c: i1) -> f32 {
  // CHECK-NEXT: %0:2 = scf.while (%arg3 = %arg0, %arg4 = %arg1) : (f32, i32) -> (f32, i32) {
  // CHECK-NEXT:   scf.condition(%arg2) %arg3, %arg4 : f32, i32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%arg3: f32, %arg4: i32):
  // CHECK-NEXT:   scf.yield %arg3, %arg4 : f32, i32
  // CHECK-NEXT: }
  %r:2 = scf.while (%a = %x, %b = %n) : (f32, i32) -> (f32, i32) {
    scf.condition(%c) %a, %b : f32, i32
  } do {
  ^bb0(%a2: f32, %b2: i32):
    scf.yield %a2, %b2 : f32, i32
  }
  // CHECK-NEXT: %1 = scf.while (%arg3 = %arg0) : (f32) -> f32 {
  // CHECK-NEXT:   %2 = "x.next"(%arg3) : (f32) -> f32
  // CHECK-NEXT:   scf.condition(%arg2) %2 : f32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%arg3: f32):
  // CHECK-NEXT:   scf.yield %arg3 : f32
  // CHECK-NEXT: } attributes {tag = 1 : i64}
  %s = scf.while (%a = %x) : (f32) -> f32 {
    %a1 = "x.next"(%a) : (f32) -> f32
    scf.condition(%c) %a1 : f32
  } do {
  ^bb0(%a2: f32):
    scf.yield %a2 : f32
  } attributes {tag = 1 : i64}
  // CHECK-NEXT: scf.while : () -> () {
  // CHECK-NEXT:   scf.condition(%arg2)
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %s : f32
}

// CHECK-LABEL: func.func @parallel(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?x?xf32>) -> f32
func.func @parallel(%lb: index, %ub: index, %st: index, %x: f32, %m: memref<?x?xf32>) -> f32 {
  // CHECK-NEXT: scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
  // CHECK-NEXT:   %1 = memref.load %arg4[%arg5, %arg6] : memref<?x?xf32>
  // CHECK-NEXT:   memref.store %1, %arg4[%arg6, %arg5] : memref<?x?xf32>
  // CHECK-NEXT:   scf.reduce
  // CHECK-NEXT: }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  // CHECK-NEXT: %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
  // CHECK-NEXT:   %1 = memref.load %arg4[%arg5, %arg5] : memref<?x?xf32>
  // CHECK-NEXT:   scf.reduce(%1 : f32) {
  // CHECK-NEXT:   ^bb0(%arg6: f32, %arg7: f32):
  // CHECK-NEXT:     %2 = "x.add"(%arg6, %arg7) : (f32, f32) -> f32
  // CHECK-NEXT:     scf.reduce.return %2 : f32
  // CHECK-NEXT:   }
  // CHECK-NEXT: }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x) -> f32 {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = "x.add"(%a, %b) : (f32, f32) -> f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
