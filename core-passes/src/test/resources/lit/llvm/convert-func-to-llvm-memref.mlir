// RUN: hip-mlir-opt %s --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s

// Upstream's calling convention (`mlir-opt --convert-func-to-llvm`, LLVM 22): a memref argument is
// passed as its descriptor's fields (allocated and aligned pointers, offset, sizes, strides) and
// packed back at the function's entry, in reverse argument order; a call unpacks it; several
// results are packed in a literal struct by the return and unpacked after the call; a memref
// result is returned as its descriptor. No _mlir_ciface_ wrappers (llvm.emit_c_interface).

// CHECK-LABEL: llvm.func @ext(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64) -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)> attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @pass(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64) -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)> {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %3 = llvm.insertvalue %arg2, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %4 = llvm.insertvalue %arg3, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %5 = llvm.insertvalue %arg4, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %6 = llvm.extractvalue %5[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %7 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %8 = llvm.extractvalue %5[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %9 = llvm.extractvalue %5[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %10 = llvm.extractvalue %5[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %11 = llvm.call @ext(%6, %7, %8, %9, %10, %arg5) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64) -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT:   %12 = llvm.extractvalue %11[0] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT:   %13 = llvm.extractvalue %11[1] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT:   %14 = llvm.mlir.poison : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT:   %15 = llvm.insertvalue %12, %14[0] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT:   %16 = llvm.insertvalue %13, %15[1] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT:   llvm.return %16 : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, i64)>
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @scalar_pair(%arg0: f32) -> !llvm.struct<(f32, f32)> {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(f32, f32)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg0, %1[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT:   llvm.return %2 : !llvm.struct<(f32, f32)>
// CHECK-NEXT: }

func.func private @ext(memref<4xf32>, index) -> (memref<2x?xf32>, index)

func.func @pass(%a: memref<4xf32>, %n: index, %b: memref<?x8xi32>) -> (memref<2x?xf32>, index) {
  %r:2 = call @ext(%a, %n) : (memref<4xf32>, index) -> (memref<2x?xf32>, index)
  return %r#0, %r#1 : memref<2x?xf32>, index
}

func.func @scalar_pair(%x: f32) -> (f32, f32) {
  return %x, %x : f32, f32
}
