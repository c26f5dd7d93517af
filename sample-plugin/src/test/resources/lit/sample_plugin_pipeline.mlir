// RUN: hip-mlir-opt %s --plugins=sample --onnx-to-hip-pipeline='externalize-min-num-elements=1 externalize-output-dir=%t' 2>&1 | FileCheck %s
// RUN: hip-mlir-opt %s --onnx-to-hip-pipeline='externalize-min-num-elements=1 externalize-output-dir=%t' 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// With the plugin selected, onnx-to-hip-pipeline runs its slot requests: the print pass at
// AfterConvertOnnxToHip (its remark, and its carrier externalized).

// CHECK-DAG: remark: [hip-ep-sample] visited main_graph
// CHECK-DAG: hipdnn.constant_sizes = array<i64: 2>
// CHECK-NOT: hip.constant {
// NOPLUGIN-NOT: hip-ep-sample
// NOPLUGIN-NOT: hipdnn.constant_sizes
func.func @main_graph(%input: tensor<2xf32> {onnx.name = "input"}) -> tensor<2xf32> attributes {hip_ep_sample.emit_constant} {
  "onnx.Return"(%input) : (tensor<2xf32>) -> ()
}
