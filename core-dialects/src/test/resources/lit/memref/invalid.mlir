// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @a(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @a(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %f, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @a() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}

// -----

memref.global @g : memref<4xf32>
func.func @a() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<5xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<5xf32>
  return
}

// -----

func.func @a() {
  // expected-error@+1 {{'memref.get_global' op 'a' does not reference a valid global memref}}
  %0 = memref.get_global @a : memref<4xf32>
  return
}

// -----

// expected-error@+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>}> : () -> ()

// -----

func.func @a(%m: memref<4xf32>, %k: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %k : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @a(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @a(%m: memref<2x3x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expanded rank (3) inconsistent with number of reassociation indices (2)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3x4xf32> into memref<6xf32>
  return
}

// -----

func.func @a(%m: memref<2x3x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op reassociation indices must be contiguous}}
  %0 = memref.collapse_shape %m [[0, 2], [1]] : memref<2x3x4xf32> into memref<8x3xf32>
  return
}

// -----

func.func @a(%m: memref<2x3x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (7) must equal reassociation group size (6)}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<7x4xf32>
  return
}

// -----

func.func @a(%m: memref<6x4xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (6) must equal reassociation group size (8)}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 4] : memref<6x4xf32> into memref<2x4x4xf32>
  return
}

// -----

func.func @a(%m: memref<6x4xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (3) but found 2 inputs instead}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3] : memref<6x4xf32> into memref<2x3x4xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 1}}
  %0 = memref.subview %m[0][2][1] : memref<4x4xf32> to memref<2xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32>'}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32>
  return
}

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<3x2xf32, strided<[4, 1]>>'}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<4x4xf32> to memref<3x2xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%b: memref<2048xi16>, %i: index) {
  // expected-error@+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xi16>'}}
  %v = memref.view %b[%i][] : memref<2048xi16> to memref<4xf32>
  return
}

// -----

func.func @a(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %v = memref.view %b[%i][] : memref<2048xi8> to memref<?x4xf32>
  return
}

// -----

func.func @a(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{unsupported map for result memref type 'memref<4xf32, strided<[2]>>'}}
  %v = memref.view %b[%i][] : memref<2048xi8> to memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @a(%b: memref<2048xi8, strided<[1], offset: 2>>, %i: index) {
  // expected-error@+1 {{unsupported map for base memref type 'memref<2048xi8, strided<[1], offset: 2>>'}}
  %v = memref.view %b[%i][] : memref<2048xi8, strided<[1], offset: 2>> to memref<4xf32>
  return
}

// -----

func.func @a(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<2048xi8>' and view memref type 'memref<4xf32, 1>'}}
  %v = memref.view %b[%i][] : memref<2048xi8> to memref<4xf32, 1>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{expected result type with size = 4 instead of 5 in dim = 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x5xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{expected result type with size = dynamic instead of 4 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{expected result type with offset = 1 instead of 0}}
  %r = memref.reinterpret_cast %m to offset: [1], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{expected result type with stride = 2 instead of 1 in dim = 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 2] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{different element types specified for source type 'memref<4x?xf32>' and result memref type 'memref<?x4xi32, strided<[4, 1]>>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xi32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<4x?xf32>' and result memref type 'memref<?x4xf32, strided<[4, 1]>, 1>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>, 1>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>, %n: index) {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %r = memref.reinterpret_cast %m to offset: [0, 0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @a(%m: memref<4x?xf32>) {
  // expected-error@+2 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<i32>', 'index', 'index', 'index', 'index', 'index'}}
  // expected-error@+1 {{'memref.extract_strided_metadata' op failed to infer returned types}}
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<i32>, index, index, index, index, index
  return
}

// -----

func.func @a(%m: memref<4x?xf32>) {
  // expected-error@+1 {{'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'i64'}}
  %p = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> i64
  return
}
