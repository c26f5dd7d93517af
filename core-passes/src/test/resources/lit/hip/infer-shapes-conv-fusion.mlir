// RUN: hip-mlir-opt %s --split-input-file --hip-infer-shapes | FileCheck %s

// At its end hip-infer-shapes fuses Relu / Relu6 (max with 0, min with 6, hip.constant carriers:
// hip-externalize-constants, next in the pipeline, takes their values out of the IR) into the
// single-use conv, writing into the outer destination (dead ops are left to canonicalize).
// CHECK-LABEL: func.func @conv_relu6
// CHECK:         %[[C:.*]] = hip.conv %arg0, %arg1, %arg2, %{{.*}} {clamp_max = 6.000000e+00 : f64, clamp_min = 0.000000e+00 : f64}
// CHECK-SAME:    -> tensor<1x3x2x2xf32>
// CHECK-NOT:     hip.max
// CHECK-NOT:     hip.min
// CHECK:         return %[[C]]
func.func @conv_relu6(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %six = hip.constant {value = dense<6.0> : tensor<f32>} : tensor<f32>
  %e0 = tensor.empty() : tensor<1x3x2x2xf32>
  %c = hip.conv %x, %w, %b, %e0 : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %e1 = tensor.empty() : tensor<1x3x2x2xf32>
  %r = hip.max %c, %zero, %e1 : (tensor<1x3x2x2xf32>, tensor<f32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %e2 = tensor.empty() : tensor<1x3x2x2xf32>
  %s = hip.min %r, %six, %e2 : (tensor<1x3x2x2xf32>, tensor<f32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %s : tensor<1x3x2x2xf32>
}

// -----

// A conv whose result is also returned keeps it: no fusion.
// CHECK-LABEL: func.func @two_uses
// CHECK:         %[[C:.*]] = hip.conv
// CHECK-NOT:     clamp_
// CHECK:         %[[M:.*]] = hip.max %[[C]]
// CHECK:         return %[[C]], %[[M]]
func.func @two_uses(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> (tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %e0 = tensor.empty() : tensor<1x3x2x2xf32>
  %c = hip.conv %x, %w, %e0 : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %e1 = tensor.empty() : tensor<1x3x2x2xf32>
  %r = hip.max %c, %zero, %e1 : (tensor<1x3x2x2xf32>, tensor<f32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %c, %r : tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>
}

// -----

// A dynamic batch: the Relu's destination takes its size from the conv's result (tensor.dim), which
// does not stop the fusion; that tensor.dim reads the conv's own destination instead.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK:         %[[N:.*]] = tensor.dim %arg0
// CHECK:         %[[C:.*]] = hip.conv %arg0, %arg1, %{{.*}} {clamp_min = 0.000000e+00 : f64}
// CHECK-SAME:    -> tensor<?x3x2x2xf32>
// CHECK-NOT:     hip.max
// CHECK:         return %[[C]]
func.func @dynamic_batch(%x: tensor<?x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<?x3x2x2xf32> {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2x4x4xf32>
  %e0 = tensor.empty(%n) : tensor<?x3x2x2xf32>
  %c = hip.conv %x, %w, %e0 : (tensor<?x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<?x3x2x2xf32>) -> tensor<?x3x2x2xf32>
  %n1 = tensor.dim %c, %c0 : tensor<?x3x2x2xf32>
  %e1 = tensor.empty(%n1) : tensor<?x3x2x2xf32>
  %r = hip.max %c, %zero, %e1 : (tensor<?x3x2x2xf32>, tensor<f32>, tensor<?x3x2x2xf32>) -> tensor<?x3x2x2xf32>
  return %r : tensor<?x3x2x2xf32>
}
