// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @t(%arg0: index, %arg1: index, %arg2: tensor<4xf32>, %arg3: f32)
func.func @t(%i: index, %n: index, %t: tensor<4xf32>, %f: f32) {
  // CHECK-NEXT: %0 = tensor.empty(%arg1) : tensor<?x4xf32>
  // GENERIC: "tensor.empty"(%arg1) : (index) -> tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  // CHECK-NEXT: %1 = tensor.extract %arg2[%arg0] : tensor<4xf32>
  // GENERIC-NEXT: "tensor.extract"(%arg2, %arg0) : (tensor<4xf32>, index) -> f32
  %x = tensor.extract %t[%i] : tensor<4xf32>
  // CHECK-NEXT: %2 = tensor.insert %arg3 into %arg2[%arg0] : tensor<4xf32>
  // GENERIC-NEXT: "tensor.insert"(%arg3, %arg2, %arg0) : (f32, tensor<4xf32>, index) -> tensor<4xf32>
  %y = tensor.insert %f into %t[%i] : tensor<4xf32>
  // CHECK-NEXT: %3 = tensor.dim %0, %arg0 : tensor<?x4xf32>
  // GENERIC-NEXT: "tensor.dim"(%0, %arg0) : (tensor<?x4xf32>, index) -> index
  %d = tensor.dim %e, %i : tensor<?x4xf32>
  // CHECK-NEXT: %4 = tensor.cast %arg2 : tensor<4xf32> to tensor<?xf32>
  // GENERIC-NEXT: "tensor.cast"(%arg2) : (tensor<4xf32>) -> tensor<?xf32>
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %sh = "other.shape"() : () -> tensor<2xindex>
  // CHECK: %6 = tensor.reshape %arg2(%5) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  // GENERIC: "tensor.reshape"(%arg2, %5) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  %r = tensor.reshape %t(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  // CHECK-NEXT: %7 = tensor.empty() : tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<2x3x4xf32>
  // CHECK-NEXT: %8 = tensor.collapse_shape %7 {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  // GENERIC: "tensor.collapse_shape"(%7) <{reassociation = {{\[\[}}0, 1], [2]]}> : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %cs = tensor.collapse_shape %e2 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  // CHECK-NEXT: %9 = tensor.expand_shape %8 {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  // GENERIC-NEXT: "tensor.expand_shape"(%8) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: 2, 3, 4>}> : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  %es = tensor.expand_shape %cs [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  // CHECK-NEXT: %10 = tensor.extract_slice %arg2[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  // GENERIC-NEXT: "tensor.extract_slice"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<2xf32>
  %sl = tensor.extract_slice %t[1] [2] [1] : tensor<4xf32> to tensor<2xf32>
  // CHECK-NEXT: %11 = tensor.extract_slice %0[%arg0, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  // GENERIC-NEXT: "tensor.extract_slice"(%0, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (tensor<?x4xf32>, index) -> tensor<4xf32>
  %sl2 = tensor.extract_slice %e[%i, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  // CHECK-NEXT: %12 = tensor.insert_slice %10 into %arg2[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  // GENERIC-NEXT: "tensor.insert_slice"(%10, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 1>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<2xf32>, tensor<4xf32>) -> tensor<4xf32>
  %is = tensor.insert_slice %sl into %t[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  // CHECK-NEXT: %13 = tensor.from_elements %arg3, %arg3 : tensor<2xf32>
  // GENERIC-NEXT: "tensor.from_elements"(%arg3, %arg3) : (f32, f32) -> tensor<2xf32>
  %fe = tensor.from_elements %f, %f : tensor<2xf32>
  // CHECK-NEXT: %14 = tensor.splat %arg3 : tensor<4xf32>
  // GENERIC-NEXT: "tensor.splat"(%arg3) : (f32) -> tensor<4xf32>
  %sp = tensor.splat %f : tensor<4xf32>
  // CHECK-NEXT: %15 = tensor.splat %arg3[%arg1] : tensor<?xf32>
  // GENERIC-NEXT: "tensor.splat"(%arg3, %arg1) : (f32, index) -> tensor<?xf32>
  %sp2 = tensor.splat %f[%n] : tensor<?xf32>
  return
}
