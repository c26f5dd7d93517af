// RUN: hip-mlir-opt %s --convert-cf-to-llvm | FileCheck %s

// On its own, the cf lowering converts the argument types of the blocks it branches to; the
// values it forwards come through casts until their producers are lowered. An assert splits
// its block; its failure block (at the end of the function) prints the message with puts and
// aborts; the messages, puts and abort are declared at the start of the module, one global per
// message, as `mlir-opt --convert-cf-to-llvm` (LLVM 22) does.

// CHECK:      llvm.mlir.global private constant @assert_msg_0(dense<[115, 101, 99, 111, 110, 100, 0]> : tensor<7xi8>) {addr_space = 0 : i32} : !llvm.array<7 x i8>
// CHECK-NEXT: llvm.func @abort()
// CHECK-NEXT: llvm.func @puts(!llvm.ptr)
// CHECK-NEXT: llvm.mlir.global private constant @assert_msg(dense<[102, 105, 114, 115, 116, 0]> : tensor<6xi8>) {addr_space = 0 : i32} : !llvm.array<6 x i8>
// CHECK-LABEL: func.func @branches
// CHECK-NEXT:   %0 = "builtin.unrealized_conversion_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:   llvm.cond_br %arg0, ^bb1(%0 : i64), ^bb2(%arg2 : i32)
// CHECK-NEXT: ^bb1(%1: i64):  // pred: ^bb0
// CHECK-NEXT:   %2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> index
// CHECK-NEXT:   %3 = arith.index_cast %2 : index to i32
// CHECK-NEXT:   llvm.br ^bb2(%3 : i32)
// CHECK-NEXT: ^bb2(%4: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   return %4 : i32
// CHECK-LABEL: func.func @f
// CHECK-NEXT:   llvm.cond_br %arg0, ^bb1, ^bb3
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   %0 = arith.constant 1 : i32
// CHECK-NEXT:   llvm.cond_br %arg1, ^bb2, ^bb4
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   return %0 : i32
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT:   %1 = llvm.mlir.addressof @assert_msg : !llvm.ptr
// CHECK-NEXT:   %2 = llvm.getelementptr %1[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<6 x i8>
// CHECK-NEXT:   llvm.call @puts(%2) : (!llvm.ptr) -> ()
// CHECK-NEXT:   llvm.call @abort() : () -> ()
// CHECK-NEXT:   llvm.unreachable
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT:   %3 = llvm.mlir.addressof @assert_msg_0 : !llvm.ptr
// CHECK-NEXT:   %4 = llvm.getelementptr %3[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<7 x i8>
// CHECK-NEXT:   llvm.call @puts(%4) : (!llvm.ptr) -> ()
// CHECK-NEXT:   llvm.call @abort() : () -> ()
// CHECK-NEXT:   llvm.unreachable

func.func @branches(%c: i1, %a: index, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : index), ^bb2(%b : i32)
^bb1(%i: index):
  %t = arith.index_cast %i : index to i32
  cf.br ^bb2(%t : i32)
^bb2(%r: i32):
  return %r : i32
}
func.func @f(%c: i1, %d: i1) -> i32 {
  cf.assert %c, "first"
  %x = arith.constant 1 : i32
  cf.assert %d, "second"
  return %x : i32
}
