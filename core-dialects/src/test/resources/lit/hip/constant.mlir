// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The three sources, with the optional naming attributes.
// CHECK: hip.constant {source_name = "w", symbol_name_hint = "w", value = dense<[101, 102]> : tensor<2xi8>} : tensor<2xi8>
// GENERIC: "hip.constant"() <{source_name = "w", symbol_name_hint = "w", value = dense<[101, 102]> : tensor<2xi8>}> : () -> tensor<2xi8>
// CHECK: hip.constant {location = "weights.bin", offset = 64 : i64, serialization_order = 0 : i64, size = 16 : i64} : tensor<4xf32>
// CHECK: hip.constant {memory_address = 4096 : i64, size = 4 : i64} : tensor<4xui8>
func.func @sources() -> (tensor<2xi8>, tensor<4xf32>, tensor<4xui8>) {
  %0 = hip.constant {value = dense<[101, 102]> : tensor<2xi8>, symbol_name_hint = "w", source_name = "w"} : tensor<2xi8>
  %1 = hip.constant {location = "weights.bin", offset = 64, size = 16, serialization_order = 0} : tensor<4xf32>
  %2 = hip.constant {memory_address = 4096, size = 4} : tensor<4xui8>
  return %0, %1, %2 : tensor<2xi8>, tensor<4xf32>, tensor<4xui8>
}
