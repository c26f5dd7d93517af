// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// MatMul and Gemm (int flags become booleans, alpha/beta f32).
// CHECK-LABEL: func.func @linear
// CHECK:         %[[M:.*]] = hip.matmul %arg0, %arg1, %{{.*}} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK:         hip.gemm %[[M]], %arg2, %arg3, %{{.*}} {alpha = 5.000000e-01 : f32, beta = 1.000000e+00 : f32, transA = false, transB = true} : (tensor<2x4xf32>, tensor<5x4xf32>, tensor<5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @linear(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %w: tensor<5x4xf32>, %c: tensor<5xf32>) -> tensor<2x5xf32> {
    %0 = "onnx.MatMul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %1 = "onnx.Gemm"(%0, %w, %c) {alpha = 0.5 : f32, transB = 1 : i64} : (tensor<2x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<2x5xf32>
    "onnx.Return"(%1) : (tensor<2x5xf32>) -> ()
  }
}

// -----

// Conv (the unknown result shape comes from the window), pools.
// CHECK-LABEL: func.func @conv_pool
// CHECK:         %[[C:.*]] = hip.conv %arg0, %arg1, %arg2, %{{.*}} {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
// CHECK:         %[[P:.*]] = hip.max_pool %[[C]], %{{.*}} {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// CHECK:         %[[A:.*]] = hip.avg_pool %[[P]], %{{.*}} {count_include_pad = true, kernel_shape = array<i64: 2, 2>} : (tensor<1x4x4x4xf32>, tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
// CHECK:         hip.global_avg_pool %[[A]], %{{.*}} : (tensor<1x4x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
// CHECK:         tensor.cast
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @conv_pool(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
    %0 = "onnx.Conv"(%x, %w, %b) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<*xf32>
    %1 = "onnx.MaxPool"(%0) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<*xf32>) -> tensor<*xf32>
    %2 = "onnx.AveragePool"(%1) {kernel_shape = array<i64: 2, 2>, count_include_pad = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
    %3 = "onnx.GlobalAveragePool"(%2) : (tensor<*xf32>) -> tensor<*xf32>
    "onnx.Return"(%3) : (tensor<*xf32>) -> ()
  }
}

// -----

// Normalizations: LayerNormalization (17), BatchNormalization in inference, InstanceNormalization,
// GroupNormalization from 21 (scale and bias per channel).
// CHECK-LABEL: func.func @norms
// CHECK:         hip.layer_norm %arg0, %arg1, %arg2, %{{.*}} {axis = -1 : i64, epsilon = 1.000000e-05 : f32}
// CHECK:         hip.batch_norm %arg3, %arg4, %arg4, %arg4, %arg4, %{{.*}} {epsilon = 1.000000e-03 : f32}
// CHECK:         hip.instance_norm %arg3, %arg4, %arg4, %{{.*}}
// CHECK:         hip.group_norm %arg3, %arg4, %arg4, %{{.*}} {epsilon = {{.*}}, num_groups = 2 : i64}
module attributes {onnx.opset_import = {"" = 21 : i64}} {
  func.func @norms(%x: tensor<2x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>, %y: tensor<1x4x2xf32>, %c: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>) {
    %0 = "onnx.LayerNormalization"(%x, %s, %b) : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
    %1 = "onnx.BatchNormalization"(%y, %c, %c, %c, %c) {epsilon = 1.0e-3 : f32} : (tensor<1x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2xf32>
    %2 = "onnx.InstanceNormalization"(%y, %c, %c) : (tensor<1x4x2xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2xf32>
    %3 = "onnx.GroupNormalization"(%y, %c, %c) {num_groups = 2 : i64} : (tensor<1x4x2xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2xf32>
    "onnx.Return"(%0, %1, %2, %3) : (tensor<2x4xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>) -> ()
  }
}

// -----

// GroupNormalization 18 has scale and bias per group, not per channel: it stays.
// CHECK-LABEL: func.func @group_norm18
// CHECK:         "onnx.GroupNormalization"
module attributes {onnx.opset_import = {"" = 18 : i64}} {
  func.func @group_norm18(%y: tensor<1x4x2xf32>, %g: tensor<2xf32>) -> tensor<1x4x2xf32> {
    %0 = "onnx.GroupNormalization"(%y, %g, %g) {num_groups = 2 : i64} : (tensor<1x4x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x4x2xf32>
    "onnx.Return"(%0) : (tensor<1x4x2xf32>) -> ()
  }
}

// -----

// Clip: attribute bounds before 11, constant scalar inputs from 11 (typed like the operand).
// CHECK-LABEL: func.func @clip
// CHECK:         hip.clip %arg0, %{{.*}} {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32}
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @clip(%x: tensor<4xf32>) -> tensor<4xf32> {
    %lo = "onnx.Constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %hi = "onnx.Constant"() {value = dense<6.0> : tensor<f32>} : () -> tensor<f32>
    %0 = "onnx.Clip"(%x, %lo, %hi) : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
    "onnx.Return"(%0) : (tensor<4xf32>) -> ()
  }
}

// -----

// LayerNormalization with its Mean and InvStdDev outputs: hip.layer_norm's three results (f32
// statistics, 1 from the axis on).
// CHECK-LABEL: func.func @layer_norm_stats
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<2x1x1xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<2x1x1xf32>
// CHECK-NEXT:    %{{.*}}:3 = hip.layer_norm %arg0, %arg1, %[[E0]], %[[E1]], %[[E2]] {axis = 1 : i64, epsilon = 1.000000e-05 : f32} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
module attributes {onnx.opset_import = {"" = 17 : i64}} {
  func.func @layer_norm_stats(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
    %0:3 = "onnx.LayerNormalization"(%x, %s) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
    "onnx.Return"(%0#0, %0#1, %0#2) : (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) -> ()
  }
}

// -----

// BatchNormalization 6 converts only in inference mode (is_test = 1).
// CHECK-LABEL: func.func @batch_norm6
// CHECK:         hip.batch_norm %arg0, %arg1, %arg1, %arg1, %arg1, %{{.*}} {epsilon = 1.000000e-05 : f32}
// CHECK:         "onnx.BatchNormalization"{{.*}}is_test = 0
module attributes {onnx.opset_import = {"" = 6 : i64}} {
  func.func @batch_norm6(%y: tensor<1x4x2xf32>, %c: tensor<4xf32>) -> (tensor<1x4x2xf32>, tensor<1x4x2xf32>) {
    %0 = "onnx.BatchNormalization"(%y, %c, %c, %c, %c) {is_test = 1 : i64} : (tensor<1x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2xf32>
    %1 = "onnx.BatchNormalization"(%y, %c, %c, %c, %c) {is_test = 0 : i64} : (tensor<1x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x2xf32>
    "onnx.Return"(%0, %1) : (tensor<1x4x2xf32>, tensor<1x4x2xf32>) -> ()
  }
}
