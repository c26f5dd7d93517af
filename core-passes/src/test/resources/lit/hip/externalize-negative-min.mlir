// RUN: not hip-mlir-opt %s --hip-externalize-constants='min-num-elements=-1' 2>&1 | FileCheck %s
// CHECK: error: 'min-num-elements' must be >= 0, got -1
func.func @f() -> tensor<2xi8> {
  %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
  return %a : tensor<2xi8>
}
