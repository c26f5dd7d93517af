// RUN: hip-mlir-opt %s --split-input-file --one-shot-bufferize='bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --one-shot-bufferize='bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map copy-before-write' | FileCheck %s --check-prefix=CBW

// A chain of hip ops as convert-onnx-to-hip leaves them (matmul + add + relu as max with 0), one
// tensor.empty per result: each op writes into its own new buffer, the inputs are the function's
// arguments and a constant global, and the last buffer is returned.
// CHECK-LABEL: memref.global "private" constant @__constant_f32 : memref<f32> = dense<0.000000e+00> {alignment = 64 : i64}
// CHECK-LABEL: func.func @main_graph(%arg0: memref<2x3xf32>, %arg1: memref<3x4xf32>, %arg2: memref<4xf32>) -> memref<2x4xf32>
// CHECK-NEXT:    [[MM:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:    hip.matmul %arg0, %arg1, [[MM]] : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    [[ADD:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:    hip.add [[MM]], %arg2, [[ADD]] : (memref<2x4xf32>, memref<4xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    [[ZERO:%.+]] = memref.get_global @__constant_f32 : memref<f32>
// CHECK-NEXT:    [[RELU:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:    hip.max [[ADD]], [[ZERO]], [[RELU]] : (memref<2x4xf32>, memref<f32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    return [[RELU]] : memref<2x4xf32>
// CHECK-NOT:     bufferization.
func.func @main_graph(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %e0 = tensor.empty() : tensor<2x4xf32>
  %0 = hip.matmul %x, %w, %e0 : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %e1 = tensor.empty() : tensor<2x4xf32>
  %1 = hip.add %0, %b, %e1 : (tensor<2x4xf32>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = arith.constant dense<0.0> : tensor<f32>
  %e2 = tensor.empty() : tensor<2x4xf32>
  %2 = hip.max %1, %c, %e2 : (tensor<2x4xf32>, tensor<f32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}

// -----

// In place: the destination is a writable function argument that nothing reads afterwards.
// CHECK-LABEL: func.func @in_place(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    hip.exp %arg0, %arg1 : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    return %arg1 : memref<4xf32>
// copy-before-write skips the analysis: a new buffer (no copy, hip ops do not read destinations).
// CBW-LABEL:   func.func @in_place(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> memref<4xf32>
// CBW-NEXT:      [[B:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CBW-NEXT:      hip.exp %arg0, [[B]] : (memref<4xf32>, memref<4xf32>) -> ()
// CBW-NEXT:      return [[B]] : memref<4xf32>
func.func @in_place(%a: tensor<4xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hip.exp %a, %out : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Out of place: %out is still read by the add, so exp writes a new buffer; the hip op does not
// read its destination, so there is no copy.
// CHECK-LABEL: func.func @read_after_write(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT:    [[EXP:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    hip.exp %arg0, [[EXP]] : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    [[ADD:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    hip.add [[EXP]], %arg1, [[ADD]] : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    return [[EXP]], [[ADD]] : memref<4xf32>, memref<4xf32>
// CHECK-NOT:   memref.copy
func.func @read_after_write(%a: tensor<4xf32>, %out: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hip.exp %a, %out : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %1 = hip.add %0, %out, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// An op that reads what it overwrites (tensor.insert) gets alloc + copy when out of place: %a is
// read after the insert, and the constant's global is read-only. The insert into %b, read by
// nothing later, stays in place.
// CHECK-LABEL: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.000000e+00> {alignment = 64 : i64}
// CHECK-LABEL: func.func @copy_when_read(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT:    [[G:%.+]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:    [[I:%.+]] = arith.constant 0 : index
// CHECK-NEXT:    [[F:%.+]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    [[X:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, [[X]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    memref.store [[F]], [[X]]{{\[}}[[I]]] : memref<4xf32>
// CHECK-NEXT:    [[Y:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    memref.copy [[G]], [[Y]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    memref.store [[F]], [[Y]]{{\[}}[[I]]] : memref<4xf32>
// CHECK-NEXT:    [[E:%.+]] = memref.load %arg0{{\[}}[[I]]] : memref<4xf32>
// CHECK-NEXT:    memref.store [[E]], %arg1{{\[}}[[I]]] : memref<4xf32>
// CHECK-NEXT:    return [[X]], [[Y]] : memref<4xf32>, memref<4xf32>
func.func @copy_when_read(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %i = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %x = tensor.insert %f into %a[%i] : tensor<4xf32>
  %y = tensor.insert %f into %c[%i] : tensor<4xf32>
  %e = tensor.extract %a[%i] : tensor<4xf32>
  %z = tensor.insert %e into %b[%i] : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

// -----

// Function boundaries: the callee writes its second argument in place, so the call writes its
// second operand; %a is also read by the same call as first operand, so the caller passes a copy.
// The unused tensor.empty leaves nothing behind.
// CHECK-LABEL: func.func @callee(%arg0: memref<4xf32>, %arg1: memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    hip.exp %arg0, %arg1 : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    return %arg1 : memref<4xf32>
// CHECK-LABEL: func.func @caller(%arg0: memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    [[C:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    memref.copy %arg0, [[C]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    [[R:%.+]] = call @callee(%arg0, [[C]]) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    return [[R]] : memref<4xf32>
// CHECK-LABEL: func.func private @extern(memref<2xf32>) -> memref<2xf32>
// Under copy-before-write the callee writes no argument in place, so the call needs no copy.
// CBW-LABEL:   func.func @caller(%arg0: memref<4xf32>) -> memref<4xf32>
// CBW-NEXT:      [[R:%.+]] = call @callee(%arg0, %arg0) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
func.func @callee(%a: tensor<4xf32>, %out: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hip.exp %a, %out : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @caller(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @callee(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @extern(tensor<2xf32>) -> tensor<2xf32>

// -----

// Multiple results: one destination buffer per result of hip.split.
// CHECK-LABEL: func.func @multiple_results(%arg0: memref<2x6xf32>) -> (memref<2x2xf32>, memref<2x4xf32>)
// CHECK-NEXT:    [[A:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// CHECK-NEXT:    [[B:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:    hip.split %arg0, [[A]], [[B]] {axis = 1 : i64, split = array<i64: 2, 4>} : (memref<2x6xf32>, memref<2x2xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    return [[A]], [[B]] : memref<2x2xf32>, memref<2x4xf32>
func.func @multiple_results(%x: tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x4xf32>) {
  %e0 = tensor.empty() : tensor<2x2xf32>
  %e1 = tensor.empty() : tensor<2x4xf32>
  %0:2 = hip.split %x, %e0, %e1 {axis = 1 : i64, split = array<i64: 2, 4>} : (tensor<2x6xf32>, tensor<2x2xf32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x4xf32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x4xf32>
}

// -----

// A read-only argument and a dynamic dimension: the new buffer takes its size from the
// argument's buffer.
// CHECK-LABEL: func.func @read_only_dynamic(%arg0: memref<?x4xf32>) -> memref<?x4xf32>
// CHECK-NEXT:    [[Z:%.+]] = arith.constant 0 : index
// CHECK-NEXT:    [[D:%.+]] = memref.dim %arg0, [[Z]] : memref<?x4xf32>
// CHECK-NEXT:    [[B:%.+]] = memref.alloc([[D]]) {alignment = 64 : i64} : memref<?x4xf32>
// CHECK-NEXT:    hip.sigmoid %arg0, [[B]] : (memref<?x4xf32>, memref<?x4xf32>) -> ()
// CHECK-NEXT:    return [[B]] : memref<?x4xf32>
func.func @read_only_dynamic(%a: tensor<?x4xf32> {bufferization.writable = false}) -> tensor<?x4xf32> {
  %0 = hip.sigmoid %a, %a : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// An externalized constant (to_tensor ... restrict of a global) is read-only: a hip op whose
// destination it is writes a new buffer; the materialization folds away.
// CHECK-LABEL: func.func @external_constant(%arg0: memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    [[G:%.+]] = memref.get_global @hip_ext_constant_0 : memref<4xf32>
// CHECK-NEXT:    [[B:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    hip.add %arg0, [[G]], [[B]] : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    return [[B]] : memref<4xf32>
memref.global "private" constant @hip_ext_constant_0 : memref<4xf32> = dense<1.0>
func.func @external_constant(%a: tensor<4xf32>) -> tensor<4xf32> {
  %g = memref.get_global @hip_ext_constant_0 : memref<4xf32>
  %c = bufferization.to_tensor %g restrict : memref<4xf32> to tensor<4xf32>
  %0 = hip.add %a, %c, %c : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// tensor ops: views alias their source (the insert into the collapsed argument is in place),
// extract/dim read the buffer, from_elements fills a new one.
// CHECK-LABEL: func.func @tensor_ops(%arg0: memref<2x3xf32>, %arg1: index, %arg2: f32) -> (memref<6xf32>, f32, index, memref<2xf32>)
// CHECK-NEXT:    [[C:%.+]] = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<2x3xf32> into memref<6xf32>
// CHECK-NEXT:    [[X:%.+]] = memref.load %arg0[%arg1, %arg1] : memref<2x3xf32>
// CHECK-NEXT:    [[D:%.+]] = memref.dim %arg0, %arg1 : memref<2x3xf32>
// CHECK-NEXT:    [[F:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT:    [[I0:%.+]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store [[X]], [[F]]{{\[}}[[I0]]] : memref<2xf32>
// CHECK-NEXT:    [[I1:%.+]] = arith.constant 1 : index
// CHECK-NEXT:    memref.store %arg2, [[F]]{{\[}}[[I1]]] : memref<2xf32>
// CHECK-NEXT:    memref.store %arg2, [[C]][%arg1] : memref<6xf32>
// CHECK-NEXT:    return [[C]], [[X]], [[D]], [[F]] : memref<6xf32>, f32, index, memref<2xf32>
func.func @tensor_ops(%a: tensor<2x3xf32>, %i: index, %f: f32) -> (tensor<6xf32>, f32, index, tensor<2xf32>) {
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %x = tensor.extract %a[%i, %i] : tensor<2x3xf32>
  %d = tensor.dim %a, %i : tensor<2x3xf32>
  %fe = tensor.from_elements %x, %f : tensor<2xf32>
  %ins = tensor.insert %f into %c[%i] : tensor<6xf32>
  return %ins, %x, %d, %fe : tensor<6xf32>, f32, index, tensor<2xf32>
}

// -----

// One tensor.empty as the destination of three ops: matmul writes it in place; the add cannot
// (it reads the matmul's result, which lives there), so it gets a new buffer; the neg can again,
// the matmul's result being read by nothing after it.
// CHECK-LABEL: func.func @shared_init(%arg0: memref<2x3xf32>, %arg1: memref<3x4xf32>, %arg2: memref<4xf32>) -> memref<2x4xf32>
// CHECK-NEXT:    [[E:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:    hip.matmul %arg0, %arg1, [[E]] : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    [[A:%.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x4xf32>
// CHECK-NEXT:    hip.add [[E]], %arg2, [[A]] : (memref<2x4xf32>, memref<4xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    hip.neg [[A]], [[E]] : (memref<2x4xf32>, memref<2x4xf32>) -> ()
// CHECK-NEXT:    return [[E]] : memref<2x4xf32>
func.func @shared_init(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %0 = hip.matmul %x, %w, %e : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = hip.add %0, %b, %e : (tensor<2x4xf32>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = hip.neg %1, %e : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}
