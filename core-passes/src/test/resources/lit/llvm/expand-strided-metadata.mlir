// RUN: hip-mlir-opt %s --expand-strided-metadata | FileCheck %s

// subview, collapse_shape and expand_shape become extract_strided_metadata of the source and a
// reinterpret_cast of its base, as `mlir-opt --expand-strided-metadata` (LLVM 22) rewrites them
// (the static cases print the same there, up to value names). A view of an allocation casts the
// allocation itself, as upstream's folds leave it. Values the result type leaves dynamic are
// computed with arith on index where upstream uses affine.apply (no affine dialect here): the
// last function's offset is %o * stride#0 + 2.

// CHECK-LABEL: func.func @subview(%arg0: memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: 34>> {
// CHECK-NEXT:   %0:6 = memref.extract_strided_metadata %arg0 : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:   %1 = memref.reinterpret_cast %0#0 to offset: [34], sizes: [4, 4], strides: [16, 1] : memref<f32> to memref<4x4xf32, strided<[16, 1], offset: 34>>
// CHECK-NEXT:   return %1 : memref<4x4xf32, strided<[16, 1], offset: 34>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rank_reducing(%arg0: memref<8x16xf32>) -> memref<4xf32, strided<[2], offset: 35>> {
// CHECK-NEXT:   %0:6 = memref.extract_strided_metadata %arg0 : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:   %1 = memref.reinterpret_cast %0#0 to offset: [35], sizes: [4], strides: [2] : memref<f32> to memref<4xf32, strided<[2], offset: 35>>
// CHECK-NEXT:   return %1 : memref<4xf32, strided<[2], offset: 35>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @of_alloc() -> memref<2x8xf32, strided<[8, 1], offset: 8>> {
// CHECK-NEXT:   %0 = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT:   %1 = memref.reinterpret_cast %0 to offset: [8], sizes: [2, 8], strides: [8, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
// CHECK-NEXT:   return %1 : memref<2x8xf32, strided<[8, 1], offset: 8>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @collapse(%arg0: memref<2x3x4xf32>) -> memref<6x4xf32> {
// CHECK-NEXT:   %0:8 = memref.extract_strided_metadata %arg0 : memref<2x3x4xf32> -> memref<f32>, index, index, index, index, index, index, index
// CHECK-NEXT:   %1 = memref.reinterpret_cast %0#0 to offset: [0], sizes: [6, 4], strides: [4, 1] : memref<f32> to memref<6x4xf32>
// CHECK-NEXT:   return %1 : memref<6x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @expand(%arg0: memref<6x4xf32>) -> memref<2x3x4xf32> {
// CHECK-NEXT:   %0:6 = memref.extract_strided_metadata %arg0 : memref<6x4xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:   %1 = memref.reinterpret_cast %0#0 to offset: [0], sizes: [2, 3, 4], strides: [12, 4, 1] : memref<f32> to memref<2x3x4xf32>
// CHECK-NEXT:   return %1 : memref<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dynamic(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> memref<?x4xf32, strided<[?, 1], offset: ?>> {
// CHECK-NEXT:   %0:6 = memref.extract_strided_metadata %arg0 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:   %1 = arith.muli %arg1, %0#4 : index
// CHECK-NEXT:   %2 = arith.constant 2 : index
// CHECK-NEXT:   %3 = arith.addi %1, %2 : index
// CHECK-NEXT:   %4 = memref.reinterpret_cast %0#0 to offset: [%3], sizes: [%arg2, 4], strides: [%0#4, 1] : memref<f32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:   return %4 : memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: }

func.func @subview(%a: memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1], offset: 34>> {
  %s = memref.subview %a[2, 2] [4, 4] [1, 1] : memref<8x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 34>>
  return %s : memref<4x4xf32, strided<[16, 1], offset: 34>>
}
func.func @rank_reducing(%a: memref<8x16xf32>) -> memref<4xf32, strided<[2], offset: 35>> {
  %s = memref.subview %a[2, 3] [1, 4] [1, 2] : memref<8x16xf32> to memref<4xf32, strided<[2], offset: 35>>
  return %s : memref<4xf32, strided<[2], offset: 35>>
}
func.func @of_alloc() -> memref<2x8xf32, strided<[8, 1], offset: 8>> {
  %t = memref.alloc() : memref<4x8xf32>
  %s = memref.subview %t[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  return %s : memref<2x8xf32, strided<[8, 1], offset: 8>>
}
func.func @collapse(%a: memref<2x3x4xf32>) -> memref<6x4xf32> {
  %c = memref.collapse_shape %a [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  return %c : memref<6x4xf32>
}
func.func @expand(%a: memref<6x4xf32>) -> memref<2x3x4xf32> {
  %c = memref.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  return %c : memref<2x3x4xf32>
}
func.func @dynamic(%a: memref<?x?xf32>, %o: index, %n: index) -> memref<?x4xf32, strided<[?, 1], offset: ?>> {
  %s = memref.subview %a[%o, 2] [%n, 4] [1, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  return %s : memref<?x4xf32, strided<[?, 1], offset: ?>>
}
