// RUN: hip-mlir-opt %s --split-input-file --onnx-to-hip-pipeline='externalize-min-num-elements=1 externalize-output-dir=%t' | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --onnx-to-hip-pipeline='externalize-min-num-elements=1 externalize-output-dir=%t' --mlir-print-ir-after=hip-externalize-constants 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// RUN: hip-mlir-opt %s --split-input-file --onnx-to-hip-pipeline='externalize-output-dir=%t' --mlir-print-ir-after=hip-resolve-tensor-dims 2>&1 >/dev/null | FileCheck %s --check-prefix=DYN
// RUN: hip-mlir-opt %s --split-input-file --onnx-to-hip-pipeline='externalize-output-dir=%t' | FileCheck %s --check-prefix=BUF
// RUN: hip-mlir-opt %s --split-input-file --onnx-to-hip-pipeline='externalize-output-dir=%t' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER

// The named pipeline lowers ONNX to HIP, externalizes the initializer, bufferizes and plans
// memory: the initializer goes into the sidecar blob and is read through the runtime
// (hip.get_constant), Add writes into a view of
// the pool (a transient buffer), MatMul into the graph output from the output allocator, and no
// onnx op, tensor, hip.constant or memref.alloc is left.
// CHECK: module attributes {hip.constants_file = "model.constants.bin", hipdnn.buffer_count = 1 : i64, hipdnn.buffer_offsets = array<i64: 0>,
// CHECK-SAME: hipdnn.pool_size = 24 : i64
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[CTX:.*]]: !hip.context, %[[X:.*]]: memref<2x3xf32>, %[[Y:.*]]: memref<3x4xf32>) -> memref<2x4xf32>
// CHECK: %[[W:.*]] = hip.get_constant(%[[CTX]]) {index = 0 : i64} : memref<2x3xf32>
// CHECK: %[[POOL:.*]] = hip.get_pool(%[[CTX]], %{{.*}}) {domain_id = 0 : i64} : memref<?xi8>
// CHECK: %[[A:.*]] = memref.view %[[POOL]]
// CHECK: hip.add %[[X]], %[[W]], %[[A]] : (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) -> ()
// CHECK: %[[M:.*]] = hip.alloc_output(%[[CTX]]) {out_idx = 0 : i64} : memref<2x4xf32>
// CHECK: hip.matmul %[[A]], %[[Y]], %[[M]] : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>) -> ()
// CHECK: return %[[M]] : memref<2x4xf32>
// CHECK-NOT: onnx.{{[A-Z]}}
// CHECK-NOT: tensor<
// CHECK-NOT: hip.constant
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.get_global
// AFTER: IR Dump After {{.*}}hip-externalize-constants

// The seed's order (§3.1 rows 1-12).
// ORDER: IR Dump After {{.*}}simplify-onnx
// ORDER: IR Dump After {{.*}}hip-add-context-arg
// ORDER: IR Dump After {{.*}}onnx-loop-outline
// ORDER: IR Dump After {{.*}}onnx-if-outline
// ORDER: IR Dump After {{.*}}hip-infer-loop-body-shapes
// ORDER: IR Dump After {{.*}}convert-onnx-to-hip
// ORDER: IR Dump After {{.*}}hip-infer-shapes
// ORDER: IR Dump After {{.*}}hip-externalize-constants
// ORDER: IR Dump After {{.*}}canonicalize
// ORDER: IR Dump After {{.*}}cse
// ORDER: IR Dump After {{.*}}hip-split-duplicate-dps-inits
// ORDER: IR Dump After {{.*}}hip-resolve-tensor-dims
// ORDER: IR Dump After {{.*}}hip-verify-onnx-converted
// ORDER: IR Dump After {{.*}}one-shot-bufferize
// ORDER: IR Dump After {{.*}}hip-use-output-allocator
// ORDER: IR Dump After {{.*}}hip-concat-in-place
// ORDER: IR Dump After {{.*}}hip-conv-add-in-place
// ORDER: IR Dump After {{.*}}hip-reshape-transpose-views
// ORDER: IR Dump After {{.*}}hip-conv-bound-slots
// ORDER: IR Dump After {{.*}}cse
// ORDER: IR Dump After {{.*}}canonicalize
// ORDER: IR Dump After {{.*}}hip-materialize-host-scalars
// ORDER: IR Dump After {{.*}}hip-pool-allocs
// ORDER: IR Dump After {{.*}}cse
// ORDER: IR Dump After {{.*}}canonicalize
// ORDER: IR Dump After {{.*}}hip-resolve-extern-constants
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @main_graph(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<2x4xf32> {
    %w = "onnx.Constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32> loc("w")
    %0 = "onnx.Add"(%x, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "onnx.MatMul"(%0, %y) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    "onnx.Return"(%1) : (tensor<2x4xf32>) -> ()
  }
}

// -----

// Dynamic batch: the entry takes !hip.context first (onnx.name shifted with its argument); the
// two results that cse left on one tensor.empty get one each again, and the Neg's size, taken
// by the conversion from the Add's result, is computed from the argument.
// DYN-LABEL: func.func @dynamic
// DYN-SAME:    (%[[CTX:.*]]: !hip.context, %[[X:[a-z0-9]+]]: tensor<?x3xf32> {onnx.name = "x"}, %[[B:[a-z0-9]+]]: tensor<3xf32>)
// DYN:         %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3xf32>
// DYN-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?x3xf32>
// DYN-NEXT:    %[[A:.*]] = hip.add %[[X]], %[[B]], %[[E]]
// DYN-NOT:     tensor.dim %[[A]]
// DYN:         tensor.dim %[[X]]
// DYN:         %[[E2:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf32>
// DYN-NEXT:    hip.neg %[[A]], %[[E2]]
// DYN:         %[[E3:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf32>
// DYN-NEXT:    hip.abs %[[X]], %[[E3]]
// DYN-NOT:     onnx.{{[A-Z]}}
// After bufferization and memory planning the pool's size and both outputs' sizes come from the
// argument's batch dimension.
// BUF-LABEL: func.func @dynamic
// BUF-SAME:    (%[[CTX:.*]]: !hip.context, %[[X:[a-z0-9]+]]: memref<?x3xf32> {onnx.name = "x"}, %{{.*}}: memref<3xf32>) -> (memref<?x3xf32>, memref<?x3xf32>)
// BUF:         %[[D:.*]] = memref.dim %[[X]]
// BUF:         hip.get_pool(%[[CTX]], %{{.*}}) {domain_id = 0 : i64}
// BUF:         hip.alloc_output(%[[CTX]], %[[D]]) {out_idx = 0 : i64}
// BUF:         hip.alloc_output(%[[CTX]], %[[D]]) {out_idx = 1 : i64}
// BUF-NOT:     tensor
module attributes {onnx.opset_import = {"" = 13 : i64}} {
  func.func @dynamic(%x: tensor<?x3xf32> {onnx.name = "x"}, %b: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
    %0 = "onnx.Add"(%x, %b) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
    %1 = "onnx.Neg"(%0) : (tensor<?x3xf32>) -> tensor<?x3xf32>
    %2 = "onnx.Abs"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
    "onnx.Return"(%1, %2) : (tensor<?x3xf32>, tensor<?x3xf32>) -> ()
  }
}
