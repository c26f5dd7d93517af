memref.global "private" @g : memref<4xf32> = uninitialized
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
memref.global @e : memref<4xf32>
func.func @f(%i: index, %n: index, %t: tensor<4xf32>) {
  %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %2 = memref.alloca(%n) : memref<4x?xf32>
  %g = memref.get_global @g : memref<4xf32>
  %v = memref.load %0[%i] : memref<4xf32>
  %v2 = memref.load %0[%i] {nontemporal = true} : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  memref.copy %0, %g : memref<4xf32> to memref<4xf32>
  %d = memref.dim %2, %i : memref<4x?xf32>
  %c = memref.cast %0 : memref<4xf32> to memref<?xf32>
  %s = memref.subview %2[0, 1] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: 1>>
  %s2 = memref.subview %2[%i, 0] [1, %n] [1, 1] : memref<4x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %a8 = memref.alloc() : memref<2x3x4xf32>
  %cs = memref.collapse_shape %a8 [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %es = memref.expand_shape %cs [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  memref.dealloc %0 : memref<4xf32>
  %tt = bufferization.to_tensor %g restrict writable : memref<4xf32> to tensor<4xf32>
  %bb = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %at = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %at2 = bufferization.alloc_tensor() copy(%t) : tensor<4xf32>
  %at3 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  bufferization.materialize_in_destination %t in restrict writable %g : (tensor<4xf32>, memref<4xf32>) -> ()
  %mt = bufferization.materialize_in_destination %t in %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.dealloc_tensor %t : tensor<4xf32>
  return
}
func.func @t(%i: index, %n: index, %t: tensor<4xf32>, %f: f32) {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %x = tensor.extract %t[%i] : tensor<4xf32>
  %y = tensor.insert %f into %t[%i] : tensor<4xf32>
  %d = tensor.dim %e, %i : tensor<?x4xf32>
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %sh = "other.shape"() : () -> tensor<2xindex>
  %r = tensor.reshape %t(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  %e2 = tensor.empty() : tensor<2x3x4xf32>
  %cs = tensor.collapse_shape %e2 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %es = tensor.expand_shape %cs [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %sl = tensor.extract_slice %t[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %sl2 = tensor.extract_slice %e[%i, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  %is = tensor.insert_slice %sl into %t[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  %fe = tensor.from_elements %f, %f : tensor<2xf32>
  %sp = tensor.splat %f : tensor<4xf32>
  %sp2 = tensor.splat %f[%n] : tensor<?xf32>
  return
}
func.func @views(%b: memref<2048xi8>, %i: index, %n: index, %m: memref<4x?xf32>) {
  %v = memref.view %b[%i][%n] : memref<2048xi8> to memref<?x4xf32>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<4x?xf32> to memref<?x4xf32, strided<[4, 1]>>
  %r2 = memref.reinterpret_cast %m to offset: [%i], sizes: [10], strides: [1] : memref<4x?xf32> to memref<10xf32, strided<[1], offset: ?>>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> index
  return
}
