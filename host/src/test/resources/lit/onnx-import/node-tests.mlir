// Golden imports of a few ONNX backend node tests: the op, its operands and attributes, and the
// signature come from the models (see each test's MANIFEST.tsv row).

// RUN: hip-onnx-import %shared/onnx-node-tests/test_add/model.onnx | FileCheck %s --check-prefix=ADD
// ADD: module attributes {{{.*}}onnx.opset_import = {"" = 14 : i64}
// ADD: func.func @main_graph(%arg0: tensor<3x4x5xf32> {onnx.name = "x"}, %arg1: tensor<3x4x5xf32> {onnx.name = "y"}) -> (tensor<3x4x5xf32> {onnx.name = "sum"})
// ADD-NEXT: %0 = "onnx.Add"(%arg0, %arg1) : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
// ADD-NEXT: return %0 : tensor<3x4x5xf32>

// An omitted optional input (Clip's min) is an onnx.NoValue, so positions are kept.
// RUN: hip-onnx-import %shared/onnx-node-tests/test_clip_default_max/model.onnx | FileCheck %s --check-prefix=CLIP
// CLIP: %[[NONE:.*]] = "onnx.NoValue"() : () -> none
// CLIP-NEXT: "onnx.Clip"(%arg0, %[[NONE]], %arg1)

// Attributes: ints as array<i64>, strings, ints.
// RUN: hip-onnx-import %shared/onnx-node-tests/test_maxpool_2d_pads/model.onnx | FileCheck %s --check-prefix=POOL
// POOL: "onnx.MaxPool"(%arg0) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 2, 2, 2, 2>}

// A Constant node's tensor attribute becomes dense elements.
// RUN: hip-onnx-import %shared/onnx-node-tests/test_constant/model.onnx | FileCheck %s --check-prefix=CONST
// CONST: "onnx.Constant"() {value = dense<{{.*}}> : tensor<5x5xf32>}

// The printed import parses and verifies again.
// RUN: hip-onnx-import %shared/onnx-node-tests/test_split_equal_parts_1d_opset18/model.onnx | hip-mlir-opt | FileCheck %s --check-prefix=SPLIT
// SPLIT: %0:3 = "onnx.Split"(%arg0) {axis = 0 : i64, num_outputs = 3 : i64}
