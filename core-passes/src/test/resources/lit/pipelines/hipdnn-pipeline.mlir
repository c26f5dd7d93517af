// RUN: hip-mlir-opt %s --hipdnn-pipeline='constants-dir=%t externalize-min-num-elements=1' | FileCheck %s
// RUN: hip-mlir-opt %s --hipdnn-pipeline='constants-dir=%t externalize-min-num-elements=1' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER
// RUN: hip-mlir-opt %s --onnx-to-hip-pipeline='externalize-output-dir=%t externalize-min-num-elements=1' --hip-to-llvm-pipeline | FileCheck %s

// The whole compile: ONNX in, the llvm dialect out, with the hip ops as kernel calls, the
// runtime calls for the pool, the output and the externalized weight, and the generated
// entry points; chaining the two halves by name gives the same.
// CHECK: module attributes {
// CHECK-DAG: llvm.func @hipep_add_f32(
// CHECK-DAG: llvm.func @hipep_matmul_f32_in2(
// CHECK-DAG: llvm.func @hipdnn_ep_get_constant(
// CHECK-DAG: llvm.func @hipdnn_ep_get_pool_base(
// CHECK-DAG: llvm.func @hipdnn_ep_alloc_output(
// CHECK-LABEL: llvm.func @main_graph
// CHECK: llvm.call @hipdnn_ep_get_constant(
// CHECK: llvm.call @hipdnn_ep_get_pool_base(
// CHECK: llvm.call @hipep_add_f32(
// CHECK: llvm.call @hipdnn_ep_alloc_output(
// CHECK: llvm.call @hipep_matmul_f32_in2(
// CHECK: llvm.func @inference_init(
// CHECK: llvm.func @inference_compute(
// CHECK: llvm.func @inference_cleanup(
// CHECK: llvm.func @inference_get_metadata_json(
// CHECK: llvm.func @hipdnn_ep_set_output_allocator(
// CHECK-NOT: func.func
// CHECK-NOT: memref.
// CHECK-NOT: hip.

// The back half in the seed's order (§3.1 rows 31-39), after the front half.
// ORDER: IR Dump After {{.*}}hip-resolve-extern-constants
// ORDER: IR Dump After {{.*}}expand-strided-metadata
// ORDER: IR Dump After {{.*}}convert-scf-to-cf
// ORDER: IR Dump After {{.*}}reconcile-unrealized-casts
// ORDER: IR Dump After {{.*}}convert-hip-to-llvm
// ORDER: IR Dump After {{.*}}reconcile-unrealized-casts
// ORDER: IR Dump After {{.*}}generate-interface
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %w = "onnx.Constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32> loc("w")
    %0 = "onnx.Add"(%x, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.MatMul"(%0, %y) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    "onnx.Return"(%1) : (tensor<2x4xf32>) -> ()
  }
}
