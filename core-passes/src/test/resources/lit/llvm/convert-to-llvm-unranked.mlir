// RUN: hip-mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s

// Unranked memrefs as `mlir-opt --convert-to-llvm` (LLVM 22) lowers them: an argument is passed as
// its (rank, pointer) pair and packed back at the entry; a call unpacks it; a cast from a ranked
// memref stores the descriptor on the stack and pairs the pointer with the rank, a cast back
// loads the ranked descriptor from the pointer; a copy passes the unranked descriptor to the
// runtime's memrefCopy as it is; dim, reinterpret_cast, extract_aligned_pointer_as_index and
// dealloc read the fields they need through the pointer.

// CHECK-LABEL: llvm.func @free(!llvm.ptr)
// CHECK-LABEL: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: llvm.func @ext(i64, !llvm.ptr) attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @u(%arg0: i64, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: i64) {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg2, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg3, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %3 = llvm.insertvalue %arg4, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %4 = llvm.insertvalue %arg5, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %5 = llvm.insertvalue %arg6, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %6 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %7 = llvm.insertvalue %arg0, %6[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %8 = llvm.insertvalue %arg1, %7[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %9 = llvm.extractvalue %8[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %10 = llvm.extractvalue %8[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   llvm.call @ext(%9, %10) : (i64, !llvm.ptr) -> ()
// CHECK-NEXT:   %11 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %12 = llvm.alloca %11 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %5, %12 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK-NEXT:   %13 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %14 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %15 = llvm.insertvalue %13, %14[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %16 = llvm.insertvalue %12, %15[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %17 = llvm.extractvalue %16[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %18 = llvm.extractvalue %16[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   llvm.call @ext(%17, %18) : (i64, !llvm.ptr) -> ()
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @back(%arg0: i64, %arg1: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %3 = llvm.extractvalue %2[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %4 = llvm.load %3 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   llvm.return %4 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @copy_unranked(%arg0: i64, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: i64) {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg2, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg3, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %3 = llvm.insertvalue %arg4, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %4 = llvm.insertvalue %arg5, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %5 = llvm.insertvalue %arg6, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %6 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %7 = llvm.insertvalue %arg0, %6[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %8 = llvm.insertvalue %arg1, %7[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %9 = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT:   %10 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:   %11 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %12 = llvm.alloca %11 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %5, %12 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK-NEXT:   %13 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %14 = llvm.insertvalue %10, %13[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %15 = llvm.insertvalue %12, %14[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %16 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %17 = llvm.alloca %16 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %8, %17 : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT:   %18 = llvm.alloca %16 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %15, %18 : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT:   %19 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %20 = llvm.getelementptr %19[1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   %21 = llvm.ptrtoint %20 : !llvm.ptr to i64
// CHECK-NEXT:   llvm.call @memrefCopy(%21, %17, %18) : (i64, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT:   llvm.intr.stackrestore %9 : !llvm.ptr
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @dim_unranked(%arg0: i64, %arg1: !llvm.ptr, %arg2: i64) -> i64 {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %3 = llvm.extractvalue %2[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %4 = llvm.getelementptr %3[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT:   %5 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %6 = llvm.add %5, %arg2 : i64
// CHECK-NEXT:   %7 = llvm.getelementptr %4[%6] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-NEXT:   %8 = llvm.load %7 : !llvm.ptr -> i64
// CHECK-NEXT:   llvm.return %8 : i64
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @rc(%arg0: i64, %arg1: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %3 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %4 = llvm.extractvalue %2[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %5 = llvm.load %4 : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:   %6 = llvm.getelementptr %4[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:   %7 = llvm.load %6 : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:   %8 = llvm.insertvalue %5, %3[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %9 = llvm.insertvalue %7, %8[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %10 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %11 = llvm.insertvalue %10, %9[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %12 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %13 = llvm.insertvalue %12, %11[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %14 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %15 = llvm.insertvalue %14, %13[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   llvm.return %15 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @ap(%arg0: i64, %arg1: !llvm.ptr) -> i64 {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %3 = llvm.extractvalue %2[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %4 = llvm.getelementptr %3[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:   %5 = llvm.load %4 : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:   %6 = llvm.ptrtoint %5 : !llvm.ptr to i64
// CHECK-NEXT:   llvm.return %6 : i64
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @d(%arg0: i64, %arg1: !llvm.ptr) {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %3 = llvm.extractvalue %2[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %4 = llvm.load %3 : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:   llvm.call @free(%4) : (!llvm.ptr) -> ()
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }

func.func private @ext(memref<*xf32>)
func.func @u(%a: memref<*xf32>, %b: memref<4xf32>) {
  call @ext(%a) : (memref<*xf32>) -> ()
  %c = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @ext(%c) : (memref<*xf32>) -> ()
  return
}
func.func @back(%a: memref<*xf32>) -> memref<4xf32> {
  %c = memref.cast %a : memref<*xf32> to memref<4xf32>
  return %c : memref<4xf32>
}
func.func @copy_unranked(%a: memref<*xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<*xf32> to memref<4xf32>
  return
}
// The size of an unranked memref is read through its pointer.
func.func @dim_unranked(%a: memref<*xf32>, %i: index) -> index {
  %0 = memref.dim %a, %i : memref<*xf32>
  return %0 : index
}
func.func @rc(%a: memref<*xf32>) -> memref<4xf32> {
  %0 = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}
func.func @ap(%a: memref<*xf32>) -> index {
  %0 = memref.extract_aligned_pointer_as_index %a : memref<*xf32> -> index
  return %0 : index
}
func.func @d(%a: memref<*xf32>) {
  memref.dealloc %a : memref<*xf32>
  return
}
