// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:   func.func @cf(%arg0: i1, %arg1: f32) -> f32 {
// CHECK-NEXT:     cf.assert %arg0, "boom"
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%arg1 : f32), ^bb2
// CHECK-NEXT:   ^bb1(%0: f32):
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:
// CHECK-NEXT:     return %arg1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @cf(%c: i1, %x: f32) -> f32 {
  cf.assert %c, "boom"
  cf.cond_br %c, ^bb1(%x : f32), ^bb2
^bb1(%z: f32):
  cf.br ^bb2
^bb2:
  return %x : f32
}
