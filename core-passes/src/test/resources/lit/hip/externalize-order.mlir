// RUN: hip-mlir-opt %s --hip-externalize-constants='min-num-elements=1 output-dir=%t' | FileCheck %s
// RUN: cat %t/model.constants.json | FileCheck %s --check-prefix=JSON
// The ordering of §2.9 sample_plugin_constants.mlir with plain carriers: the imported weight
// (serialization_order 0) first, the synthesized constant (order 1) second and the plugin's
// unordered carrier last, although the plugin carrier comes first in the IR. Each entry starts
// at the next 64-byte boundary of model.constants.bin.

// CHECK: module attributes {hip.constants_file = "model.constants.bin", hipdnn.constant_offsets = array<i64: 0, 64, 128>, hipdnn.constant_sizes = array<i64: 2, 4, 2>} {
// CHECK-NEXT: memref.global "private" @hip_ext_constant_imported_weight_0 : memref<2xi8> {alignment = 64 : i64, hip.external_data = {index = 0 : i64, offset = 0 : i64, size = 2 : i64}}
// CHECK-NEXT: memref.global "private" @hip_ext_constant_1 : memref<4xi8> {alignment = 64 : i64, hip.external_data = {index = 1 : i64, offset = 64 : i64, size = 4 : i64}}
// CHECK-NEXT: memref.global "private" @hip_ext_constant_sample_plugin_weight_2 : memref<2xi8> {alignment = 64 : i64, hip.external_data = {index = 2 : i64, offset = 128 : i64, size = 2 : i64}}
// CHECK-LABEL: func.func @main_graph
func.func @main_graph() -> (tensor<2xi8>, tensor<2xi8>, tensor<4xi8>) {
  // CHECK-NEXT: %[[G0:.*]] = memref.get_global @hip_ext_constant_sample_plugin_weight_2 : memref<2xi8>
  // CHECK-NEXT: %[[P:.*]] = bufferization.to_tensor %[[G0]] restrict : memref<2xi8> to tensor<2xi8>
  %plugin = hip.constant {symbol_name_hint = "sample_plugin_weight", value = dense<[101, 102]> : tensor<2xi8>} : tensor<2xi8>
  // CHECK-NEXT: %[[G1:.*]] = memref.get_global @hip_ext_constant_imported_weight_0 : memref<2xi8>
  // CHECK-NEXT: %[[I:.*]] = bufferization.to_tensor %[[G1]] restrict : memref<2xi8> to tensor<2xi8>
  %imported = hip.constant {serialization_order = 0 : i64, symbol_name_hint = "imported_weight", source_name = "weight", value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
  // CHECK-NEXT: %[[G2:.*]] = memref.get_global @hip_ext_constant_1 : memref<4xi8>
  // CHECK-NEXT: %[[S:.*]] = bufferization.to_tensor %[[G2]] restrict : memref<4xi8> to tensor<4xi8>
  %synth = hip.constant {serialization_order = 1 : i64, value = dense<[3, 4, 5, 6]> : tensor<4xi8>} : tensor<4xi8>
  // CHECK-NEXT: return %[[P]], %[[I]], %[[S]]
  return %plugin, %imported, %synth : tensor<2xi8>, tensor<2xi8>, tensor<4xi8>
}
// CHECK-NOT: hip.constant

// JSON:      {
// JSON-NEXT:   "version": 1,
// JSON-NEXT:   "binary_file": "model.constants.bin",
// JSON-NEXT:   "num_constants": 3,
// JSON-NEXT:   "total_bytes": 130,
// JSON-NEXT:   "constants": [
// JSON-NEXT:     {
// JSON-NEXT:       "name": "hip_ext_constant_imported_weight_0",
// JSON-NEXT:       "shape": [2],
// JSON-NEXT:       "element_type": "i8",
// JSON-NEXT:       "offset": 0,
// JSON-NEXT:       "size": 2,
// JSON-NEXT:       "alignment": 64
// JSON-NEXT:     },
// JSON-NEXT:     {
// JSON-NEXT:       "name": "hip_ext_constant_1",
// JSON:            "offset": 64,
// JSON-NEXT:       "size": 4,
// JSON:            "name": "hip_ext_constant_sample_plugin_weight_2",
// JSON:            "offset": 128,
// JSON-NEXT:       "size": 2,
// JSON-NEXT:       "alignment": 64
// JSON-NEXT:     }
// JSON-NEXT:   ]
// JSON-NEXT: }
