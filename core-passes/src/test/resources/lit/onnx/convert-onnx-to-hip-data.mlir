// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// Reshape with a constant shape: the shape becomes the attribute (0 copies the input dimension).
// CHECK-LABEL: func.func @reshape_const
// CHECK:         hip.reshape %arg0, %{{.*}} {allowzero = false, shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @reshape_const(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
    %s = "onnx.Constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
    %0 = "onnx.Reshape"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x12xf32>
    "onnx.Return"(%0) : (tensor<2x12xf32>) -> ()
  }
}

// -----

// A shape computed at run time is the shape operand; here the ONNX result type is dynamic too
// and its dimensions depend on the shape's values: no destination can be sized, so the op stays.
// CHECK-LABEL: func.func @reshape_runtime
// CHECK:         onnx.Reshape
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @reshape_runtime(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
    %0 = "onnx.Reshape"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
    "onnx.Return"(%0) : (tensor<?x?xf32>) -> ()
  }
}

// -----

// Transpose with and without perm (reversed); a dynamic dimension is sized from the permuted input dimension.
// CHECK-LABEL: func.func @transpose
// CHECK:         hip.transpose %arg0, %{{.*}} {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK:         hip.transpose %arg0, %{{.*}} : (tensor<2x3x4xf32>, tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[D:.*]] = tensor.dim %arg1, %[[C0]]
// CHECK:         %[[E:.*]] = tensor.empty(%[[D]]) : tensor<3x?xf32>
// CHECK:         hip.transpose %arg1, %[[E]] {perm = array<i64: 1, 0>} : (tensor<?x3xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @transpose(%x: tensor<2x3x4xf32>, %y: tensor<?x3xf32>) -> (tensor<2x4x3xf32>, tensor<4x3x2xf32>, tensor<3x?xf32>) {
    %0 = "onnx.Transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    %1 = "onnx.Transpose"(%x) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
    %2 = "onnx.Transpose"(%y) {perm = array<i64: 1, 0>} : (tensor<?x3xf32>) -> tensor<3x?xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x4x3xf32>, tensor<4x3x2xf32>, tensor<3x?xf32>) -> ()
  }
}

// -----

// Concat along a negative axis.
// CHECK-LABEL: func.func @concat
// CHECK:         hip.concat %arg0, %arg1, %{{.*}} {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
    %0 = "onnx.Concat"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
    "onnx.Return"(%0) : (tensor<2x8xf32>) -> ()
  }
}

// -----

// Before opset 13 Squeeze and Unsqueeze take 'axes' as an attribute.
// CHECK-LABEL: func.func @squeeze11
// CHECK:         hip.squeeze %arg0, %{{.*}} {axes = array<i64: 0>} : (tensor<1x3x1xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
// CHECK:         hip.squeeze %arg0, %{{.*}} : (tensor<1x3x1xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK:         hip.unsqueeze %arg0, %{{.*}} {axes = array<i64: 0, 4>} : (tensor<1x3x1xf32>, tensor<1x1x3x1x1xf32>) -> tensor<1x1x3x1x1xf32>
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @squeeze11(%x: tensor<1x3x1xf32>) -> (tensor<3x1xf32>, tensor<3xf32>, tensor<1x1x3x1x1xf32>) {
    %0 = "onnx.Squeeze"(%x) {axes = array<i64: 0>} : (tensor<1x3x1xf32>) -> tensor<3x1xf32>
    %1 = "onnx.Squeeze"(%x) : (tensor<1x3x1xf32>) -> tensor<3xf32>
    %2 = "onnx.Unsqueeze"(%x) {axes = array<i64: 0, 4>} : (tensor<1x3x1xf32>) -> tensor<1x1x3x1x1xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<3x1xf32>, tensor<3xf32>, tensor<1x1x3x1x1xf32>) -> ()
  }
}

// -----

// From opset 13 'axes' is an input: constant, the attribute; computed at run time, an operand
// (convert-onnx-to-hip-parameters.mlir), but with a dynamic ONNX result type the op stays.
// CHECK-LABEL: func.func @squeeze13
// CHECK:         hip.squeeze %arg0, %{{.*}} {axes = array<i64: -1>} : (tensor<1x3x1xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK:         hip.unsqueeze %arg0, %{{.*}} {axes = array<i64: 1>} : (tensor<1x3x1xf32>, tensor<1x1x3x1xf32>) -> tensor<1x1x3x1xf32>
// CHECK:         onnx.Unsqueeze
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @squeeze13(%x: tensor<1x3x1xf32>, %axes: tensor<1xi64>) -> (tensor<1x3xf32>, tensor<1x1x3x1xf32>, tensor<?x?x?x?xf32>) {
    %a = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
    %b = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
    %0 = "onnx.Squeeze"(%x, %a) : (tensor<1x3x1xf32>, tensor<1xi64>) -> tensor<1x3xf32>
    %1 = "onnx.Unsqueeze"(%x, %b) : (tensor<1x3x1xf32>, tensor<1xi64>) -> tensor<1x1x3x1xf32>
    %2 = "onnx.Unsqueeze"(%x, %axes) : (tensor<1x3x1xf32>, tensor<1xi64>) -> tensor<?x?x?x?xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<1x3xf32>, tensor<1x1x3x1xf32>, tensor<?x?x?x?xf32>) -> ()
  }
}

// -----

// Flatten (axis 1 by default, 0 gives a leading 1).
// CHECK-LABEL: func.func @flatten
// CHECK:         hip.flatten %arg0, %{{.*}} {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x12xf32>) -> tensor<2x12xf32>
// CHECK:         hip.flatten %arg0, %{{.*}} {axis = 0 : i64} : (tensor<2x3x4xf32>, tensor<1x24xf32>) -> tensor<1x24xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @flatten(%x: tensor<2x3x4xf32>) -> (tensor<2x12xf32>, tensor<1x24xf32>) {
    %0 = "onnx.Flatten"(%x) : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
    %1 = "onnx.Flatten"(%x) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
    "onnx.Return"(%0, %1) : (tensor<2x12xf32>, tensor<1x24xf32>) -> ()
  }
}

// -----

// Gather replaces the axis by the indices' shape; GatherElements has the indices' shape;
// GatherND with batch_dims 0 and full-rank index tuples gives the indices' leading shape.
// CHECK-LABEL: func.func @gather
// CHECK:         hip.gather %arg0, %arg1, %{{.*}} {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>, tensor<2x5x4xf32>) -> tensor<2x5x4xf32>
// CHECK:         hip.gather_elements %arg0, %arg2, %{{.*}} {axis = 0 : i64} : (tensor<2x3x4xf32>, tensor<1x3x4xi64>, tensor<1x3x4xf32>) -> tensor<1x3x4xf32>
// CHECK:         hip.gather_nd %arg0, %arg3, %{{.*}} {batch_dims = 0 : i64} : (tensor<2x3x4xf32>, tensor<5x3xi64>, tensor<5xf32>) -> tensor<5xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @gather(%x: tensor<2x3x4xf32>, %i: tensor<5xi64>, %j: tensor<1x3x4xi64>, %k: tensor<5x3xi64>) -> (tensor<2x5x4xf32>, tensor<1x3x4xf32>, tensor<5xf32>) {
    %0 = "onnx.Gather"(%x, %i) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x5x4xf32>
    %1 = "onnx.GatherElements"(%x, %j) : (tensor<2x3x4xf32>, tensor<1x3x4xi64>) -> tensor<1x3x4xf32>
    %2 = "onnx.GatherND"(%x, %k) : (tensor<2x3x4xf32>, tensor<5x3xi64>) -> tensor<5xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x5x4xf32>, tensor<1x3x4xf32>, tensor<5xf32>) -> ()
  }
}

// -----

// Expand broadcasts bidirectionally with the constant shape; Tile multiplies each dimension.
// CHECK-LABEL: func.func @expand_tile
// CHECK:         hip.expand %arg0, %{{.*}} {shape = array<i64: 2, 1, 1>} : (tensor<3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK:         hip.tile %arg0, %{{.*}} {repeats = array<i64: 2, 4>} : (tensor<3x1xf32>, tensor<6x4xf32>) -> tensor<6x4xf32>
// CHECK:         onnx.Tile
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @expand_tile(%x: tensor<3x1xf32>, %r: tensor<2xi64>) -> (tensor<2x3x1xf32>, tensor<6x4xf32>, tensor<?x?xf32>) {
    %s = "onnx.Constant"() {value = dense<[2, 1, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
    %t = "onnx.Constant"() {value = dense<[2, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %0 = "onnx.Expand"(%x, %s) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x1xf32>
    %1 = "onnx.Tile"(%x, %t) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<6x4xf32>
    %2 = "onnx.Tile"(%x, %r) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<?x?xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x3x1xf32>, tensor<6x4xf32>, tensor<?x?xf32>) -> ()
  }
}

// -----

// Before opset 10 Slice takes starts, ends and axes as attributes.
// CHECK-LABEL: func.func @slice9
// CHECK:         hip.slice %arg0, %{{.*}} {axes = array<i64: 1>, ends = array<i64: 3>, starts = array<i64: 1>} : (tensor<2x4xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
module attributes {onnx.opset_import = {"" = 9 : i64}} {
  func.func @slice9(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
    %0 = "onnx.Slice"(%x) {axes = array<i64: 1>, ends = array<i64: 3>, starts = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
    "onnx.Return"(%0) : (tensor<2x2xf32>) -> ()
  }
}

// -----

// From opset 10 they are constant inputs, with steps; ends past the dimension clamp.
// CHECK-LABEL: func.func @slice13
// CHECK:         hip.slice %arg0, %{{.*}} {axes = array<i64: 1>, ends = array<i64: 100>, starts = array<i64: 0>, steps = array<i64: 2>} : (tensor<2x4xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @slice13(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
    %st = "onnx.Constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
    %en = "onnx.Constant"() {value = dense<100> : tensor<1xi64>} : () -> tensor<1xi64>
    %ax = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
    %sp = "onnx.Constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
    %0 = "onnx.Slice"(%x, %st, %en, %ax, %sp) : (tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x2xf32>
    "onnx.Return"(%0) : (tensor<2x2xf32>) -> ()
  }
}

// -----

// Shape (start/end from opset 15) and Size.
// CHECK-LABEL: func.func @shape15
// CHECK:         hip.shape %arg0, %{{.*}} : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<3xi64>
// CHECK:         hip.shape %arg0, %{{.*}} {end = -1 : i64, start = 1 : i64} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:         hip.size %arg0, %{{.*}} : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<i64>
module attributes {onnx.opset_import = {"" = 15 : i64}} {
  func.func @shape15(%x: tensor<2x3x4xf32>) -> (tensor<3xi64>, tensor<1xi64>, tensor<i64>) {
    %0 = "onnx.Shape"(%x) : (tensor<2x3x4xf32>) -> tensor<3xi64>
    %1 = "onnx.Shape"(%x) {end = -1 : i64, start = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<1xi64>
    %2 = "onnx.Size"(%x) : (tensor<2x3x4xf32>) -> tensor<i64>
    "onnx.Return"(%0, %1, %2) : (tensor<3xi64>, tensor<1xi64>, tensor<i64>) -> ()
  }
}

// -----

// Dynamic dimensions that reshape (a 0 copies), concat (off the axis) and unsqueeze (around the
// new axes) carry over from the first input are sized with tensor.dim of it.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[D0:.*]] = tensor.dim %arg0, %[[C0]]
// CHECK:         %[[E0:.*]] = tensor.empty(%[[D0]]) : tensor<?x12xf32>
// CHECK:         hip.reshape %arg0, %[[E0]] {allowzero = false, shape = array<i64: 0, 12>} : (tensor<?x3x4xf32>, tensor<?x12xf32>) -> tensor<?x12xf32>
// CHECK:         tensor.dim %arg0
// CHECK:         hip.concat %arg0, %arg0, %{{.*}} {axis = 1 : i64} : (tensor<?x3x4xf32>, tensor<?x3x4xf32>, tensor<?x6x4xf32>) -> tensor<?x6x4xf32>
// CHECK:         %[[C00:.*]] = arith.constant 0 : index
// CHECK:         %[[D2:.*]] = tensor.dim %arg0, %[[C00]]
// CHECK:         %[[E2:.*]] = tensor.empty(%[[D2]]) : tensor<1x?x3x4xf32>
// CHECK:         hip.unsqueeze %arg0, %[[E2]] {axes = array<i64: 0>}
// CHECK:         onnx.Reshape
module attributes {onnx.opset_import = {"" = 11 : i64}} {
  func.func @dynamic_batch(%x: tensor<?x3x4xf32>) -> (tensor<?x12xf32>, tensor<?x6x4xf32>, tensor<1x?x3x4xf32>, tensor<?x4xf32>) {
    %s = "onnx.Constant"() {value = dense<[0, 12]> : tensor<2xi64>} : () -> tensor<2xi64>
    %t = "onnx.Constant"() {value = dense<[-1, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
    %0 = "onnx.Reshape"(%x, %s) : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
    %1 = "onnx.Concat"(%x, %x) {axis = 1 : i64} : (tensor<?x3x4xf32>, tensor<?x3x4xf32>) -> tensor<?x6x4xf32>
    %2 = "onnx.Unsqueeze"(%x) {axes = array<i64: 0>} : (tensor<?x3x4xf32>) -> tensor<1x?x3x4xf32>
    %3 = "onnx.Reshape"(%x, %t) : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
    "onnx.Return"(%0, %1, %2, %3) : (tensor<?x12xf32>, tensor<?x6x4xf32>, tensor<1x?x3x4xf32>, tensor<?x4xf32>) -> ()
  }
}

// -----

// Flatten keeps a dynamic batch (the dimensions folded into it are 1 or none); squeeze, slice and
// pad keep the dimensions they do not touch. A flatten that multiplies the dynamic dimension by
// known ones is not traced and stays.
// CHECK-LABEL: func.func @dynamic_batch_reshaping
// CHECK:         %[[D0:.*]] = tensor.dim %arg0, %{{.*}}
// CHECK:         %[[E0:.*]] = tensor.empty(%[[D0]]) : tensor<?x64xf32>
// CHECK:         hip.flatten %arg0, %[[E0]] {axis = 1 : i64} : (tensor<?x4x4x4xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
// CHECK:         %[[D1:.*]] = tensor.dim %arg1, %{{.*}}
// CHECK:         %[[E1:.*]] = tensor.empty(%[[D1]]) : tensor<?x5xf32>
// CHECK:         hip.squeeze %arg1, %[[E1]] {axes = array<i64: 1>}
// CHECK:         %[[D2:.*]] = tensor.dim %arg0, %{{.*}}
// CHECK:         %[[E2:.*]] = tensor.empty(%[[D2]]) : tensor<?x4x2x4xf32>
// CHECK:         hip.slice %arg0, %[[E2]]
// CHECK:         %[[D3:.*]] = tensor.dim %arg0, %{{.*}}
// CHECK:         %[[E3:.*]] = tensor.empty(%[[D3]]) : tensor<?x4x6x4xf32>
// CHECK:         hip.pad %arg0, %[[E3]]
// CHECK:         "onnx.Flatten"(%arg0) {axis = 2 : i64}
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @dynamic_batch_reshaping(%x: tensor<?x4x4x4xf32>, %y: tensor<?x1x5xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
    %axes = "onnx.Constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %starts = "onnx.Constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
    %ends = "onnx.Constant"() {value = dense<[3]> : tensor<1xi64>} : () -> tensor<1xi64>
    %sax = "onnx.Constant"() {value = dense<[2]> : tensor<1xi64>} : () -> tensor<1xi64>
    %pads = "onnx.Constant"() {value = dense<[0, 0, 1, 0, 0, 0, 1, 0]> : tensor<8xi64>} : () -> tensor<8xi64>
    %0 = "onnx.Flatten"(%x) {axis = 1 : i64} : (tensor<?x4x4x4xf32>) -> tensor<*xf32>
    %1 = "onnx.Squeeze"(%y, %axes) : (tensor<?x1x5xf32>, tensor<1xi64>) -> tensor<*xf32>
    %2 = "onnx.Slice"(%x, %starts, %ends, %sax) : (tensor<?x4x4x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
    %3 = "onnx.Pad"(%x, %pads) : (tensor<?x4x4x4xf32>, tensor<8xi64>) -> tensor<*xf32>
    %4 = "onnx.Flatten"(%x) {axis = 2 : i64} : (tensor<?x4x4x4xf32>) -> tensor<*xf32>
    "onnx.Return"(%0, %1, %2, %3, %4) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  }
}

// -----

// Reshape's -1 is the input's one dynamic dimension when the other dimensions hold as many
// elements as the target's known entries (the depth-to-space idiom of super-resolution); with
// a different count it is not provably that dimension and the op stays.
// CHECK-LABEL: func.func @reshape_inferred_dim
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %[[C0]]
// CHECK:         %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x1x3x3x4x4xf32>
// CHECK:         hip.reshape %arg0, %[[E]] {allowzero = false, shape = array<i64: -1, 1, 3, 3, 4, 4>}
// CHECK:         onnx.Reshape
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @reshape_inferred_dim(%x: tensor<?x9x4x4xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
    %s = "onnx.Constant"() {value = dense<[-1, 1, 3, 3, 4, 4]> : tensor<6xi64>} : () -> tensor<6xi64>
    %0 = "onnx.Reshape"(%x, %s) : (tensor<?x9x4x4xf32>, tensor<6xi64>) -> tensor<*xf32>
    %t = "onnx.Constant"() {value = dense<[-1, 3, 4, 4]> : tensor<4xi64>} : () -> tensor<4xi64>
    %1 = "onnx.Reshape"(%x, %t) : (tensor<?x9x4x4xf32>, tensor<4xi64>) -> tensor<*xf32>
    "onnx.Return"(%0, %1) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }
}

// -----

// i32 index tensors and i32 integer parameter operands are cast to i64 before the op: the kernel
// ABI passes them as i64. (The slice's result is sized from its declared type: its parameters
// are only known at run time.)
// CHECK-LABEL: func.func @i32_indices
// CHECK:         %[[I:.*]] = hip.cast %arg1, %{{.*}} {to = i64} : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi64>
// CHECK:         hip.gather %arg0, %[[I]], %{{.*}} {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[S:.*]] = hip.cast %arg2, %{{.*}} {to = i64} : (tensor<1xi32>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:         %[[E:.*]] = hip.cast %arg3, %{{.*}} {to = i64} : (tensor<1xi32>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:         hip.slice %arg0, %[[S]], %[[E]], %{{.*}}
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @i32_indices(%x: tensor<5x3xf32>, %i: tensor<2xi32>, %s: tensor<1xi32>, %e: tensor<1xi32>) -> (tensor<2x3xf32>, tensor<1x3xf32>) {
    %0 = "onnx.Gather"(%x, %i) {axis = 0 : i64} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    %1 = "onnx.Slice"(%x, %s, %e) : (tensor<5x3xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1x3xf32>
    "onnx.Return"(%0, %1) : (tensor<2x3xf32>, tensor<1x3xf32>) -> ()
  }
}
