// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: memref.global "private" @g : memref<4xf32> = uninitialized
// GENERIC: "memref.global"() <{initial_value, sym_name = "g", sym_visibility = "private", type = memref<4xf32>}> : () -> ()
memref.global "private" @g : memref<4xf32> = uninitialized
// CHECK-NEXT: memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// GENERIC-NEXT: "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, sym_name = "c", sym_visibility = "private", type = memref<2xf32>}> : () -> ()
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @e : memref<4xf32>
// GENERIC-NEXT: "memref.global"() <{sym_name = "e", type = memref<4xf32>}> : () -> ()
memref.global @e : memref<4xf32>

// CHECK-LABEL: func.func @f(%arg0: index, %arg1: index)
func.func @f(%i: index, %n: index) {
  // CHECK-NEXT: %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  // GENERIC: "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  // CHECK-NEXT: %1 = memref.alloca(%arg1) : memref<4x?xf32>
  // GENERIC-NEXT: "memref.alloca"(%arg1) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<4x?xf32>
  %2 = memref.alloca(%n) : memref<4x?xf32>
  // CHECK-NEXT: %2 = memref.get_global @g : memref<4xf32>
  // GENERIC-NEXT: "memref.get_global"() <{name = @g}> : () -> memref<4xf32>
  %g = memref.get_global @g : memref<4xf32>
  // CHECK-NEXT: %3 = memref.load %0[%arg0] : memref<4xf32>
  // GENERIC-NEXT: "memref.load"(%0, %arg0) : (memref<4xf32>, index) -> f32
  %v = memref.load %0[%i] : memref<4xf32>
  // CHECK-NEXT: %4 = memref.load %0[%arg0] {nontemporal = true} : memref<4xf32>
  // GENERIC-NEXT: "memref.load"(%0, %arg0) <{nontemporal = true}> : (memref<4xf32>, index) -> f32
  %v2 = memref.load %0[%i] {nontemporal = true} : memref<4xf32>
  // CHECK-NEXT: memref.store %3, %0[%arg0] : memref<4xf32>
  // GENERIC-NEXT: "memref.store"(%3, %0, %arg0) : (f32, memref<4xf32>, index) -> ()
  memref.store %v, %0[%i] : memref<4xf32>
  // CHECK-NEXT: memref.copy %0, %2 : memref<4xf32> to memref<4xf32>
  // GENERIC-NEXT: "memref.copy"(%0, %2) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.copy %0, %g : memref<4xf32> to memref<4xf32>
  // CHECK-NEXT: %5 = memref.dim %1, %arg0 : memref<4x?xf32>
  // GENERIC-NEXT: "memref.dim"(%1, %arg0) : (memref<4x?xf32>, index) -> index
  %d = memref.dim %2, %i : memref<4x?xf32>
  // CHECK-NEXT: %6 = memref.cast %0 : memref<4xf32> to memref<?xf32>
  // GENERIC-NEXT: "memref.cast"(%0) : (memref<4xf32>) -> memref<?xf32>
  %c = memref.cast %0 : memref<4xf32> to memref<?xf32>
  // CHECK-NEXT: %7 = memref.subview %1[0, 1] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: 1>>
  // GENERIC-NEXT: "memref.subview"(%1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<4x?xf32>) -> memref<2x2xf32, strided<[?, 1], offset: 1>>
  %s = memref.subview %2[0, 1][2, 2][1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: 1>>
  // CHECK-NEXT: %8 = memref.subview %1[%arg0, 0] [1, %arg1] [1, 1] : memref<4x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  // GENERIC-NEXT: "memref.subview"(%1, %arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, -9223372036854775808>, static_strides = array<i64: 1, 1>}>
  %s2 = memref.subview %2[%i, 0] [1, %n] [1, 1] : memref<4x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  // CHECK-NEXT: %9 = memref.alloc() : memref<2x3x4xf32>
  %a8 = memref.alloc() : memref<2x3x4xf32>
  // CHECK-NEXT: %10 = memref.collapse_shape %9 {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  // GENERIC: "memref.collapse_shape"(%9) <{reassociation = {{\[\[}}0, 1], [2]]}> : (memref<2x3x4xf32>) -> memref<6x4xf32>
  %cs = memref.collapse_shape %a8 [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  // CHECK-NEXT: %11 = memref.expand_shape %10 {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  // GENERIC-NEXT: "memref.expand_shape"(%10) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: 2, 3, 4>}> : (memref<6x4xf32>) -> memref<2x3x4xf32>
  %es = memref.expand_shape %cs [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  // CHECK-NEXT: memref.dealloc %0 : memref<4xf32>
  // GENERIC-NEXT: "memref.dealloc"(%0) : (memref<4xf32>) -> ()
  memref.dealloc %0 : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @views(%arg0: memref<2048xi8>, %arg1: index, %arg2: index, %arg3: memref<4x?xf32>)
func.func @views(%b: memref<2048xi8>, %i: index, %n: index, %m: memref<4x?xf32>) {
  // CHECK-NEXT: %0 = memref.view %arg0[%arg1][%arg2] : memref<2048xi8> to memref<?x4xf32>
  // GENERIC: "memref.view"(%arg0, %arg1, %arg2) : (memref<2048xi8>, index, index) -> memref<?x4xf32>
  %v = memref.view %b[%i][%n] : memref<2048xi8> to memref<?x4xf32>
  // CHECK-NEXT: %1 = memref.view %arg0[%arg1][] : memref<2048xi8> to memref<4x4xf32>
  %v2 = memref.view %b[%i][] : memref<2048xi8> to memref<4x4xf32>
  // CHECK-NEXT: %2 = memref.reinterpret_cast %arg3 to offset: [0], sizes: [%arg2, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  // GENERIC: "memref.reinterpret_cast"(%arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 4, 1>}> : (memref<4x?xf32>, index) -> memref<?x4xf32, strided<[4, 1]>>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  // CHECK-NEXT: %3 = memref.reinterpret_cast %arg3 to offset: [%arg1], sizes: [10], strides: [1] : memref<4x?xf32> to memref<10xf32, strided<[1], offset: ?>>
  %r2 = memref.reinterpret_cast %m to offset: [%i], sizes: [10], strides: [1] : memref<4x?xf32> to memref<10xf32, strided<[1], offset: ?>>
  // CHECK-NEXT: %4 = memref.reinterpret_cast %arg3 to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x?xf32> to memref<2x8xf32>
  %r3 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x?xf32> to memref<2x8xf32>
  // CHECK-NEXT: %5:6 = memref.extract_strided_metadata %arg3 : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
  // GENERIC: "memref.extract_strided_metadata"(%arg3) : (memref<4x?xf32>) -> (memref<f32>, index, index, index, index, index)
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
  // CHECK-NEXT: %6 = memref.extract_aligned_pointer_as_index %arg3 : memref<4x?xf32> -> index
  // GENERIC-NEXT: "memref.extract_aligned_pointer_as_index"(%arg3) : (memref<4x?xf32>) -> index
  %p = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> index
  return
}
