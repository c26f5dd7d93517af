// RUN: hip-mlir-opt %s --hip-infer-shapes | FileCheck %s

// A chain: abs of a static input pins the ? of its result, neg then follows from abs. Each
// tensor.empty destination is rebuilt static (its tensor.dim sizes go), and func.return, which
// keeps the function's declared type, gets a tensor.cast back to tensor<?x3xf32>.
// CHECK-LABEL: func.func @chain
// CHECK-NOT:     tensor.dim
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[A:.*]] = hip.abs %arg0, %[[E0]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[N:.*]] = hip.neg %[[A]], %[[E1]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[N]] : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK-NEXT:    return %[[C]] : tensor<?x3xf32>
func.func @chain(%arg0: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %arg0, %c0 : tensor<2x3xf32>
  %e0 = tensor.empty(%d) : tensor<?x3xf32>
  %0 = hip.abs %arg0, %e0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %e1 = tensor.empty(%d) : tensor<?x3xf32>
  %1 = hip.neg %0, %e1 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// A destination that is not a tensor.empty is cast to the refined type.
// CHECK-LABEL: func.func @cast_destination
// CHECK:         %[[D:.*]] = tensor.cast %arg1 : tensor<?xf32> to tensor<4xf32>
// CHECK-NEXT:    hip.abs %arg0, %[[D]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @cast_destination(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
  %0 = hip.abs %arg0, %arg1 : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Shape -> Gather -> Concat -> Reshape (the Flatten-by-Reshape idiom) folds: the runtime shape
// operand becomes a synthesized constant (no serialization_order) and the reshape takes the
// static attribute form with a static result; the shape arithmetic is gone.
// CHECK-LABEL: func.func @reshape_by_shape
// CHECK-NOT:     hip.shape
// CHECK-NOT:     hip.gather
// CHECK-NOT:     hip.concat
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x12xf32>
// CHECK-NEXT:    %[[R:.*]] = hip.reshape %arg0, %[[E]] {allowzero = false, shape = array<i64: 2, -1>} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[R]] : tensor<2x12xf32> to tensor<?x?xf32>
// CHECK-NEXT:    return %[[C]] : tensor<?x?xf32>
func.func @reshape_by_shape(%arg0: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %e0 = tensor.empty() : tensor<3xi64>
  %s = hip.shape %arg0, %e0 : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<3xi64>
  %i = hip.constant {value = dense<0> : tensor<1xi64>} : tensor<1xi64>
  %e1 = tensor.empty() : tensor<1xi64>
  %g = hip.gather %s, %i, %e1 {axis = 0 : i64} : (tensor<3xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %m = hip.constant {value = dense<-1> : tensor<1xi64>} : tensor<1xi64>
  %e2 = tensor.empty() : tensor<2xi64>
  %cat = hip.concat %g, %m, %e2 {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>, tensor<2xi64>) -> tensor<2xi64>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<2x3x4xf32>
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %arg0, %c1 : tensor<2x3x4xf32>
  %e3 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = hip.reshape %arg0, %cat, %e3 {allowzero = false} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// hip.shape and hip.size of a static input fold to inline i64 constants.
// CHECK-LABEL: func.func @shape_and_size
// CHECK:         %[[S:.*]] = hip.constant {value = dense<[3, 4]> : tensor<2xi64>} : tensor<2xi64>
// CHECK:         %[[N:.*]] = hip.constant {value = dense<24> : tensor<i64>} : tensor<i64>
// CHECK:         return %[[S]], %[[N]]
func.func @shape_and_size(%arg0: tensor<2x3x4xf32>) -> (tensor<2xi64>, tensor<i64>) {
  %e0 = tensor.empty() : tensor<2xi64>
  %s = hip.shape %arg0, %e0 {start = 1 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2xi64>
  %e1 = tensor.empty() : tensor<i64>
  %n = hip.size %arg0, %e1 : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<i64>
  return %s, %n : tensor<2xi64>, tensor<i64>
}

// A runtime dimension stays ?: nothing changes and no error.
// CHECK-LABEL: func.func @stays_dynamic
// CHECK:         %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf32>
// CHECK-NEXT:    %[[A:.*]] = hip.abs %arg0, %[[E]] : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK:         hip.shape %[[A]]
// CHECK-NOT:     tensor.cast
func.func @stays_dynamic(%arg0: tensor<?x3xf32>) -> tensor<2xi64> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %arg0, %c0 : tensor<?x3xf32>
  %e0 = tensor.empty(%d) : tensor<?x3xf32>
  %0 = hip.abs %arg0, %e0 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %e1 = tensor.empty() : tensor<2xi64>
  %s = hip.shape %0, %e1 : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<2xi64>
  return %s : tensor<2xi64>
}

// The rest of the i64 shape arithmetic over constants folds too: unsqueeze, slice, mul, cast.
// CHECK-LABEL: func.func @arith
// CHECK-NEXT:    %[[C:.*]] = hip.constant {value = dense<[24, 6]> : tensor<2xi64>} : tensor<2xi64>
// CHECK-NEXT:    return %[[C]] : tensor<2xi64>
func.func @arith(%arg0: tensor<2x3x4xf32>) -> tensor<2xi64> {
  %n = hip.constant {value = dense<24> : tensor<i64>} : tensor<i64>
  %e0 = tensor.empty() : tensor<1xi64>
  %u = hip.unsqueeze %n, %e0 {axes = array<i64: 0>} : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
  %e1 = tensor.empty() : tensor<3xi64>
  %s = hip.shape %arg0, %e1 : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<3xi64>
  %e2 = tensor.empty() : tensor<1xi64>
  %sl = hip.slice %s, %e2 {starts = array<i64: 0>, ends = array<i64: 1>} : (tensor<3xi64>, tensor<1xi64>) -> tensor<1xi64>
  %k = hip.constant {value = dense<3> : tensor<1xi32>} : tensor<1xi32>
  %e3 = tensor.empty() : tensor<1xi64>
  %k64 = hip.cast %k, %e3 {to = i64} : (tensor<1xi32>, tensor<1xi64>) -> tensor<1xi64>
  %e4 = tensor.empty() : tensor<1xi64>
  %m = hip.mul %sl, %k64, %e4 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %e5 = tensor.empty() : tensor<2xi64>
  %cat = hip.concat %u, %m, %e5 {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %cat : tensor<2xi64>
}

// A range over constant scalars gets a static length; an i64 range becomes a constant.
// CHECK-LABEL: func.func @range
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = hip.range %{{.*}}, %{{.*}}, %{{.*}}, %[[E]] : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[R]] : tensor<4xf32> to tensor<?xf32>
// CHECK:         %[[I:.*]] = hip.constant {value = dense<[5, 3, 1]> : tensor<3xi64>} : tensor<3xi64>
// CHECK:         return %[[C]], %{{.*}} : tensor<?xf32>, tensor<?xi64>
func.func @range(%arg0: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
  %s = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %l = hip.constant {value = dense<3.5> : tensor<f32>} : tensor<f32>
  %d = hip.constant {value = dense<1.0> : tensor<f32>} : tensor<f32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %arg0, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = hip.range %s, %l, %d, %e : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<?xf32>) -> tensor<?xf32>
  %is = hip.constant {value = dense<5> : tensor<i64>} : tensor<i64>
  %il = hip.constant {value = dense<0> : tensor<i64>} : tensor<i64>
  %id = hip.constant {value = dense<-2> : tensor<i64>} : tensor<i64>
  %ie = tensor.empty(%n) : tensor<?xi64>
  %ir = hip.range %is, %il, %id, %ie : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<?xi64>) -> tensor<?xi64>
  return %r, %ir : tensor<?xf32>, tensor<?xi64>
}

// Parameter operands that are (or became) inline constants fold back into the static attributes:
// the fill's shape from a folded hip.shape, the reduction's axes, one of slice's operands (the
// other stays an operand). A value the attribute form rejects (negative repeats) stays an operand.
// CHECK-LABEL: func.func @fold_parameters
// CHECK-NOT:     hip.shape
// CHECK:         hip.fill %{{.*}} {shape = array<i64: 2, 3>, value = 1.000000e+00 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x1xf32>
// CHECK-NEXT:    hip.reduce_sum %arg0, %[[E]] {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK:         hip.slice %arg0, %arg1, %{{.*}} {ends = array<i64: 1>} : (tensor<2x3xf32>, tensor<1xi64>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK:         hip.tile %arg0, %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<2xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
func.func @fold_parameters(%arg0: tensor<2x3xf32>, %starts: tensor<1xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %e0 = tensor.empty() : tensor<2xi64>
  %s = hip.shape %arg0, %e0 : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2xi64>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %f = hip.fill %s, %e1 {value = 1.0 : f32} : (tensor<2xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %fc = tensor.cast %f : tensor<2x3xf32> to tensor<?x?xf32>
  %axes = hip.constant {value = dense<1> : tensor<1xi64>} : tensor<1xi64>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<2x3xf32>
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %arg0, %c1 : tensor<2x3xf32>
  %e2 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = hip.reduce_sum %arg0, %axes, %e2 {keepdims = true} : (tensor<2x3xf32>, tensor<1xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %ends = hip.constant {value = dense<1> : tensor<1xi64>} : tensor<1xi64>
  %e3 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %sl = hip.slice %arg0, %starts, %ends, %e3 : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %rep = hip.constant {value = dense<[-1, 2]> : tensor<2xi64>} : tensor<2xi64>
  %e4 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %t = hip.tile %arg0, %rep, %e4 : (tensor<2x3xf32>, tensor<2xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %fc, %r, %sl, %t : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
