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

// -----

// A float add / sub / mul / div fuses the same way (a residual Add + Relu, a Sub + Clip): the op
// with clamp_min / clamp_max, written into the outer destination.
// CHECK-LABEL: func.func @add_relu_sub_clip
// CHECK:         %[[A:.*]] = hip.add %arg0, %arg1, %{{.*}} {clamp_min = 0.000000e+00 : f64}
// CHECK:         %[[S:.*]] = hip.sub %arg0, %arg1, %{{.*}} {clamp_max = 2.000000e+00 : f64, clamp_min = -1.500000e+00 : f64}
// CHECK-NOT:     hip.max
// CHECK-NOT:     hip.min
// CHECK:         return %[[A]], %[[S]]
func.func @add_relu_sub_clip(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %lo = hip.constant {value = dense<-1.5> : tensor<1xf32>} : tensor<1xf32>
  %hi = hip.constant {value = dense<2.0> : tensor<1x1xf32>} : tensor<1x1xf32>
  %e0 = tensor.empty() : tensor<2x3xf32>
  %a = hip.add %x, %y, %e0 : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %r = hip.max %a, %zero, %e1 : (tensor<2x3xf32>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %s = hip.sub %x, %y, %e2 : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e3 = tensor.empty() : tensor<2x3xf32>
  %m = hip.max %lo, %s, %e3 : (tensor<1xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e4 = tensor.empty() : tensor<2x3xf32>
  %c = hip.min %m, %hi, %e4 : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r, %c : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Not fused: a zero bound before the producer (max(0, -0) is -0, the fused clamp would give +0),
// an integer add (its kernels take no clamp), a bound whose broadcast grows the result.
// CHECK-LABEL: func.func @not_fused
// CHECK:         hip.mul
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK:         hip.add
// CHECK-NOT:     clamp_
// CHECK:         hip.max
// CHECK:         hip.add
// CHECK-NOT:     clamp_
// CHECK:         hip.max
func.func @not_fused(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>, %v: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>) {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %izero = hip.constant {value = dense<0> : tensor<i32>} : tensor<i32>
  %one = hip.constant {value = dense<1.0> : tensor<2x1xf32>} : tensor<2x1xf32>
  %e0 = tensor.empty() : tensor<2x3xf32>
  %p = hip.mul %x, %x, %e0 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<2x3xf32>
  %r = hip.max %zero, %p, %e1 : (tensor<f32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xi32>
  %a = hip.add %i, %i, %e2 : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %e3 = tensor.empty() : tensor<2x3xi32>
  %ri = hip.max %a, %izero, %e3 : (tensor<2x3xi32>, tensor<i32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %e4 = tensor.empty() : tensor<3xf32>
  %b = hip.add %v, %v, %e4 : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %e5 = tensor.empty() : tensor<2x3xf32>
  %g = hip.max %b, %one, %e5 : (tensor<3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r, %ri, %g : tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>
}

// -----

// An f32 matmul of a matrix followed by the add of a 1-D [N] bias (ONNX MatMul + Add, on either
// side) becomes the matmul with the bias as its third input, into the add's destination.
// CHECK-LABEL: func.func @matmul_bias
// CHECK:         %[[P:.*]] = hip.matmul %arg0, %arg1, %arg2, %{{.*}} : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK:         %[[Q:.*]] = hip.matmul %arg0, %arg1, %arg2, %{{.*}} : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NOT:     hip.add
// CHECK:         return %[[P]], %[[Q]]
func.func @matmul_bias(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  %e0 = tensor.empty() : tensor<2x3x5xf32>
  %m = hip.matmul %a, %b, %e0 : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e1 = tensor.empty() : tensor<2x3x5xf32>
  %y = hip.add %m, %c, %e1 : (tensor<2x3x5xf32>, tensor<5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e2 = tensor.empty() : tensor<2x3x5xf32>
  %m2 = hip.matmul %a, %b, %e2 : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e3 = tensor.empty() : tensor<2x3x5xf32>
  %z = hip.add %c, %m2, %e3 : (tensor<5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %y, %z : tensor<2x3x5xf32>, tensor<2x3x5xf32>
}

// -----

// Not fused: a [1, N] addend (not 1-D), an f64 product, a product with a second use, a vector B
// (no N dimension), and an add that already carries a fused Relu.
// CHECK-LABEL: func.func @matmul_not_fused
// CHECK-COUNT-5: hip.add
// CHECK-NOT:     hip.matmul {{.*}}, {{.*}}, {{.*}}, {{.*}} :
func.func @matmul_not_fused(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %r: tensor<1x5xf32>, %c: tensor<5xf32>,
                            %ad: tensor<3x4xf64>, %bd: tensor<4x5xf64>, %cd: tensor<5xf64>, %v: tensor<4xf32>,
                            %s: tensor<3xf32>) -> (tensor<3x5xf32>, tensor<3x5xf64>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3xf32>, tensor<3x5xf32>) {
  %zero = hip.constant {value = dense<0.0> : tensor<f32>} : tensor<f32>
  %e0 = tensor.empty() : tensor<3x5xf32>
  %m0 = hip.matmul %a, %b, %e0 : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e1 = tensor.empty() : tensor<3x5xf32>
  %y0 = hip.add %m0, %r, %e1 : (tensor<3x5xf32>, tensor<1x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e2 = tensor.empty() : tensor<3x5xf64>
  %m1 = hip.matmul %ad, %bd, %e2 : (tensor<3x4xf64>, tensor<4x5xf64>, tensor<3x5xf64>) -> tensor<3x5xf64>
  %e3 = tensor.empty() : tensor<3x5xf64>
  %y1 = hip.add %m1, %cd, %e3 : (tensor<3x5xf64>, tensor<5xf64>, tensor<3x5xf64>) -> tensor<3x5xf64>
  %e4 = tensor.empty() : tensor<3x5xf32>
  %m2 = hip.matmul %a, %b, %e4 : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e5 = tensor.empty() : tensor<3x5xf32>
  %y2 = hip.add %m2, %c, %e5 : (tensor<3x5xf32>, tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e6 = tensor.empty() : tensor<3xf32>
  %m3 = hip.matmul %a, %v, %e6 : (tensor<3x4xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<3xf32>
  %e7 = tensor.empty() : tensor<3xf32>
  %y3 = hip.add %m3, %s, %e7 : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %e8 = tensor.empty() : tensor<3x5xf32>
  %m4 = hip.matmul %a, %b, %e8 : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e9 = tensor.empty() : tensor<3x5xf32>
  %y4 = hip.add %m4, %c, %e9 {clamp_min = 0.0 : f64} : (tensor<3x5xf32>, tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %y0, %y1, %m2, %y2, %y3, %y4 : tensor<3x5xf32>, tensor<3x5xf64>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3xf32>, tensor<3x5xf32>
}

// -----

// A float matmul (with or without its fused bias) whose single-use result goes through Gelu becomes
// the matmul with activation "gelu" ("gelu_tanh" for approximate = "tanh"), into the Gelu's
// destination; the bias fuses first, then Gelu.
// CHECK-LABEL: func.func @matmul_gelu
// CHECK:         %[[P:.*]] = hip.matmul %arg0, %arg1, %arg2, %{{.*}} {activation = "gelu"} : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK:         %[[Q:.*]] = hip.matmul %arg0, %arg1, %{{.*}} {activation = "gelu_tanh"} : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NOT:     hip.gelu
// CHECK-NOT:     hip.add
// CHECK:         return %[[P]], %[[Q]]
func.func @matmul_gelu(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  %e0 = tensor.empty() : tensor<2x3x5xf32>
  %m = hip.matmul %a, %b, %e0 : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e1 = tensor.empty() : tensor<2x3x5xf32>
  %y = hip.add %m, %c, %e1 : (tensor<2x3x5xf32>, tensor<5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e2 = tensor.empty() : tensor<2x3x5xf32>
  %g = hip.gelu %y, %e2 : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e3 = tensor.empty() : tensor<2x3x5xf32>
  %m2 = hip.matmul %a, %b, %e3 : (tensor<2x3x4xf32>, tensor<4x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %e4 = tensor.empty() : tensor<2x3x5xf32>
  %g2 = hip.gelu %m2, %e4 {approximate = "tanh"} : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %g, %g2 : tensor<2x3x5xf32>, tensor<2x3x5xf32>
}

// -----

// Not fused: a product with a second use; and a bias added after the Gelu stays an add (a fused
// bias goes before the activation).
// CHECK-LABEL: func.func @matmul_gelu_not_fused
// CHECK:         hip.matmul %arg0, %arg1, %{{.*}} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK:         hip.gelu
// CHECK:         hip.matmul %arg0, %arg1, %{{.*}} {activation = "gelu"} : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK:         hip.add
func.func @matmul_gelu_not_fused(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %e0 = tensor.empty() : tensor<3x5xf32>
  %m0 = hip.matmul %a, %b, %e0 : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e1 = tensor.empty() : tensor<3x5xf32>
  %g0 = hip.gelu %m0, %e1 : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e2 = tensor.empty() : tensor<3x5xf32>
  %m1 = hip.matmul %a, %b, %e2 : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e3 = tensor.empty() : tensor<3x5xf32>
  %g1 = hip.gelu %m1, %e3 : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %e4 = tensor.empty() : tensor<3x5xf32>
  %y1 = hip.add %g1, %c, %e4 : (tensor<3x5xf32>, tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %m0, %g0, %y1 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// Gelu's erf formula x (1 + erf(x / sqrt 2)) / 2 (ONNX before opset 20) becomes hip.gelu, whatever
// the grouping of the products and with x / sqrt 2 as a Div or as a Mul by 1 / sqrt 2; a product
// before it then takes the Gelu as its activation.
// CHECK-LABEL: func.func @gelu_from_erf
// CHECK:         %[[A:.*]] = hip.gelu %arg0, %{{.*}} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK:         %[[B:.*]] = hip.gelu %arg0, %{{.*}} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK:         %[[C:.*]] = hip.gelu %arg0, %{{.*}} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK:         %[[D:.*]] = hip.matmul %arg0, %arg1, %{{.*}} {activation = "gelu"} : (tensor<2x6xf32>, tensor<6x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK-NOT:     hip.erf
// CHECK-NOT:     hip.mul
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @gelu_from_erf(%x: tensor<2x6xf32>, %w: tensor<6x6xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) {
  %sqrt2 = hip.constant {value = dense<1.41421354> : tensor<f32>} : tensor<f32>
  %rsqrt2 = hip.constant {value = dense<0.707106769> : tensor<1x1xf32>} : tensor<1x1xf32>
  %one = hip.constant {value = dense<1.0> : tensor<f32>} : tensor<f32>
  %half = hip.constant {value = dense<0.5> : tensor<f32>} : tensor<f32>
  %e = tensor.empty() : tensor<2x6xf32>
  // (x * (1 + erf(x / sqrt 2))) * 0.5
  %a0 = hip.div %x, %sqrt2, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %a1 = hip.erf %a0, %e : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %a2 = hip.add %a1, %one, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %a3 = hip.mul %x, %a2, %e : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %a = hip.mul %a3, %half, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  // x * ((1 + erf(x * (1 / sqrt 2))) * 0.5)
  %b0 = hip.mul %rsqrt2, %x, %e : (tensor<1x1xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %b1 = hip.erf %b0, %e : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %b2 = hip.add %one, %b1, %e : (tensor<f32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %b3 = hip.mul %b2, %half, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %b = hip.mul %x, %b3, %e : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  // (x * 0.5) * (1 + erf(x / sqrt 2))
  %c0 = hip.div %x, %sqrt2, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %c1 = hip.erf %c0, %e : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %c2 = hip.add %c1, %one, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %c3 = hip.mul %x, %half, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %c = hip.mul %c3, %c2, %e : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  // after a product: Gelu, then the product's activation
  %p = hip.matmul %x, %w, %e : (tensor<2x6xf32>, tensor<6x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %d0 = hip.div %p, %sqrt2, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %d1 = hip.erf %d0, %e : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %d2 = hip.add %d1, %one, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %d3 = hip.mul %p, %d2, %e : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %d = hip.mul %d3, %half, %e : (tensor<2x6xf32>, tensor<f32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  return %a, %b, %c, %d : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>
}

// -----

// Not Gelu: another constant (0.6 for 0.5, 2 for sqrt 2), the erf of another tensor, and an
// intermediate value read twice (the erf term is also returned).
// CHECK-LABEL: func.func @gelu_from_erf_not
// CHECK-NOT:     hip.gelu
// CHECK-COUNT-4: hip.erf
func.func @gelu_from_erf_not(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %sqrt2 = hip.constant {value = dense<1.41421354> : tensor<f32>} : tensor<f32>
  %two = hip.constant {value = dense<2.0> : tensor<f32>} : tensor<f32>
  %one = hip.constant {value = dense<1.0> : tensor<f32>} : tensor<f32>
  %half = hip.constant {value = dense<0.5> : tensor<f32>} : tensor<f32>
  %six = hip.constant {value = dense<0.6> : tensor<f32>} : tensor<f32>
  %e = tensor.empty() : tensor<4xf32>
  %a0 = hip.div %x, %sqrt2, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %a1 = hip.erf %a0, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a2 = hip.add %a1, %one, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %a3 = hip.mul %x, %a2, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a = hip.mul %a3, %six, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %b0 = hip.div %x, %two, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %b1 = hip.erf %b0, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b2 = hip.add %b1, %one, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %b3 = hip.mul %x, %b2, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = hip.mul %b3, %half, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %c0 = hip.div %y, %sqrt2, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %c1 = hip.erf %c0, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c2 = hip.add %c1, %one, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %c3 = hip.mul %x, %c2, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = hip.mul %c3, %half, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %d0 = hip.div %x, %sqrt2, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %d1 = hip.erf %d0, %e : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d2 = hip.add %d1, %one, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %d3 = hip.mul %x, %d2, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = hip.mul %d3, %half, %e : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  return %a, %b, %c, %d, %d2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A residual Add whose only reader is a LayerNorm (with and without bias) becomes one
// hip.skip_layer_norm of the Add's two operands, into the LayerNorm's destination.
// CHECK-LABEL: func.func @skip_layer_norm
// CHECK:         %[[Y:.*]] = hip.skip_layer_norm %arg0, %arg1, %arg2, %arg3, %{{.*}} {axis = -1 : i64, epsilon = 1.000000e-12 : f32} : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
// CHECK:         %[[Z:.*]] = hip.skip_layer_norm %[[Y]], %arg1, %arg2, %{{.*}} {axis = -1 : i64} : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
// CHECK-NOT:     hip.add
// CHECK-NOT:     hip.layer_norm
// CHECK:         return %[[Z]]
func.func @skip_layer_norm(%x: tensor<2x3x8xf32>, %r: tensor<2x3x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x3x8xf32> {
  %e0 = tensor.empty() : tensor<2x3x8xf32>
  %a = hip.add %x, %r, %e0 : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e1 = tensor.empty() : tensor<2x3x8xf32>
  %y = hip.layer_norm %a, %s, %b, %e1 {axis = -1 : i64, epsilon = 1.0e-12 : f32} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e2 = tensor.empty() : tensor<2x3x8xf32>
  %a2 = hip.add %y, %r, %e2 : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e3 = tensor.empty() : tensor<2x3x8xf32>
  %z = hip.layer_norm %a2, %s, %e3 {axis = -1 : i64} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  return %z : tensor<2x3x8xf32>
}

// -----

// Not fused: a sum that is also returned, a broadcasting Add (a row added to every row), an Add
// with a fused Relu, f64, and a LayerNorm that also returns its mean and inv_std_dev.
// CHECK-LABEL: func.func @skip_layer_norm_not_fused
// CHECK-NOT:     hip.skip_layer_norm
// CHECK:         return
func.func @skip_layer_norm_not_fused(%x: tensor<2x3x8xf32>, %r: tensor<2x3x8xf32>, %row: tensor<8xf32>, %s: tensor<8xf32>, %xd: tensor<2x8xf64>, %sd: tensor<8xf64>)
    -> (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x8xf64>, tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) {
  %e0 = tensor.empty() : tensor<2x3x8xf32>
  %a = hip.add %x, %r, %e0 : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e1 = tensor.empty() : tensor<2x3x8xf32>
  %y = hip.layer_norm %a, %s, %e1 : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e2 = tensor.empty() : tensor<2x3x8xf32>
  %b = hip.add %x, %row, %e2 : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e3 = tensor.empty() : tensor<2x3x8xf32>
  %yb = hip.layer_norm %b, %s, %e3 : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e4 = tensor.empty() : tensor<2x3x8xf32>
  %c = hip.add %x, %r, %e4 {clamp_min = 0.0 : f64} : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e5 = tensor.empty() : tensor<2x3x8xf32>
  %yc = hip.layer_norm %c, %s, %e5 : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e6 = tensor.empty() : tensor<2x8xf64>
  %d = hip.add %xd, %xd, %e6 : (tensor<2x8xf64>, tensor<2x8xf64>, tensor<2x8xf64>) -> tensor<2x8xf64>
  %e7 = tensor.empty() : tensor<2x8xf64>
  %yd = hip.layer_norm %d, %sd, %e7 : (tensor<2x8xf64>, tensor<8xf64>, tensor<2x8xf64>) -> tensor<2x8xf64>
  %e8 = tensor.empty() : tensor<2x3x8xf32>
  %f = hip.add %x, %r, %e8 : (tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %e9 = tensor.empty() : tensor<2x3x8xf32>
  %m0 = tensor.empty() : tensor<2x3x1xf32>
  %i0 = tensor.empty() : tensor<2x3x1xf32>
  %yf, %mf, %if = hip.layer_norm %f, %s, %e9, %m0, %i0 : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> (tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
  return %a, %y, %yb, %yc, %yd, %yf, %mf, %if : tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x3x8xf32>, tensor<2x8xf64>, tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>
}

// -----

// A Mul by a splat constant whose product only a Softmax reads (attention's scaled scores; the
// constant on either side) becomes the softmax's scale, the softmax reading the Mul's input into
// its own destination.
// CHECK-LABEL: func.func @softmax_scale
// CHECK:         %[[Y:.*]] = hip.softmax %arg0, %{{.*}} {axis = -1 : i64, scale = 1.250000e-01 : f64} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK:         %[[Z:.*]] = hip.softmax %arg0, %{{.*}} {axis = 1 : i64, scale = -2.500000e+00 : f64} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
// CHECK-NOT:     hip.mul
// CHECK:         return %[[Y]], %[[Z]]
func.func @softmax_scale(%x: tensor<2x4x8x8xf32>) -> (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) {
  %c = hip.constant {value = dense<0.125> : tensor<f32>} : tensor<f32>
  %n = hip.constant {value = dense<-2.5> : tensor<1x1xf32>} : tensor<1x1xf32>
  %e0 = tensor.empty() : tensor<2x4x8x8xf32>
  %m = hip.mul %x, %c, %e0 : (tensor<2x4x8x8xf32>, tensor<f32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %e1 = tensor.empty() : tensor<2x4x8x8xf32>
  %y = hip.softmax %m, %e1 {axis = -1 : i64} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %e2 = tensor.empty() : tensor<2x4x8x8xf32>
  %m2 = hip.mul %n, %x, %e2 : (tensor<1x1xf32>, tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %e3 = tensor.empty() : tensor<2x4x8x8xf32>
  %z = hip.softmax %m2, %e3 {axis = 1 : i64} : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  return %y, %z : tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>
}

// -----

// Not fused: a product that is also returned, a product by a non-splat row, a Mul with a fused
// Relu, an f64 softmax (f16 and bf16 alike: the product would be rounded to its type first), a
// log_softmax, and a product whose constant broadcasts X to a larger shape.
// CHECK-LABEL: func.func @softmax_scale_not_fused
// CHECK-NOT:     scale =
// CHECK:         return
func.func @softmax_scale_not_fused(%x: tensor<2x8xf32>, %xd: tensor<2x8xf64>, %row: tensor<8xf32>, %r: tensor<8xf32>)
    -> (tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf64>, tensor<2x8xf32>, tensor<1x8xf32>) {
  %c = hip.constant {value = dense<0.5> : tensor<f32>} : tensor<f32>
  %c11 = hip.constant {value = dense<0.5> : tensor<1x1xf32>} : tensor<1x1xf32>
  %cd = hip.constant {value = dense<0.5> : tensor<f64>} : tensor<f64>
  %e0 = tensor.empty() : tensor<2x8xf32>
  %a = hip.mul %x, %c, %e0 : (tensor<2x8xf32>, tensor<f32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e1 = tensor.empty() : tensor<2x8xf32>
  %ya = hip.softmax %a, %e1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e2 = tensor.empty() : tensor<2x8xf32>
  %b = hip.mul %x, %row, %e2 : (tensor<2x8xf32>, tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e3 = tensor.empty() : tensor<2x8xf32>
  %yb = hip.softmax %b, %e3 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e4 = tensor.empty() : tensor<2x8xf32>
  %k = hip.mul %x, %c, %e4 {clamp_min = 0.0 : f64} : (tensor<2x8xf32>, tensor<f32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e5 = tensor.empty() : tensor<2x8xf32>
  %yk = hip.softmax %k, %e5 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e6 = tensor.empty() : tensor<2x8xf64>
  %d = hip.mul %xd, %cd, %e6 : (tensor<2x8xf64>, tensor<f64>, tensor<2x8xf64>) -> tensor<2x8xf64>
  %e7 = tensor.empty() : tensor<2x8xf64>
  %yd = hip.softmax %d, %e7 : (tensor<2x8xf64>, tensor<2x8xf64>) -> tensor<2x8xf64>
  %e8 = tensor.empty() : tensor<2x8xf32>
  %l = hip.mul %x, %c, %e8 : (tensor<2x8xf32>, tensor<f32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e9 = tensor.empty() : tensor<2x8xf32>
  %yl = hip.log_softmax %l, %e9 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e10 = tensor.empty() : tensor<1x8xf32>
  %w = hip.mul %r, %c11, %e10 : (tensor<8xf32>, tensor<1x1xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e11 = tensor.empty() : tensor<1x8xf32>
  %yw = hip.softmax %w, %e11 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %a, %ya, %yb, %yk, %yd, %yl, %yw : tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xf64>, tensor<2x8xf32>, tensor<1x8xf32>
}
