// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// ONNX parameter inputs computed at run time (graph inputs here) become parameter operands of
// the hip op, after its data inputs and before its destinations; the destination takes the
// static ONNX result type. Reductions: with keepdims the rank stays, without it is
// r - len(axes); an empty axes operand with noop_with_empty_axes keeps the input.
// CHECK-LABEL: func.func @reduce_runtime_axes
// CHECK:         hip.reduce_sum %arg0, %arg1, %{{.*}} {keepdims = true} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK:         hip.reduce_sum %arg0, %arg2, %{{.*}} {keepdims = true, noop_with_empty_axes = true} : (tensor<2x3xf32>, tensor<0xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         onnx.ReduceSum
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @reduce_runtime_axes(%x: tensor<2x3xf32>, %axes: tensor<1xi64>, %none: tensor<0xi64>) -> (tensor<2x1xf32>, tensor<2x3xf32>, tensor<?x?xf32>) {
    %0 = "onnx.ReduceSum"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1xf32>
    %1 = "onnx.ReduceSum"(%x, %none) {noop_with_empty_axes = 1 : i64} : (tensor<2x3xf32>, tensor<0xi64>) -> tensor<2x3xf32>
    // A dynamic result dimension has no provable source (it depends on the axes' values): stays.
    %2 = "onnx.ReduceSum"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x1xf32>, tensor<2x3xf32>, tensor<?x?xf32>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @reduce18_no_keepdims
// CHECK:         hip.reduce_max %arg0, %arg1, %{{.*}} {keepdims = false} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<3xf32>) -> tensor<3xf32>
module attributes {onnx.opset_import = {"" = 18 : i64}} {
  func.func @reduce18_no_keepdims(%x: tensor<2x3x4xf32>, %axes: tensor<2xi64>) -> tensor<3xf32> {
    %0 = "onnx.ReduceMax"(%x, %axes) {keepdims = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3xf32>
    "onnx.Return"(%0) : (tensor<3xf32>) -> ()
  }
}

// -----

// Slice: every run-time input is an operand, in the order starts, ends, axes, steps; a
// constant one stays an attribute. Run-time steps without axes get the default axes [0, n).
// CHECK-LABEL: func.func @slice_runtime
// CHECK:         hip.slice %arg0, %arg1, %arg2, %arg3, %arg4, %{{.*}} : (tensor<20x10x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<3x10x5xf32>) -> tensor<3x10x5xf32>
// CHECK:         hip.slice %arg0, %arg1, %{{.*}} {axes = array<i64: 0, 1>, ends = array<i64: 3, 10>} : (tensor<20x10x5xf32>, tensor<2xi64>, tensor<3x10x5xf32>) -> tensor<3x10x5xf32>
// CHECK:         hip.slice %arg0, %arg4, %{{.*}} {axes = array<i64: 0, 1>, ends = array<i64: 3, 10>, starts = array<i64: 0, 0>} : (tensor<20x10x5xf32>, tensor<2xi64>, tensor<3x10x5xf32>) -> tensor<3x10x5xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @slice_runtime(%x: tensor<20x10x5xf32>, %starts: tensor<2xi64>, %ends: tensor<2xi64>, %axes: tensor<2xi64>, %steps: tensor<2xi64>) -> (tensor<3x10x5xf32>, tensor<3x10x5xf32>, tensor<3x10x5xf32>) {
    %0 = "onnx.Slice"(%x, %starts, %ends, %axes, %steps) : (tensor<20x10x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x10x5xf32>
    %e = "onnx.Constant"() {value = dense<[3, 10]> : tensor<2xi64>} : () -> tensor<2xi64>
    %a = "onnx.Constant"() {value = dense<[0, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %1 = "onnx.Slice"(%x, %starts, %e, %a) : (tensor<20x10x5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x10x5xf32>
    %s = "onnx.Constant"() {value = dense<[0, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
    %n = "onnx.NoValue"() : () -> none
    %2 = "onnx.Slice"(%x, %s, %e, %n, %steps) : (tensor<20x10x5xf32>, tensor<2xi64>, tensor<2xi64>, none, tensor<2xi64>) -> tensor<3x10x5xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<3x10x5xf32>, tensor<3x10x5xf32>, tensor<3x10x5xf32>) -> ()
  }
}

// -----

// Squeeze and Unsqueeze with run-time axes (the rank changes by their static length).
// CHECK-LABEL: func.func @squeeze_runtime
// CHECK:         hip.unsqueeze %arg0, %arg1, %{{.*}} : (tensor<3x4xf32>, tensor<2xi64>, tensor<1x3x4x1xf32>) -> tensor<1x3x4x1xf32>
// CHECK:         hip.squeeze %arg2, %arg3, %{{.*}} : (tensor<1x3x1xf32>, tensor<1xi64>, tensor<3x1xf32>) -> tensor<3x1xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @squeeze_runtime(%x: tensor<3x4xf32>, %axes: tensor<2xi64>, %y: tensor<1x3x1xf32>, %one: tensor<1xi64>) -> (tensor<1x3x4x1xf32>, tensor<3x1xf32>) {
    %0 = "onnx.Unsqueeze"(%x, %axes) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
    %1 = "onnx.Squeeze"(%y, %one) : (tensor<1x3x1xf32>, tensor<1xi64>) -> tensor<3x1xf32>
    "onnx.Return"(%0, %1) : (tensor<1x3x4x1xf32>, tensor<3x1xf32>) -> ()
  }
}

// -----

// CumSum's axis and Trilu's k at run time keep the data's shape, dynamic dimensions included; an
// i32 axis reaches the op as i64 (the kernel ABI's width).
// CHECK-LABEL: func.func @cumsum_trilu_runtime
// CHECK:         %[[AX:.*]] = hip.cast %arg1, %{{.*}} {to = i64} : (tensor<i32>, tensor<i64>) -> tensor<i64>
// CHECK:         hip.cumsum %arg0, %[[AX]], %{{.*}} {exclusive = false, reverse = false} : (tensor<2x3xf32>, tensor<i64>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[D:.*]] = tensor.dim %arg2
// CHECK:         %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x5xf32>
// CHECK:         hip.trilu %arg2, %arg3, %[[E]] {upper = false} : (tensor<?x5xf32>, tensor<i64>, tensor<?x5xf32>) -> tensor<?x5xf32>
module attributes {onnx.opset_import = {"" = 14 : i64}} {
  func.func @cumsum_trilu_runtime(%x: tensor<2x3xf32>, %axis: tensor<i32>, %m: tensor<?x5xf32>, %k: tensor<i64>) -> (tensor<2x3xf32>, tensor<?x5xf32>) {
    %0 = "onnx.CumSum"(%x, %axis) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
    %1 = "onnx.Trilu"(%m, %k) {upper = 0 : i64} : (tensor<?x5xf32>, tensor<i64>) -> tensor<?x5xf32>
    "onnx.Return"(%0, %1) : (tensor<2x3xf32>, tensor<?x5xf32>) -> ()
  }
}

// -----

// TopK's k at run time.
// CHECK-LABEL: func.func @topk_runtime
// CHECK:         hip.topk %arg0, %arg1, %{{.*}}, %{{.*}} {axis = 1 : i64, largest = true, sorted = true} : (tensor<3x4xf32>, tensor<1xi64>, tensor<3x3xf32>, tensor<3x3xi64>) -> (tensor<3x3xf32>, tensor<3x3xi64>)
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @topk_runtime(%x: tensor<3x4xf32>, %k: tensor<1xi64>) -> (tensor<3x3xf32>, tensor<3x3xi64>) {
    %0:2 = "onnx.TopK"(%x, %k) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<3x3xf32>, tensor<3x3xi64>)
    "onnx.Return"(%0#0, %0#1) : (tensor<3x3xf32>, tensor<3x3xi64>) -> ()
  }
}

// -----

// Resize with run-time scales or sizes; the omitted roi/scales (onnx.NoValue) go.
// CHECK-LABEL: func.func @resize_runtime
// CHECK-NOT:     onnx.NoValue
// CHECK:         hip.resize %arg0, %arg1, %{{.*}} {{{.*}}mode = "nearest"{{.*}}} : (tensor<1x1x2x2xf32>, tensor<4xf32>, tensor<1x1x4x6xf32>) -> tensor<1x1x4x6xf32>
// CHECK:         hip.resize %arg0, %arg2, %{{.*}} {{{.*}}} : (tensor<1x1x2x2xf32>, tensor<4xi64>, tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @resize_runtime(%x: tensor<1x1x2x2xf32>, %scales: tensor<4xf32>, %sizes: tensor<4xi64>) -> (tensor<1x1x4x6xf32>, tensor<1x1x3x3xf32>) {
    %n = "onnx.NoValue"() : () -> none
    %0 = "onnx.Resize"(%x, %n, %scales) : (tensor<1x1x2x2xf32>, none, tensor<4xf32>) -> tensor<1x1x4x6xf32>
    %1 = "onnx.Resize"(%x, %n, %n, %sizes) : (tensor<1x1x2x2xf32>, none, none, tensor<4xi64>) -> tensor<1x1x3x3xf32>
    "onnx.Return"(%0, %1) : (tensor<1x1x4x6xf32>, tensor<1x1x3x3xf32>) -> ()
  }
}

// -----

// Pad: run-time pads, value and axes are operands in the order pads, axes, value; a run-time
// value without axes gets every axis as the 'axes' attribute (so that the operands match up).
// CHECK-LABEL: func.func @pad_runtime
// CHECK:         hip.pad %arg0, %arg1, %arg2, %{{.*}} {axes = array<i64: 0, 1, 2>, mode = "constant"} : (tensor<1x3x4xf32>, tensor<6xi64>, tensor<f32>, tensor<1x3x7xf32>) -> tensor<1x3x7xf32>
// CHECK:         hip.pad %arg0, %arg1, %{{.*}} {mode = "edge"} : (tensor<1x3x4xf32>, tensor<6xi64>, tensor<1x3x7xf32>) -> tensor<1x3x7xf32>
// CHECK:         hip.pad %arg0, %arg3, %arg4, %arg2, %{{.*}} {mode = "constant"} : (tensor<1x3x4xf32>, tensor<4xi64>, tensor<2xi64>, tensor<f32>, tensor<1x5x7xf32>) -> tensor<1x5x7xf32>
// CHECK:         hip.pad %arg0, %arg2, %{{.*}} {axes = array<i64: 0, 1, 2>, mode = "constant", pads = array<i64: 0, 0, 1, 0, 0, 2>} : (tensor<1x3x4xf32>, tensor<f32>, tensor<1x3x7xf32>) -> tensor<1x3x7xf32>
module attributes {onnx.opset_import = {"" = 18 : i64}} {
  func.func @pad_runtime(%x: tensor<1x3x4xf32>, %pads: tensor<6xi64>, %v: tensor<f32>, %p2: tensor<4xi64>, %axes: tensor<2xi64>) -> (tensor<1x3x7xf32>, tensor<1x3x7xf32>, tensor<1x5x7xf32>, tensor<1x3x7xf32>) {
    %0 = "onnx.Pad"(%x, %pads, %v) : (tensor<1x3x4xf32>, tensor<6xi64>, tensor<f32>) -> tensor<1x3x7xf32>
    %1 = "onnx.Pad"(%x, %pads) {mode = "edge"} : (tensor<1x3x4xf32>, tensor<6xi64>) -> tensor<1x3x7xf32>
    %2 = "onnx.Pad"(%x, %p2, %v, %axes) : (tensor<1x3x4xf32>, tensor<4xi64>, tensor<f32>, tensor<2xi64>) -> tensor<1x5x7xf32>
    %c = "onnx.Constant"() {value = dense<[0, 0, 1, 0, 0, 2]> : tensor<6xi64>} : () -> tensor<6xi64>
    %3 = "onnx.Pad"(%x, %c, %v) : (tensor<1x3x4xf32>, tensor<6xi64>, tensor<f32>) -> tensor<1x3x7xf32>
    "onnx.Return"(%0, %1, %2, %3) : (tensor<1x3x7xf32>, tensor<1x3x7xf32>, tensor<1x5x7xf32>, tensor<1x3x7xf32>) -> ()
  }
}

// -----

// ConstantOfShape, Split, Tile and Expand with run-time shapes, sizes and repeats.
// CHECK-LABEL: func.func @shapes_runtime
// CHECK:         hip.fill %arg0, %{{.*}} {value = 1.000000e+00 : f32} : (tensor<3xi64>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         hip.split %arg1, %arg2, %{{.*}}, %{{.*}} {axis = 0 : i64} : (tensor<6xf32>, tensor<2xi64>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
// CHECK:         hip.tile %arg3, %arg4, %{{.*}} : (tensor<2x3xf32>, tensor<2xi64>, tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK:         hip.expand %arg5, %arg0, %{{.*}} : (tensor<3x1xf32>, tensor<3xi64>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @shapes_runtime(%shape: tensor<3xi64>, %x: tensor<6xf32>, %split: tensor<2xi64>, %t: tensor<2x3xf32>, %repeats: tensor<2xi64>, %e: tensor<3x1xf32>) -> (tensor<2x3x4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4x6xf32>, tensor<2x3x6xf32>) {
    %0 = "onnx.ConstantOfShape"(%shape) {value = dense<1.0> : tensor<1xf32>} : (tensor<3xi64>) -> tensor<2x3x4xf32>
    %1:2 = "onnx.Split"(%x, %split) : (tensor<6xf32>, tensor<2xi64>) -> (tensor<2xf32>, tensor<4xf32>)
    %2 = "onnx.Tile"(%t, %repeats) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x6xf32>
    %3 = "onnx.Expand"(%e, %shape) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
    "onnx.Return"(%0, %1#0, %1#1, %2, %3) : (tensor<2x3x4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4x6xf32>, tensor<2x3x6xf32>) -> ()
  }
}

// -----

// An Identity that simplify-onnx kept for its more precise result type goes once conversion
// gives its input that type (here from an unranked ONNX type); one whose input stays less
// precise stays.
// CHECK-LABEL: func.func @identity_after_refinement
// CHECK:         %[[A:.*]] = hip.abs %arg0, %{{.*}} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[I:.*]] = "onnx.Identity"(%arg1) : (tensor<?x3xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[A]], %[[I]]
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @identity_after_refinement(%x: tensor<2x3xf32>, %y: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    %0 = "onnx.Abs"(%x) : (tensor<2x3xf32>) -> tensor<*xf32>
    %1 = "onnx.Identity"(%0) : (tensor<*xf32>) -> tensor<2x3xf32>
    %2 = "onnx.Identity"(%y) : (tensor<?x3xf32>) -> tensor<2x3xf32>
    "onnx.Return"(%1, %2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }
}

// -----

// A parameter computed from static shapes (Shape, Gather, Concat, Neg and integer Mod, Equal,
// Where, as in expanded functions) is known at conversion: the op takes the static attribute
// form and a result type the ONNX graph left unranked.
// CHECK-LABEL: func.func @shape_arithmetic
// CHECK:         hip.fill %{{.*}} {shape = array<i64: 2, 4, 1>, value = 0.000000e+00 : f32} : (tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
// CHECK:         hip.reshape %arg1, %{{.*}} {allowzero = false, shape = array<i64: 2, 4, 1>} : (tensor<8xf32>, tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
// CHECK-NOT:     onnx.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @shape_arithmetic(%x: tensor<2x3x4xf32>, %y: tensor<8xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
    %s = "onnx.Shape"(%x) : (tensor<2x3x4xf32>) -> tensor<3xi64>
    %i = "onnx.Constant"() {value = dense<[0, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
    %g = "onnx.Gather"(%s, %i) {axis = 0 : i64} : (tensor<3xi64>, tensor<2xi64>) -> tensor<2xi64>
    %m1 = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %one = "onnx.Neg"(%m1) : (tensor<1xi64>) -> tensor<1xi64>
    %two = "onnx.Constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
    %r = "onnx.Mod"(%one, %two) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
    %eq = "onnx.Equal"(%r, %one) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
    %w = "onnx.Where"(%eq, %one, %two) : (tensor<1xi1>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
    %c = "onnx.Concat"(%g, %w) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
    %0 = "onnx.ConstantOfShape"(%c) : (tensor<3xi64>) -> tensor<*xf32>
    %1 = "onnx.Reshape"(%y, %c) : (tensor<8xf32>, tensor<3xi64>) -> tensor<*xf32>
    "onnx.Return"(%0, %1) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }
}
