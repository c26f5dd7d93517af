// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Binary ops: the destination is the last operand and has the result type.
// CHECK-LABEL: func.func @binary
// CHECK: %{{.*}} = hip.add %arg0, %arg1, %arg2 : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC: "hip.add"(%arg0, %arg1, %arg2) : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: hip.sub
// CHECK: hip.mul
// CHECK: hip.div
// CHECK: hip.min
// CHECK: hip.max
// CHECK: hip.pow %arg0, %arg3, %arg2 : (tensor<2x3xf32>, tensor<1xi32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: hip.mod %arg0, %arg1, %arg2 {fmod = true} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC: "hip.mod"(%arg0, %arg1, %arg2) <{fmod = true}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %init: tensor<2x3xf32>, %e: tensor<1xi32>) {
  %0 = hip.add %a, %b, %init : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hip.sub %a, %b, %init : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = hip.mul %a, %b, %init : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = hip.div %a, %b, %init : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = hip.min %a, %b, %init : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = hip.max %a, %b, %init : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = hip.pow %a, %e, %init : (tensor<2x3xf32>, tensor<1xi32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = hip.mod %a, %b, %init {fmod = true} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Broadcasting with dynamic dims: ? against 5 is 5, ? against 1 stays ?, and a declared ?
// is compatible with any inferred dim.
// CHECK-LABEL: func.func @dynamic
// CHECK: hip.add %arg0, %arg1, %arg2 : (tensor<?x1x3xf32>, tensor<2x1xf32>, tensor<?x2x3xf32>) -> tensor<?x2x3xf32>
// CHECK: hip.mul %arg3, %arg4, %arg5 : (tensor<?xi32>, tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
// CHECK: hip.mul %arg3, %arg4, %arg6 : (tensor<?xi32>, tensor<5xi32>, tensor<?xi32>) -> tensor<?xi32>
// CHECK: hip.sub %arg3, %arg7, %arg6 : (tensor<?xi32>, tensor<1xi32>, tensor<?xi32>) -> tensor<?xi32>
// CHECK: hip.sub %arg8, %arg8, %arg8 : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
func.func @dynamic(%a: tensor<?x1x3xf32>, %b: tensor<2x1xf32>, %i0: tensor<?x2x3xf32>, %c: tensor<?xi32>, %d: tensor<5xi32>,
                   %i1: tensor<5xi32>, %i2: tensor<?xi32>, %one: tensor<1xi32>, %s: tensor<i32>) {
  %0 = hip.add %a, %b, %i0 : (tensor<?x1x3xf32>, tensor<2x1xf32>, tensor<?x2x3xf32>) -> tensor<?x2x3xf32>
  %1 = hip.mul %c, %d, %i1 : (tensor<?xi32>, tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %2 = hip.mul %c, %d, %i2 : (tensor<?xi32>, tensor<5xi32>, tensor<?xi32>) -> tensor<?xi32>
  %3 = hip.sub %c, %one, %i2 : (tensor<?xi32>, tensor<1xi32>, tensor<?xi32>) -> tensor<?xi32>
  %4 = hip.sub %s, %s, %s : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
  return
}

// -----

// Logical ops on i1 and comparisons with i1 results.
// CHECK-LABEL: func.func @logical
// CHECK: hip.and %arg0, %arg1, %arg2 : (tensor<4xi1>, tensor<1xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: hip.or
// CHECK: hip.xor
// CHECK: hip.not %arg0, %arg2 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: hip.equal %arg3, %arg4, %arg2 : (tensor<4xf16>, tensor<f16>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: hip.equal %arg0, %arg1, %arg2 : (tensor<4xi1>, tensor<1xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: hip.less
// CHECK: hip.less_or_equal
// CHECK: hip.greater
// CHECK: hip.greater_or_equal
func.func @logical(%p: tensor<4xi1>, %q: tensor<1xi1>, %init: tensor<4xi1>, %x: tensor<4xf16>, %y: tensor<f16>) {
  %0 = hip.and %p, %q, %init : (tensor<4xi1>, tensor<1xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = hip.or %p, %q, %init : (tensor<4xi1>, tensor<1xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = hip.xor %p, %q, %init : (tensor<4xi1>, tensor<1xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = hip.not %p, %init : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %4 = hip.equal %x, %y, %init : (tensor<4xf16>, tensor<f16>, tensor<4xi1>) -> tensor<4xi1>
  %5 = hip.equal %p, %q, %init : (tensor<4xi1>, tensor<1xi1>, tensor<4xi1>) -> tensor<4xi1>
  %6 = hip.less %x, %y, %init : (tensor<4xf16>, tensor<f16>, tensor<4xi1>) -> tensor<4xi1>
  %7 = hip.less_or_equal %x, %y, %init : (tensor<4xf16>, tensor<f16>, tensor<4xi1>) -> tensor<4xi1>
  %8 = hip.greater %x, %y, %init : (tensor<4xf16>, tensor<f16>, tensor<4xi1>) -> tensor<4xi1>
  %9 = hip.greater_or_equal %x, %y, %init : (tensor<4xf16>, tensor<f16>, tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

// Unary ops keep the operand type; cast changes only the element type.
// CHECK-LABEL: func.func @unary
// CHECK: hip.neg %arg0, %arg0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK: hip.abs
// CHECK: hip.sign
// CHECK: hip.exp
// CHECK: hip.log
// CHECK: hip.sqrt
// CHECK: hip.reciprocal
// CHECK: hip.sigmoid
// CHECK: hip.tanh
// CHECK: hip.erf
// CHECK: hip.sin
// CHECK: hip.cos
// CHECK: hip.ceil
// CHECK: hip.floor
// CHECK: hip.round
// CHECK: hip.softplus
// CHECK: hip.gelu %arg0, %arg0 {approximate = "tanh"} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK: hip.leaky_relu %arg0, %arg0 {alpha = 2.000000e-01 : f32} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK: hip.neg %arg1, %arg1 : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
// CHECK: hip.cast %arg0, %arg2 {to = f16} : (tensor<?x4xf32>, tensor<?x4xf16>) -> tensor<?x4xf16>
// GENERIC: "hip.cast"(%arg0, %arg2) <{to = f16}> : (tensor<?x4xf32>, tensor<?x4xf16>) -> tensor<?x4xf16>
// CHECK: hip.hard_sigmoid %arg0, %arg0 {alpha = 5.000000e-01 : f32, beta = 6.000000e-01 : f32} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// GENERIC: "hip.hard_sigmoid"(%arg0, %arg0) <{alpha = 5.000000e-01 : f32, beta = 6.000000e-01 : f32}> : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @unary(%x: tensor<?x4xf32>, %i: tensor<3xi8>, %h: tensor<?x4xf16>) {
  %0 = hip.neg %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = hip.abs %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = hip.sign %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %3 = hip.exp %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %4 = hip.log %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = hip.sqrt %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %6 = hip.reciprocal %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %7 = hip.sigmoid %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %8 = hip.tanh %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %9 = hip.erf %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %10 = hip.sin %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %11 = hip.cos %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %12 = hip.ceil %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %13 = hip.floor %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %14 = hip.round %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %15 = hip.softplus %x, %x : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %16 = hip.gelu %x, %x {approximate = "tanh"} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %17 = hip.leaky_relu %x, %x {alpha = 0.2 : f32} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %18 = hip.neg %i, %i : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %19 = hip.cast %x, %h {to = f16} : (tensor<?x4xf32>, tensor<?x4xf16>) -> tensor<?x4xf16>
  %20 = hip.hard_sigmoid %x, %x {alpha = 0.5 : f32, beta = 0.6 : f32} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}

// -----

// where broadcasts all three operands; clip takes typed bounds.
// CHECK-LABEL: func.func @select
// CHECK: hip.where %arg0, %arg1, %arg2, %arg3 : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: hip.clip %arg1, %arg4 {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// GENERIC: "hip.clip"(%arg1, %arg4) <{max = 6.000000e+00 : f32, min = 0.000000e+00 : f32}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: hip.clip %arg5, %arg5 {min = 0 : i32} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
// CHECK: hip.clip %arg5, %arg5 : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
func.func @select(%c: tensor<2x1xi1>, %x: tensor<3xf32>, %y: tensor<f32>, %init: tensor<2x3xf32>, %init3: tensor<3xf32>,
                  %i: tensor<?xi32>) {
  %0 = hip.where %c, %x, %y, %init : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hip.clip %x, %init3 {min = 0.0 : f32, max = 6.0 : f32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = hip.clip %i, %i {min = 0 : i32} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %3 = hip.clip %i, %i : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return
}
