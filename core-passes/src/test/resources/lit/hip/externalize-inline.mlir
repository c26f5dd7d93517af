// RUN: hip-mlir-opt %s --hip-externalize-constants | FileCheck %s
// RUN: hip-mlir-opt %s --hip-externalize-constants='min-num-elements=0' | FileCheck %s
// Inline mode (threshold 0, the direct default): every inline carrier becomes an arith.constant
// of the exact type, no module metadata and no global appear.

// CHECK-LABEL: module {
// CHECK-NOT: hip.constants_file
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @f
func.func @f() -> (tensor<2xf32>, tensor<3xi1>, tensor<4xui8>) {
  // CHECK-NEXT: %[[A:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %a = hip.constant {value = dense<[1.0, 2.0]> : tensor<2xf32>} : tensor<2xf32>
  // CHECK-NEXT: %[[B:.*]] = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %b = hip.constant {value = dense<[true, false, true]> : tensor<3xi1>} : tensor<3xi1>
  // CHECK-NEXT: %[[C:.*]] = arith.constant dense<7> : tensor<4xui8>
  %c = hip.constant {value = dense<7> : tensor<4xui8>} : tensor<4xui8>
  // CHECK-NEXT: return %[[A]], %[[B]], %[[C]]
  // CHECK-NOT: hip.constant
  return %a, %b, %c : tensor<2xf32>, tensor<3xi1>, tensor<4xui8>
}
