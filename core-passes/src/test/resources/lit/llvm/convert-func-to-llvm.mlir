// RUN: hip-mlir-opt %s --convert-func-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @ext(i64, f32) -> i64 attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @sink(i32) attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @caller
// CHECK-NEXT:   %0 = llvm.call @ext(%arg0, %arg1) : (i64, f32) -> i64
// CHECK-NEXT:   %1 = "builtin.unrealized_conversion_cast"(%0) : (i64) -> index
// CHECK-NEXT:   %2 = arith.constant 7 : i32
// CHECK-NEXT:   llvm.call @sink(%2) : (i32) -> ()
// CHECK-NEXT:   cf.br ^bb1(%1 : index)
// CHECK-NEXT: ^bb1(%3: index):  // pred: ^bb0
// CHECK-NEXT:   %4 = "builtin.unrealized_conversion_cast"(%3) : (index) -> i64
// CHECK-NEXT:   llvm.return %4 : i64
// CHECK-LABEL: llvm.func @void
// CHECK-NEXT:   llvm.return

func.func private @ext(index, f32) -> index
func.func private @sink(i32)
func.func @caller(%a: index, %x: f32) -> index {
  %r = call @ext(%a, %x) : (index, f32) -> index
  %c = arith.constant 7 : i32
  call @sink(%c) : (i32) -> ()
  cf.br ^bb1(%r : index)
^bb1(%v: index):
  return %v : index
}
func.func @void() {
  return
}

// A signature that does not convert (tensors) leaves the function, its return and its calls as
// they are, as upstream does; the pass still succeeds.
// CHECK-LABEL: func.func @tensors
// CHECK-NEXT:   %0 = call @tensors(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   return %0 : tensor<4xf32>
func.func @tensors(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @tensors(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
