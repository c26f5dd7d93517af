// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

// Valid IR whose verification depends on the opset: each case must verify without a
// diagnostic. The schema in force is the newest with since-version <= the module's opset.

// Clip takes its bounds as attributes up to opset 10 and as optional inputs from 11.
module attributes {onnx.opset_import = {"" = 6 : i64}} {
  func.func @clip6(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "onnx.Clip"(%x) {max = 6.0 : f32, min = 0.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
    "onnx.Return"(%0) : (tensor<4xf32>) -> ()
  }
}

// -----

module attributes {onnx.opset_import = {"" = 12 : i64}} {
  func.func @clip12(%x: tensor<4xi32>, %hi: tensor<i32>) -> tensor<4xi32> {
    %n = "onnx.NoValue"() : () -> none
    %0 = "onnx.Clip"(%x, %n, %hi) : (tensor<4xi32>, none, tensor<i32>) -> tensor<4xi32>
    "onnx.Return"(%0) : (tensor<4xi32>) -> ()
  }
}

// -----

// Softmax-1 (opset 9, as in SqueezeNet), Dropout-7 with a mask of the input type,
// BatchNormalization-9, Upsample-9 with a scales input.
module attributes {onnx.opset_import = {"" = 9 : i64}} {
  func.func @opset9(%x: tensor<1x2x2x2xf32>, %c: tensor<2xf32>, %s: tensor<4xf32>) {
    %0 = "onnx.Softmax"(%x) {axis = 1 : i64} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    %1:2 = "onnx.Dropout"(%0) {ratio = 0.5 : f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>)
    %2 = "onnx.BatchNormalization"(%1#0, %c, %c, %c, %c) {epsilon = 1.0e-5 : f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
    %3 = "onnx.Upsample"(%2, %s) {mode = "nearest"} : (tensor<1x2x2x2xf32>, tensor<4xf32>) -> tensor<1x2x4x4xf32>
    return
  }
}

// -----

// Squeeze, ReduceMean: axes attributes at 11; ReduceSum takes axes as an input from 13.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @axes13(%x: tensor<1x4xf32>, %axes: tensor<1xi64>) {
    %0 = "onnx.Squeeze"(%x, %axes) : (tensor<1x4xf32>, tensor<1xi64>) -> tensor<4xf32>
    %1 = "onnx.ReduceSum"(%x, %axes) {keepdims = 0 : i64, noop_with_empty_axes = 0 : i64} : (tensor<1x4xf32>, tensor<1xi64>) -> tensor<4xf32>
    %2 = "onnx.ReduceMean"(%x) {axes = array<i64: 0>, keepdims = 0 : i64} : (tensor<1x4xf32>) -> tensor<4xf32>
    return
  }
}

// -----

module attributes {onnx.opset_import = {"" = 18 : i64}} {
  func.func @opset18(%x: tensor<1x4xf32>, %axes: tensor<1xi64>) {
    %0 = "onnx.ReduceMean"(%x, %axes) : (tensor<1x4xf32>, tensor<1xi64>) -> tensor<1x1xf32>
    %1:2 = "onnx.Split"(%x) {axis = 1 : i64, num_outputs = 2 : i64} : (tensor<1x4xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
    return
  }
}

// -----

// Without onnx.opset_import the newest schemas apply: Gelu (20) and Attention-24's 7th input.
func.func @newest(%q: tensor<1x2x4x8xf32>, %kv: tensor<1x2x6x8xf32>, %lens: tensor<1xi64>) {
  %n = "onnx.NoValue"() : () -> none
  %0 = "onnx.Gelu"(%q) {approximate = "tanh"} : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %1 = "onnx.Attention"(%0, %kv, %kv, %n, %n, %n, %lens) {is_causal = 1 : i64} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, none, none, none, tensor<1xi64>) -> tensor<1x2x4x8xf32>
  return
}

// -----

// A domain absent from the imports also gets its newest schemas; "ai.onnx" names the default domain.
module attributes {onnx.opset_import = {"ai.onnx" = 14 : i64}} {
  func.func @domains(%x: tensor<4xi32>, %f: tensor<4xf32>) {
    %0 = "onnx.Relu"(%x) : (tensor<4xi32>) -> tensor<4xi32>
    %1 = "onnx.com.microsoft.FastGelu"(%f) : (tensor<4xf32>) -> tensor<4xf32>
    return
  }
}

// -----

// Op types without a schema verify unchecked, whatever their operands and attributes.
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @unknown(%x: tensor<4xf32>) {
    %0 = "onnx.FancyNewOp"(%x, %x) {anything = "goes"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "onnx.com.vendor.Fused"(%0) : (tensor<4xf32>) -> i32
    return
  }
}

// -----

// uint8 may be spelled ui8 or signless i8; sequences and optionals where the constraint allows them.
module attributes {onnx.opset_import = {"" = 16 : i64}} {
  func.func @types(%a: tensor<1x1x4x4xui8>, %b: tensor<1x1x4x4xi8>, %s: !onnx.seq<tensor<?xf32>>,
                   %o: !onnx.opt<!onnx.seq<tensor<?xf32>>>, %i: tensor<i64>) {
    %0 = "onnx.MaxPool"(%a) {kernel_shape = array<i64: 2, 2>} : (tensor<1x1x4x4xui8>) -> tensor<1x1x3x3xui8>
    %1 = "onnx.MaxPool"(%b) {kernel_shape = array<i64: 2, 2>} : (tensor<1x1x4x4xi8>) -> tensor<1x1x3x3xi8>
    %2 = "onnx.Identity"(%s) : (!onnx.seq<tensor<?xf32>>) -> !onnx.seq<tensor<?xf32>>
    %3 = "onnx.Identity"(%o) : (!onnx.opt<!onnx.seq<tensor<?xf32>>>) -> !onnx.opt<!onnx.seq<tensor<?xf32>>>
    %4 = "onnx.SequenceAt"(%s, %i) : (!onnx.seq<tensor<?xf32>>, tensor<i64>) -> tensor<?xf32>
    %5 = "onnx.OptionalHasElement"(%o) : (!onnx.opt<!onnx.seq<tensor<?xf32>>>) -> tensor<i1>
    return
  }
}
