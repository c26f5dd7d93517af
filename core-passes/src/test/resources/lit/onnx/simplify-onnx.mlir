// RUN: hip-mlir-opt %s --split-input-file --simplify-onnx | FileCheck %s

// CastLike takes the ONNX data type of its type donor, which goes when nothing else uses it.
// CHECK-LABEL: func.func @cast_like
// CHECK-NEXT:    %[[C:.*]] = "onnx.Cast"(%arg0) {to = 7 : i64} : (tensor<2xf32>) -> tensor<2xi64>
// CHECK-NEXT:    "onnx.Return"(%[[C]])
module attributes {onnx.opset_import = {"" = 15 : i64}} {
  func.func @cast_like(%x: tensor<2xf32>) -> tensor<2xi64> {
    %like = "onnx.Constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %y = "onnx.CastLike"(%x, %like) : (tensor<2xf32>, tensor<i64>) -> tensor<2xi64>
    "onnx.Return"(%y) : (tensor<2xi64>) -> ()
  }
}

// -----

// A type donor that is used elsewhere stays.
// CHECK-LABEL: func.func @cast_like_used_donor
// CHECK-NEXT:    %[[C:.*]] = "onnx.Cast"(%arg0) {to = 10 : i64} : (tensor<2xf32>) -> tensor<2xf16>
// CHECK-NEXT:    "onnx.Return"(%[[C]], %arg1)
module attributes {onnx.opset_import = {"" = 15 : i64}} {
  func.func @cast_like_used_donor(%x: tensor<2xf32>, %like: tensor<3xf16>) -> (tensor<2xf16>, tensor<3xf16>) {
    %y = "onnx.CastLike"(%x, %like) : (tensor<2xf32>, tensor<3xf16>) -> tensor<2xf16>
    "onnx.Return"(%y, %like) : (tensor<2xf16>, tensor<3xf16>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @comparisons
// CHECK-NEXT:    %[[GT:.*]] = "onnx.Less"(%arg1, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %[[L1:.*]] = "onnx.Less"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %[[GE:.*]] = "onnx.Not"(%[[L1]]) : (tensor<2xi1>) -> tensor<2xi1>
// CHECK-NEXT:    %[[L2:.*]] = "onnx.Less"(%arg1, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT:    %[[LE:.*]] = "onnx.Not"(%[[L2]]) : (tensor<2xi1>) -> tensor<2xi1>
// CHECK-NEXT:    "onnx.Return"(%[[GT]], %[[GE]], %[[LE]])
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @comparisons(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
    %gt = "onnx.Greater"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    %ge = "onnx.GreaterOrEqual"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    %le = "onnx.LessOrEqual"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    "onnx.Return"(%gt, %ge, %le) : (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) -> ()
  }
}

// -----

// Opset-1 Greater with a legacy broadcast stays.
// CHECK-LABEL: func.func @greater_legacy_broadcast
// CHECK-NEXT:    "onnx.Greater"(%arg0, %arg1) {axis = 0 : i64, broadcast = 1 : i64}
module attributes {onnx.opset_import = {"" = 1 : i64}} {
  func.func @greater_legacy_broadcast(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<2x3xi1> {
    %gt = "onnx.Greater"(%a, %b) {axis = 0 : i64, broadcast = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xi1>
    "onnx.Return"(%gt) : (tensor<2x3xi1>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @relu
// CHECK-NEXT:    %[[Z:.*]] = "onnx.Constant"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
// CHECK-NEXT:    %[[M:.*]] = "onnx.Max"(%arg0, %[[Z]]) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[ZI:.*]] = "onnx.Constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
// CHECK-NEXT:    %[[MI:.*]] = "onnx.Max"(%arg1, %[[ZI]]) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
// CHECK-NEXT:    "onnx.Return"(%[[M]], %[[MI]])
module attributes {onnx.opset_import = {"" = 14 : i64}} {
  func.func @relu(%x: tensor<2x3xf32>, %i: tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>) {
    %y = "onnx.Relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %j = "onnx.Relu"(%i) : (tensor<4xi32>) -> tensor<4xi32>
    "onnx.Return"(%y, %j) : (tensor<2x3xf32>, tensor<4xi32>) -> ()
  }
}

// -----

// Before opset 8 Max does not broadcast: Relu stays.
// CHECK-LABEL: func.func @relu_opset6
// CHECK-NEXT:    "onnx.Relu"(%arg0)
module attributes {onnx.opset_import = {"" = 6 : i64}} {
  func.func @relu_opset6(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = "onnx.Relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Return"(%y) : (tensor<2xf32>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @clip
// CHECK-NEXT:    %[[MAX:.*]] = "onnx.Max"(%arg0, %arg1) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[BOTH:.*]] = "onnx.Min"(%[[MAX]], %arg2) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[LO:.*]] = "onnx.Max"(%arg0, %arg1) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[HI:.*]] = "onnx.Min"(%arg0, %arg2) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Return"(%[[BOTH]], %[[LO]], %[[HI]], %arg0)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @clip(%x: tensor<2xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %a = "onnx.Clip"(%x, %lo, %hi) : (tensor<2xf32>, tensor<f32>, tensor<f32>) -> tensor<2xf32>
    %b = "onnx.Clip"(%x, %lo) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %c = "onnx.Clip"(%x, %none, %hi) : (tensor<2xf32>, none, tensor<f32>) -> tensor<2xf32>
    %d = "onnx.Clip"(%x, %none, %none) : (tensor<2xf32>, none, none) -> tensor<2xf32>
    "onnx.Return"(%a, %b, %c, %d) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }
}

// -----

// Opset-6 Clip: the bound attributes become constants.
// CHECK-LABEL: func.func @clip_attributes
// CHECK-NEXT:    %[[LO:.*]] = "onnx.Constant"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
// CHECK-NEXT:    %[[HI:.*]] = "onnx.Constant"() {value = dense<6.000000e+00> : tensor<f32>} : () -> tensor<f32>
// CHECK-NEXT:    %[[MAX:.*]] = "onnx.Max"(%arg0, %[[LO]]) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[MIN:.*]] = "onnx.Min"(%[[MAX]], %[[HI]]) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Return"(%[[MIN]])
module attributes {onnx.opset_import = {"" = 10 : i64}} {
  func.func @clip_attributes(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = "onnx.Clip"(%x) {max = 6.0 : f32, min = 0.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Return"(%y) : (tensor<2xf32>) -> ()
  }
}

// -----

// Before opset 8 a bounded Clip stays (Max and Min do not broadcast).
// CHECK-LABEL: func.func @clip_opset6
// CHECK-NEXT:    "onnx.Clip"(%arg0) {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32}
module attributes {onnx.opset_import = {"" = 6 : i64}} {
  func.func @clip_opset6(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y = "onnx.Clip"(%x) {max = 6.0 : f32, min = 0.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Return"(%y) : (tensor<2xf32>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @pow
// CHECK-NEXT:    %[[SQ:.*]] = "onnx.Mul"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[RT:.*]] = "onnx.Sqrt"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[ONE:.*]] = "onnx.Constant"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
// CHECK-NEXT:    %[[INV:.*]] = "onnx.Div"(%[[ONE]], %arg0) : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Return"(%arg0, %[[SQ]], %[[RT]], %[[INV]])
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @pow(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %c1 = "onnx.Constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
    %c2 = "onnx.Constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
    %ch = "onnx.Constant"() {value = dense<0.5> : tensor<2xf32>} : () -> tensor<2xf32>
    %cm = "onnx.Constant"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
    %p1 = "onnx.Pow"(%x, %c1) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %p2 = "onnx.Pow"(%x, %c2) : (tensor<2xf32>, tensor<i64>) -> tensor<2xf32>
    %ph = "onnx.Pow"(%x, %ch) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %pm = "onnx.Pow"(%x, %cm) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    "onnx.Return"(%p1, %p2, %ph, %pm) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }
}

// -----

// Left alone: another exponent, a non-constant exponent, an integer base.
// CHECK-LABEL: func.func @pow_kept
// CHECK:         "onnx.Pow"(%arg0, %{{.*}}) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Pow"(%arg0, %arg1) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Pow"(%arg2, %{{.*}}) : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @pow_kept(%x: tensor<2xf32>, %e: tensor<f32>, %i: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) {
    %c3 = "onnx.Constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
    %c2 = "onnx.Constant"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
    %p3 = "onnx.Pow"(%x, %c3) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %pe = "onnx.Pow"(%x, %e) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %pi = "onnx.Pow"(%i, %c2) : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
    "onnx.Return"(%p3, %pe, %pi) : (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @identity_dropout
// CHECK-NEXT:    "onnx.Return"(%arg0, %arg0, %arg0)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @identity_dropout(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %false = "onnx.Constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
    %ratio = "onnx.Constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %a = "onnx.Identity"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %b = "onnx.Dropout"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    %c, %m = "onnx.Dropout"(%x, %ratio, %false) : (tensor<2xf32>, tensor<f32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xi1>)
    "onnx.Return"(%a, %b, %c) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
  }
}

// -----

// Left alone: Dropout in training mode, with a non-constant training_mode, or whose used mask
// has no static shape.
// CHECK-LABEL: func.func @dropout_kept
// CHECK:         "onnx.Dropout"(%arg0, %{{.*}}, %{{.*}}) : (tensor<2xf32>, tensor<f32>, tensor<i1>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Dropout"(%arg0, %{{.*}}, %arg1) : (tensor<2xf32>, none, tensor<i1>) -> tensor<2xf32>
// CHECK-NEXT:    "onnx.Dropout"(%arg2) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi1>)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @dropout_kept(%x: tensor<2xf32>, %t: tensor<i1>, %d: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<?xi1>) {
    %none = "onnx.NoValue"() : () -> none
    %true = "onnx.Constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    %ratio = "onnx.Constant"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
    %a = "onnx.Dropout"(%x, %ratio, %true) : (tensor<2xf32>, tensor<f32>, tensor<i1>) -> tensor<2xf32>
    %b = "onnx.Dropout"(%x, %none, %t) : (tensor<2xf32>, none, tensor<i1>) -> tensor<2xf32>
    %c, %m = "onnx.Dropout"(%d) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi1>)
    "onnx.Return"(%a, %b, %m) : (tensor<2xf32>, tensor<2xf32>, tensor<?xi1>) -> ()
  }
}

// -----

// An inference Dropout whose mask is used: the input, and an all-true mask of the input's
// static shape as a splat Constant (a rank-0 input gives a rank-0 mask).
// CHECK-LABEL: func.func @dropout_mask
// CHECK-NEXT:    %[[M:.*]] = "onnx.Constant"() {value = dense<true> : tensor<3x4x5xi1>} : () -> tensor<3x4x5xi1>
// CHECK-NEXT:    %[[N:.*]] = "onnx.Constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
// CHECK-NEXT:    "onnx.Return"(%arg0, %[[M]], %[[N]])
module attributes {onnx.opset_import = {"" = 22 : i64}} {
  func.func @dropout_mask(%x: tensor<3x4x5xf32>, %s: tensor<f32>) -> (tensor<3x4x5xf32>, tensor<3x4x5xi1>, tensor<i1>) {
    %y, %m = "onnx.Dropout"(%x) {seed = 0 : i64} : (tensor<3x4x5xf32>) -> (tensor<3x4x5xf32>, tensor<3x4x5xi1>)
    %z, %n = "onnx.Dropout"(%s) : (tensor<f32>) -> (tensor<f32>, tensor<i1>)
    "onnx.Return"(%y, %m, %n) : (tensor<3x4x5xf32>, tensor<3x4x5xi1>, tensor<i1>) -> ()
  }
}

// -----

// Before opset 10 the mask has the input's element type: a used one keeps the Dropout.
// CHECK-LABEL: func.func @dropout_mask_old
// CHECK-NEXT:    "onnx.Dropout"(%arg0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
module attributes {onnx.opset_import = {"" = 7 : i64}} {
  func.func @dropout_mask_old(%x: tensor<2xf32>) -> tensor<2xf32> {
    %y, %m = "onnx.Dropout"(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    "onnx.Return"(%m) : (tensor<2xf32>) -> ()
  }
}

// -----

// An Identity that only changes shape knowledge feeds ONNX users and onnx.Return its input, but
// stays where func.return fixes its result type.
// CHECK-LABEL: func.func @identity_shapes
// CHECK-NEXT:    "onnx.Return"(%arg0)
// CHECK-LABEL: func.func @identity_kept
// CHECK-NEXT:    %[[I:.*]] = "onnx.Identity"(%arg0) : (tensor<*xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %[[I]]
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @identity_shapes(%x: tensor<2xf32>) -> tensor<*xf32> {
    %a = "onnx.Identity"(%x) : (tensor<2xf32>) -> tensor<*xf32>
    "onnx.Return"(%a) : (tensor<*xf32>) -> ()
  }
  func.func @identity_kept(%x: tensor<*xf32>) -> tensor<2xf32> {
    %a = "onnx.Identity"(%x) : (tensor<*xf32>) -> tensor<2xf32>
    func.return %a : tensor<2xf32>
  }
}

// -----

// ConstantOfShape of a constant shape is a splat constant (an unranked result takes the folded
// type; the default value is f32 0). A zero dim, a dynamic shape, or an unranked result that is
// returned keep the op.
// CHECK-LABEL: func.func @constant_of_shape
// CHECK-NEXT:    %[[A:.*]] = "onnx.Constant"() {value = dense<2.500000e+00> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
// CHECK-NEXT:    %[[B:.*]] = "onnx.Constant"() {value = dense<0.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
// CHECK-NEXT:    %[[Z:.*]] = "onnx.Constant"() {value = dense<[2, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
// CHECK-NEXT:    %[[C:.*]] = "onnx.ConstantOfShape"(%[[Z]]) {value = dense<7> : tensor<1xi32>} : (tensor<2xi64>) -> tensor<2x0xi32>
// CHECK-NEXT:    %[[D:.*]] = "onnx.ConstantOfShape"(%arg0) : (tensor<2xi64>) -> tensor<*xf32>
// CHECK-NEXT:    %[[S:.*]] = "onnx.Constant"() {value = dense<5> : tensor<1xi64>} : () -> tensor<1xi64>
// CHECK-NEXT:    %[[E:.*]] = "onnx.ConstantOfShape"(%[[S]]) : (tensor<1xi64>) -> tensor<*xf32>
// CHECK-NEXT:    %[[F:.*]] = "onnx.Add"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
// CHECK-NEXT:    "onnx.Return"(%[[F]], %[[C]], %[[D]], %[[E]])
module attributes {onnx.opset_import = {"" = 17 : i64}} {
  func.func @constant_of_shape(%dyn: tensor<2xi64>) -> (tensor<*xf32>, tensor<2x0xi32>, tensor<*xf32>, tensor<*xf32>) {
    %s = "onnx.Constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %a = "onnx.ConstantOfShape"(%s) {value = dense<2.5> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<*xf32>
    %s4 = "onnx.Constant"() {value = dense<[4]> : tensor<1xi64>} : () -> tensor<1xi64>
    %b = "onnx.ConstantOfShape"(%s4) : (tensor<1xi64>) -> tensor<*xf32>
    %z = "onnx.Constant"() {value = dense<[2, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
    %c = "onnx.ConstantOfShape"(%z) {value = dense<7> : tensor<1xi32>} : (tensor<2xi64>) -> tensor<2x0xi32>
    %d = "onnx.ConstantOfShape"(%dyn) : (tensor<2xi64>) -> tensor<*xf32>
    %s5 = "onnx.Constant"() {value = dense<[5]> : tensor<1xi64>} : () -> tensor<1xi64>
    %e = "onnx.ConstantOfShape"(%s5) : (tensor<1xi64>) -> tensor<*xf32>
    %f = "onnx.Add"(%a, %b) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    "onnx.Return"(%f, %c, %d, %e) : (tensor<*xf32>, tensor<2x0xi32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }
}

// -----

// Inference BatchNormalization of a Conv with constant weights folds into the Conv, per output
// channel s = scale / sqrt(var + epsilon): W' = W * s, B' = (B - mean) * s + bias.
// Here s = [0.5, 2]: W' = [1, 6], B' = [(1 - 1) * 0.5 + 0.5, (-1 - 0) * 2 + 1] = [0.5, -1].
// CHECK-LABEL: func.func @batch_norm_into_conv
// CHECK-NEXT:    %[[W:.*]] = "onnx.Constant"() {value = dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}6.000000e+00]]]]> : tensor<2x1x1x1xf32>}
// CHECK-NEXT:    %[[B:.*]] = "onnx.Constant"() {value = dense<[5.000000e-01, -1.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT:    %[[C:.*]] = "onnx.Conv"(%arg0, %[[W]], %[[B]]) {group = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    "onnx.Return"(%[[C]])
module attributes {onnx.opset_import = {"" = 15 : i64}} {
  func.func @batch_norm_into_conv(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
    %w = "onnx.Constant"() {value = dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
    %b = "onnx.Constant"() {value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %y = "onnx.Conv"(%x, %w, %b) {group = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    %scale = "onnx.Constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %bias = "onnx.Constant"() {value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %mean = "onnx.Constant"() {value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %var = "onnx.Constant"() {value = dense<[4.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %z = "onnx.BatchNormalization"(%y, %scale, %bias, %mean, %var) {epsilon = 0.0 : f32} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    "onnx.Return"(%z) : (tensor<1x2x3x3xf32>) -> ()
  }
}

// -----

// Not folded: the Conv has a second use, a parameter is not constant, training mode, f16.
// CHECK-LABEL: func.func @batch_norm_kept
// CHECK-COUNT-4: "onnx.BatchNormalization"
module attributes {onnx.opset_import = {"" = 15 : i64}} {
  func.func @batch_norm_kept(%x: tensor<1x2x3x3xf32>, %m: tensor<2xf32>, %h: tensor<1x2x3x3xf16>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf16>) {
    %w = "onnx.Constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
    %p = "onnx.Constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
    %y = "onnx.Conv"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
    %a = "onnx.BatchNormalization"(%y, %p, %p, %p, %p) : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    %y2 = "onnx.Conv"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
    %b = "onnx.BatchNormalization"(%y2, %p, %p, %m, %p) : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    %y3 = "onnx.Conv"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
    %c = "onnx.BatchNormalization"(%y3, %p, %p, %p, %p) {training_mode = 1 : i64} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    %wh = "onnx.Constant"() {value = dense<1.0> : tensor<2x2x1x1xf16>} : () -> tensor<2x2x1x1xf16>
    %ph = "onnx.Constant"() {value = dense<1.0> : tensor<2xf16>} : () -> tensor<2xf16>
    %yh = "onnx.Conv"(%h, %wh) : (tensor<1x2x3x3xf16>, tensor<2x2x1x1xf16>) -> tensor<1x2x3x3xf16>
    %d = "onnx.BatchNormalization"(%yh, %ph, %ph, %ph, %ph) : (tensor<1x2x3x3xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<1x2x3x3xf16>
    "onnx.Return"(%a, %y, %b, %c, %d) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf16>) -> ()
  }
}
