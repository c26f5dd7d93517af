// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s
// RUN: hip-mlir-opt %s --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Argument and result attributes, volatile memory access and declarations; the CHECK lines are
// what mlir-opt-22 prints for this file.
// CHECK-LABEL: module {
// CHECK-NEXT:   llvm.func @k(%arg0: !llvm.ptr {llvm.noalias, llvm.nonnull}, %arg1: i64 {llvm.zeroext}) -> (!llvm.struct<(ptr, i64)> {llvm.noundef}) {
// CHECK-NEXT:     %0 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:     %1 = llvm.alloca %0 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT:     %2 = llvm.load volatile %1 : !llvm.ptr -> f32
// CHECK-NEXT:     llvm.store volatile %2, %1 : f32, !llvm.ptr
// CHECK-NEXT:     %3 = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
// CHECK-NEXT:     llvm.return %3 : !llvm.struct<(ptr, i64)>
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func extern_weak @w() attributes {always_inline}
// CHECK-NEXT:   llvm.mlir.global private @z(0.000000e+00 : f32) {addr_space = 0 : i32} : f32
// CHECK-NEXT: }

llvm.func @k(%arg0: !llvm.ptr {llvm.noalias, llvm.nonnull}, %arg1: i64 {llvm.zeroext}) -> (!llvm.struct<(ptr, i64)> {llvm.noundef}) {
  %c = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %c x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %v = llvm.load volatile %a : !llvm.ptr -> f32
  llvm.store volatile %v, %a : f32, !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
  llvm.return %u : !llvm.struct<(ptr, i64)>
}
llvm.func extern_weak @w() attributes {always_inline}
llvm.mlir.global private @z(0.0 : f32) {addr_space = 0 : i32} : f32
