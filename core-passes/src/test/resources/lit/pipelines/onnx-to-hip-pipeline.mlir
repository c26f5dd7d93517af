// RUN: hip-mlir-opt %s --onnx-to-hip-pipeline='externalize-min-num-elements=1 externalize-output-dir=%t' | FileCheck %s
// RUN: hip-mlir-opt %s --onnx-to-hip-pipeline='externalize-min-num-elements=1 externalize-output-dir=%t' --mlir-print-ir-after=hip-externalize-constants 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER

// The named pipeline lowers ONNX to HIP and externalizes the initializer: Add and MatMul become
// hip ops, the initializer a private global in the sidecar blob, and no onnx op is left.
// CHECK: module attributes {hip.constants_file = "model.constants.bin"
// CHECK: memref.global "private" @hip_ext_constant_w_0
// CHECK-LABEL: func.func @main_graph
// CHECK: memref.get_global @hip_ext_constant_w_0
// CHECK: hip.add
// CHECK: hip.matmul
// CHECK-NOT: onnx.
// CHECK-NOT: hip.constant
// AFTER: IR Dump After {{.*}}hip-externalize-constants
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %w = "onnx.Constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32> loc("w")
    %0 = "onnx.Add"(%x, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.MatMul"(%0, %y) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    "onnx.Return"(%1) : (tensor<2x4xf32>) -> ()
  }
}
