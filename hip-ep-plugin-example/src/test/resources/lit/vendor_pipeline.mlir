// RUN: hip-mlir-opt %s --plugins=vendor --hipdnn-pipeline='constants-dir=%t externalize-min-num-elements=1' --mlir-print-ir-after=convert-onnx-add-to-vendor 2>&1 >/dev/null | FileCheck %s --check-prefix=SLOT
// RUN: hip-mlir-opt %s --plugins=vendor --onnx-to-hip-pipeline='externalize-output-dir=%t externalize-min-num-elements=1' | FileCheck %s --check-prefix=BUF
// RUN: hip-mlir-opt %s --plugins=vendor --hipdnn-pipeline='constants-dir=%t externalize-min-num-elements=1' | FileCheck %s --check-prefix=LLVM
// RUN: hip-mlir-opt %s --hipdnn-pipeline='constants-dir=%t externalize-min-num-elements=1' | FileCheck %s --check-prefix=INTREE

// The slot: right after simplify-onnx, the plugin's pass has turned the f32 Adds into vendor.add
// (the initializer still an onnx.Constant); the Mul stays ONNX.
// SLOT: IR Dump After {{.*}}convert-onnx-add-to-vendor
// SLOT: "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
// SLOT: "onnx.Mul"
// SLOT: "vendor.add"(%{{.*}}, %{{.*}}) : (tensor<1x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>

// Bufferized: destination-passing memref form, the dynamic batch read from the input.
// BUF: %[[N:.*]] = memref.dim %[[X:.*]], %{{.*}} : memref<?x3xf32>
// BUF: "vendor.add"(%[[X]], %{{.*}}, %{{.*}}) : (memref<?x3xf32>, memref<3xf32>, memref<?x3xf32>) -> ()
// BUF: hip.mul
// BUF: "vendor.add"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<1x3xf32>, memref<?x3xf32>, memref<?x3xf32>) -> ()

// Lowered: one call of the runtime wrapper per vendor.add, no in-tree add kernel.
// LLVM-DAG: llvm.func @wrap_hip_ep_vendor_add(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64)
// LLVM-DAG: llvm.func @hipep_mul_f32(
// LLVM-NOT: @hipep_add_f32
// LLVM-LABEL: llvm.func @main_graph
// LLVM: llvm.call @wrap_hip_ep_vendor_add(
// LLVM: llvm.call @hipep_mul_f32(
// LLVM: llvm.call @wrap_hip_ep_vendor_add(
// LLVM-NOT: @hipep_add_f32

// Without the plugin the same model takes the in-tree path.
// INTREE: llvm.call @hipep_add_f32(
// INTREE-NOT: wrap_hip_ep_vendor_add
module attributes {onnx.opset_import = {"" = 17 : i64}} {
  func.func @main_graph(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
    %w = "onnx.Constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
    %v = "onnx.Constant"() {value = dense<[[0.5, 0.25, 0.125]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
    %0 = "onnx.Add"(%x, %w) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
    %1 = "onnx.Mul"(%0, %w) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
    %2 = "onnx.Add"(%v, %1) : (tensor<1x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    "onnx.Return"(%2) : (tensor<?x3xf32>) -> ()
  }
}
