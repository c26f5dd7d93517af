// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// !hip.context is a parameterless type: as an argument, in a function type and in a call.
// CHECK-LABEL: func.func private @body(!hip.context, tensor<2xf32>) -> tensor<2xf32>
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME:    (%[[C:.*]]: !hip.context, %[[X:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK:         call @body(%[[C]], %[[X]]) : (!hip.context, tensor<2xf32>) -> tensor<2xf32>
func.func private @body(!hip.context, tensor<2xf32>) -> tensor<2xf32>
func.func @main_graph(%ctx: !hip.context, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = func.call @body(%ctx, %x) : (!hip.context, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
