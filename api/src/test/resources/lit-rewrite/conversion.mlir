// RUN: hip-mlir-opt %s --split-input-file --test-toy-to-low | FileCheck %s
// RUN: not hip-mlir-opt %s --split-input-file --test-toy-to-low=full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not hip-mlir-opt %s --split-input-file --test-toy-to-low=neg-illegal 2>&1 | FileCheck %s --check-prefix=ILLEGAL

// Types convert (i64 -> i32) through the signature and the ops.
// CHECK: "toy.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "low.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: %1 = "low.add"(%arg0, %0) : (i32, i32) -> i32
// CHECK-NEXT: "low.return"(%1) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "lower"} : () -> ()
"toy.func"() ({
^bb0(%x: i64):
  %c = "toy.constant"() {value = 1 : i64} : () -> i64
  %s = "toy.add"(%x, %c) : (i64, i64) -> i64
  "toy.return"(%s) : (i64) -> ()
}) {sym_name = "lower", function_type = (i64) -> i64} : () -> ()

// -----

// Partial conversion keeps an op that is not marked illegal (toy.neg has no lowering) and
// bridges the type change with unrealized casts.
// CHECK: // -----
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "low.constant"() {value = 2 : i32} : () -> i32
// CHECK-NEXT: %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
// CHECK-NEXT: %2 = "toy.neg"(%1) : (i64) -> i64
// CHECK-NEXT: %3 = "builtin.unrealized_conversion_cast"(%2) : (i64) -> i32
// CHECK-NEXT: "low.return"(%3) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "partial"}
// A full conversion fails on it (and rolls the function back; the unit tests compare the IR).
// FULL: conversion.mlir:[[@LINE+6]]:8: error: failed to legalize operation 'toy.neg'
// When toy.neg is explicitly illegal, the partial conversion fails on it too.
// ILLEGAL: conversion.mlir:[[@LINE+4]]:8: error: failed to legalize operation 'toy.neg' that was explicitly marked illegal
"toy.func"() ({
^bb0(%x: i64):
  %c = "toy.constant"() {value = 2 : i64} : () -> i64
  %n = "toy.neg"(%c) : (i64) -> i64
  "toy.return"(%n) : (i64) -> ()
}) {sym_name = "partial", function_type = (i64) -> i64} : () -> ()
