// RUN: hip-mlir-opt %s --test-toy-greedy | FileCheck %s

// CHECK-LABEL: "toy.func"
"toy.func"() ({
^bb0(%x: i64):
  %z = "toy.constant"() {value = 0 : i64} : () -> i64
  %n1 = "toy.neg"(%x) : (i64) -> i64
  %n2 = "toy.neg"(%n1) : (i64) -> i64
  %s = "toy.add"(%n2, %z) : (i64, i64) -> i64
  %n3 = "toy.neg"(%s) : (i64) -> i64
  %n4 = "toy.neg"(%n3) : (i64) -> i64
  // neg(neg(x)) and add(x, 0) fold away to a fixpoint; the dead constant goes too.
  // CHECK-NEXT: ^bb0(%arg0: i64):
  // CHECK-NEXT: "toy.return"(%arg0) : (i64) -> ()
  // CHECK-NEXT: }) {function_type = (i64) -> i64, sym_name = "fold"}
  "toy.return"(%n4) : (i64) -> ()
}) {sym_name = "fold", function_type = (i64) -> i64} : () -> ()
