// RUN: hip-mlir-opt %s --canonicalize --cse | FileCheck %s

// hip ops are pure on tensors, but their memref form writes its destinations (MemoryEffects):
// neither canonicalize (dead-op removal) nor cse (two identical writes with a write in between)
// may drop them.
// CHECK-LABEL: func.func @kept(%arg0: memref<4xf32>, %arg1: memref<4xf32>)
// CHECK-NEXT:    hip.exp %arg0, %arg1 : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    hip.neg %arg1, %arg0 : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    hip.exp %arg0, %arg1 : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    return
// The tensor form stays pure: an unused one goes.
// CHECK-LABEL: func.func @dead(%arg0: tensor<4xf32>)
// CHECK-NEXT:    return
func.func @kept(%a: memref<4xf32>, %b: memref<4xf32>) {
  hip.exp %a, %b : (memref<4xf32>, memref<4xf32>) -> ()
  hip.neg %b, %a : (memref<4xf32>, memref<4xf32>) -> ()
  hip.exp %a, %b : (memref<4xf32>, memref<4xf32>) -> ()
  return
}
func.func @dead(%a: tensor<4xf32>) {
  %0 = hip.exp %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// The hip canonicalization patterns fold the tensor form only: a memref-form cast, transpose or
// reshape onto its own type still writes its destination, so it stays.
// CHECK-LABEL: func.func @memref_form_not_folded
// CHECK-NEXT:    hip.cast %arg0, %arg1 {to = f32} : (memref<2xf32>, memref<2xf32>) -> ()
// CHECK-NEXT:    hip.transpose %arg2, %arg3 {perm = array<i64: 0, 1>} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
// CHECK-NEXT:    return
func.func @memref_form_not_folded(%a: memref<2xf32>, %b: memref<2xf32>, %c: memref<2x3xf32>, %d: memref<2x3xf32>) {
  hip.cast %a, %b {to = f32} : (memref<2xf32>, memref<2xf32>) -> ()
  hip.transpose %c, %d {perm = array<i64: 0, 1>} : (memref<2x3xf32>, memref<2x3xf32>) -> ()
  return
}
