// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// Binary ops broadcast (numpy); each gets a tensor.empty destination of its result type.
// CHECK-LABEL: func.func @binary
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %[[ADD:.*]] = hip.add %arg0, %arg1, %[[E0]] : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         hip.sub %[[ADD]], %arg1,
// CHECK:         hip.mul
// CHECK:         hip.div
// CHECK:         hip.pow
// CHECK:         hip.min
// CHECK:         hip.max
// CHECK:         %[[LT:.*]] = hip.less %arg0, %arg1, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK:         hip.equal
// CHECK:         hip.and
// CHECK:         hip.or
// CHECK:         hip.xor
// CHECK:         hip.not
// CHECK:         hip.where %{{.*}}, %arg0, %arg1
// CHECK:         hip.mod %{{.*}} {fmod = true}
// CHECK-NOT:     "onnx.
// CHECK:         return
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %0 = "onnx.Add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.Sub"(%0, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %2 = "onnx.Mul"(%1, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %3 = "onnx.Div"(%2, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %4 = "onnx.Pow"(%3, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %5 = "onnx.Min"(%4, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %6 = "onnx.Max"(%5, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %l = "onnx.Less"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
    %e = "onnx.Equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
    %and = "onnx.And"(%l, %e) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %or = "onnx.Or"(%and, %e) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %xor = "onnx.Xor"(%or, %e) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
    %not = "onnx.Not"(%xor) : (tensor<2x3xi1>) -> tensor<2x3xi1>
    %w = "onnx.Where"(%not, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %m = "onnx.Mod"(%w, %b) {fmod = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    "onnx.Return"(%6, %not, %w, %m) : (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }
}

// -----

// Unary ops, Cast (to: the result element type), LeakyRelu (alpha default 0.01), Gelu (opset 20).
// CHECK-LABEL: func.func @unary
// CHECK:         hip.neg
// CHECK:         hip.abs
// CHECK:         hip.exp
// CHECK:         hip.log
// CHECK:         hip.sqrt
// CHECK:         hip.reciprocal
// CHECK:         hip.sigmoid
// CHECK:         hip.tanh
// CHECK:         hip.erf
// CHECK:         hip.sin
// CHECK:         hip.cos
// CHECK:         hip.ceil
// CHECK:         hip.floor
// CHECK:         hip.round
// CHECK:         hip.sign
// CHECK:         hip.softplus
// CHECK:         hip.leaky_relu %{{.*}} {alpha = 1.000000e-02 : f32}
// CHECK:         hip.gelu %{{.*}} {approximate = "tanh"}
// CHECK:         hip.cast %{{.*}} {to = i64} : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NOT:     "onnx.
module attributes {onnx.opset_import = {"" = 20 : i64}} {
  func.func @unary(%x: tensor<4xf32>) -> tensor<4xi64> {
    %0 = "onnx.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "onnx.Abs"(%0) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = "onnx.Exp"(%1) : (tensor<4xf32>) -> tensor<4xf32>
    %3 = "onnx.Log"(%2) : (tensor<4xf32>) -> tensor<4xf32>
    %4 = "onnx.Sqrt"(%3) : (tensor<4xf32>) -> tensor<4xf32>
    %5 = "onnx.Reciprocal"(%4) : (tensor<4xf32>) -> tensor<4xf32>
    %6 = "onnx.Sigmoid"(%5) : (tensor<4xf32>) -> tensor<4xf32>
    %7 = "onnx.Tanh"(%6) : (tensor<4xf32>) -> tensor<4xf32>
    %8 = "onnx.Erf"(%7) : (tensor<4xf32>) -> tensor<4xf32>
    %9 = "onnx.Sin"(%8) : (tensor<4xf32>) -> tensor<4xf32>
    %10 = "onnx.Cos"(%9) : (tensor<4xf32>) -> tensor<4xf32>
    %11 = "onnx.Ceil"(%10) : (tensor<4xf32>) -> tensor<4xf32>
    %12 = "onnx.Floor"(%11) : (tensor<4xf32>) -> tensor<4xf32>
    %13 = "onnx.Round"(%12) : (tensor<4xf32>) -> tensor<4xf32>
    %14 = "onnx.Sign"(%13) : (tensor<4xf32>) -> tensor<4xf32>
    %15 = "onnx.Softplus"(%14) : (tensor<4xf32>) -> tensor<4xf32>
    %16 = "onnx.LeakyRelu"(%15) : (tensor<4xf32>) -> tensor<4xf32>
    %17 = "onnx.Gelu"(%16) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
    %18 = "onnx.Cast"(%17) {to = 7 : i64} : (tensor<4xf32>) -> tensor<4xi64>
    "onnx.Return"(%18) : (tensor<4xi64>) -> ()
  }
}

// -----

// Opset 6 Add has a legacy 'broadcast' attribute: no conversion, no error.
// CHECK-LABEL: func.func @legacy_add
// CHECK:         "onnx.Add"
// CHECK:         return
module attributes {onnx.opset_import = {"" = 6 : i64}} {
  func.func @legacy_add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
    %0 = "onnx.Add"(%a, %b) {broadcast = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    "onnx.Return"(%0) : (tensor<2x3xf32>) -> ()
  }
}

// -----

// Shape inference refines a '?' result; func.return gets a tensor.cast back to the declared type.
// CHECK-LABEL: func.func @refine
// CHECK:         %[[R:.*]] = hip.add %arg0, %arg1, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[R]] : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK-NEXT:    return %[[C]]
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @refine(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
    %0 = "onnx.Add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
    "onnx.Return"(%0) : (tensor<?x3xf32>) -> ()
  }
}

// -----

// A dimension that stays dynamic is sized from the one input it comes from (tensor.dim);
// where two inputs could each supply it (one may be 1 at run time), the op stays.
// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[I0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.*]] = tensor.dim %arg0, %[[I0]] : tensor<?x3xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D0]]) : tensor<?x3xf32>
// CHECK-NEXT:    %[[A:.*]] = hip.add %arg0, %arg1, %[[E]] : (tensor<?x3xf32>, tensor<3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK:         tensor.dim %arg2, %{{.*}} : tensor<?x4xf32>
// CHECK:         tensor.dim %arg3, %{{.*}} : tensor<4x?xf32>
// CHECK:         hip.matmul %arg2, %arg3, %{{.*}} : (tensor<?x4xf32>, tensor<4x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK:         "onnx.Mul"(%[[A]], %arg4)
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @dynamic(%a: tensor<?x3xf32>, %b: tensor<3xf32>, %m: tensor<?x4xf32>, %n: tensor<4x?xf32>, %c: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x?xf32>) {
    %0 = "onnx.Add"(%a, %b) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
    %1 = "onnx.MatMul"(%m, %n) : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
    %2 = "onnx.Mul"(%0, %c) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    "onnx.Return"(%2, %1) : (tensor<?x3xf32>, tensor<?x?xf32>) -> ()
  }
}

// -----

// A variadic Max (simplify-onnx's Relu) with a dynamic batch dimension.
// CHECK-LABEL: func.func @dynamic_max
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x3xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// CHECK-NEXT:    hip.max %arg0, %{{.*}}, %[[E]] : (tensor<?x3xf32>, tensor<f32>, tensor<?x3xf32>) -> tensor<?x3xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @dynamic_max(%a: tensor<?x3xf32>) -> tensor<?x3xf32> {
    %z = "onnx.Constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %0 = "onnx.Max"(%a, %z) : (tensor<?x3xf32>, tensor<f32>) -> tensor<*xf32>
    "onnx.Return"(%0) : (tensor<*xf32>) -> ()
  }
}

// -----

// HardSigmoid (from opset 6): alpha and beta, 0.2 and 0.5 when absent.
// CHECK-LABEL: func.func @hard_sigmoid
// CHECK:         hip.hard_sigmoid %arg0, %{{.*}} {alpha = 5.000000e-01 : f32, beta = 6.000000e-01 : f32} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK:         hip.hard_sigmoid %{{.*}}, %{{.*}} {alpha = 2.000000e-01 : f32, beta = 5.000000e-01 : f32}
// CHECK-NOT:     "onnx.
module attributes {onnx.opset_import = {"" = 22 : i64}} {
  func.func @hard_sigmoid(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = "onnx.HardSigmoid"(%x) {alpha = 5.000000e-01 : f32, beta = 6.000000e-01 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = "onnx.HardSigmoid"(%0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    "onnx.Return"(%1) : (tensor<3x4xf32>) -> ()
  }
}
