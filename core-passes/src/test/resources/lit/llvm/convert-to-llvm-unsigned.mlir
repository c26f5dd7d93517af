// RUN: hip-mlir-opt %s --convert-to-llvm | FileCheck %s

// Memrefs of signed or unsigned integers lower like signless ones, as mlir-opt-22 lowers them:
// the descriptor holds pointers, the signedness is dropped.
// CHECK-LABEL: llvm.func @f
// CHECK-SAME:    (%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         llvm.return
func.func @f(%a: memref<2xui8>) -> memref<2xui8> {
  return %a : memref<2xui8>
}
