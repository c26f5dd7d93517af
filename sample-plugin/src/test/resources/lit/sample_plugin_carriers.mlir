// The sample's passes insert the hip.constant carrier (a verified op of the hip dialect).
// RUN: hip-mlir-opt %s --plugins=sample --hip-ep-sample-print-functions | FileCheck %s
// RUN: hip-mlir-opt %s --plugins=sample --hip-ep-sample-emit-late-constant | FileCheck %s --check-prefix=LATE

// CHECK-LABEL: func.func @with_constant
// CHECK-NEXT: hip.constant {source_name = "sample_plugin_weight", symbol_name_hint = "sample_plugin_weight", value = dense<[101, 102]> : tensor<2xi8>} : tensor<2xi8>
// CHECK-LABEL: func.func @late
// CHECK-NOT: hip.constant
// LATE-LABEL: func.func @with_constant
// LATE-NOT: hip.constant
// LATE-LABEL: func.func @late
// LATE-NEXT: hip.constant {source_name = "sample_plugin_late_weight", symbol_name_hint = "sample_plugin_late_weight", value = dense<[101, 102]> : tensor<2xi8>} : tensor<2xi8>
func.func @with_constant() attributes {hip_ep_sample.emit_constant} {
  return
}
func.func @late() attributes {hip_ep_sample.emit_late_constant} {
  return
}
