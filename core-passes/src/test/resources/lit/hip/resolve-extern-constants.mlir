// RUN: hip-mlir-opt %s --split-input-file --hip-resolve-extern-constants --verify-diagnostics | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --hip-resolve-extern-constants --hip-resolve-extern-constants --verify-diagnostics | FileCheck %s

// Reads of externalized constants go through the runtime; the data-less globals go, an inline
// global (with data) stays.
// CHECK-LABEL: module
// CHECK-NOT:     @hip_ext_constant_w_0
// CHECK:         memref.global "private" constant @inline : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NOT:     @hip_ext_constant_w_0
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[CTX:.*]]: !hip.context)
// CHECK-NEXT:    %[[W:.*]] = hip.get_constant(%[[CTX]]) {index = 4 : i64} : memref<2x3xf32>
// CHECK-NEXT:    %[[I:.*]] = memref.get_global @inline : memref<2xf32>
// CHECK-NEXT:    return %[[W]], %[[I]]
module {
  memref.global "private" @hip_ext_constant_w_0 : memref<2x3xf32> {alignment = 64 : i64, hip.external_data = {index = 4 : i64, offset = 256 : i64, size = 24 : i64}}
  memref.global "private" constant @inline : memref<2xf32> = dense<[1.0, 2.0]>
  func.func @main_graph(%ctx: !hip.context) -> (memref<2x3xf32>, memref<2xf32>) {
    %w = memref.get_global @hip_ext_constant_w_0 : memref<2x3xf32>
    %i = memref.get_global @inline : memref<2xf32>
    return %w, %i : memref<2x3xf32>, memref<2xf32>
  }
}

// -----

// A function without the context cannot reach the runtime: an error naming both.
module {
  memref.global "private" @hip_ext_constant_k_0 : memref<4xf32> {alignment = 64 : i64, hip.external_data = {index = 0 : i64, offset = 0 : i64, size = 16 : i64}}
  func.func @helper() -> memref<4xf32> {
    // expected-error@+1 {{cannot resolve the external constant @hip_ext_constant_k_0 in @helper: the function has no !hip.context argument (run hip-add-context-arg first)}}
    %k = memref.get_global @hip_ext_constant_k_0 : memref<4xf32>
    return %k : memref<4xf32>
  }
}
