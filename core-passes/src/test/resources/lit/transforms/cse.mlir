// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s
// RUN: hip-mlir-opt %s --cse | FileCheck %s --check-prefix=MODULE

// CHECK-LABEL: func.func @dedup
func.func @dedup(%a: i32) -> (i32, i32, i32) {
  // CHECK-NEXT: %0 = "test.pure"(%arg0) {k = 1 : i64} : (i32) -> i32
  // CHECK-NEXT: %1 = "test.pure"(%arg0) {k = 2 : i64} : (i32) -> i32
  // CHECK-NEXT: %2 = "test.effect"(%arg0) : (i32) -> i32
  // CHECK-NEXT: %3 = "test.effect"(%arg0) : (i32) -> i32
  // CHECK-NEXT: "test.region"() ({
  // CHECK-NEXT:   "test.effect"(%0) : (i32) -> i32
  // CHECK-NEXT: }) : () -> ()
  // CHECK-NEXT: return %0, %1, %3 : i32, i32, i32
  %0 = "test.pure"(%a) {k = 1} : (i32) -> i32
  %1 = "test.pure"(%a) {k = 1} : (i32) -> i32
  %2 = "test.pure"(%a) {k = 2} : (i32) -> i32
  %3 = "test.effect"(%a) : (i32) -> i32
  %4 = "test.effect"(%a) : (i32) -> i32
  "test.region"() ({
    %5 = "test.pure"(%a) {k = 1} : (i32) -> i32
    %6 = "test.effect"(%5) : (i32) -> i32
  }) : () -> ()
  return %1, %2, %4 : i32, i32, i32
}

// cse on the module processes each function with a fresh scope, as mlir-opt-22 --cse does.
// MODULE-LABEL: func.func @dedup
// MODULE-NEXT: %0 = "test.pure"(%arg0) {k = 1 : i64} : (i32) -> i32
// MODULE-NEXT: %1 = "test.pure"(%arg0) {k = 2 : i64} : (i32) -> i32
// MODULE-NEXT: "test.effect"
