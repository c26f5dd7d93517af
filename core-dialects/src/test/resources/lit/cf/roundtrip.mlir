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

func.func @cf(%c: i1, %x: f32) -> f32 {
  cf.assert %c, "boom"
  cf.cond_br %c, ^bb1(%x : f32), ^bb2
^bb1(%z: f32):
  cf.br ^bb2
^bb2:
  return %x : f32
}

// CHECK-LABEL: func.func @switches(%arg0: i32, %arg1: f32) -> f32
func.func @switches(%i: i32, %a: f32) -> f32 {
  // CHECK-NEXT: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1,
  // CHECK-NEXT:   1: ^bb2(%arg1 : f32),
  // CHECK-NEXT:   4294967294: ^bb1
  // CHECK-NEXT: ]
  cf.switch %i : i32, [
    default: ^bb1,
    1: ^bb2(%a : f32),
    -2: ^bb1
  ]
^bb1:
  // CHECK: cf.switch %arg0 : i32, [
  // CHECK-NEXT: default: ^bb2(%arg1 : f32)]
  cf.switch %i : i32, [
    default: ^bb2(%a : f32)
  ]
^bb2(%x: f32):
  return %x : f32
}
