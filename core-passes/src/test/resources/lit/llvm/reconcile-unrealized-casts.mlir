// RUN: hip-mlir-opt %s --reconcile-unrealized-casts | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT:   "test.effect"(%arg0) : (i64) -> ()
// CHECK-NEXT:   return %arg0 : i64
// CHECK-LABEL: func.func @g
// CHECK-NEXT:   %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i64) -> i32
// CHECK-NEXT:   %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> index
// CHECK-NEXT:   return %1 : index

func.func @f(%a: i64) -> i64 {
  %0 = "builtin.unrealized_conversion_cast"(%a) : (i64) -> index
  %1 = "builtin.unrealized_conversion_cast"(%0) : (index) -> i64
  %2 = "builtin.unrealized_conversion_cast"(%a) : (i64) -> i32
  %3 = "builtin.unrealized_conversion_cast"(%2) : (i32) -> index
  %4 = "builtin.unrealized_conversion_cast"(%3) : (index) -> i64
  %5 = "builtin.unrealized_conversion_cast"(%a) : (i64) -> f32
  "test.effect"(%1) : (i64) -> ()
  return %4 : i64
}
func.func @g(%a: i64) -> index {
  %0 = "builtin.unrealized_conversion_cast"(%a) : (i64) -> i32
  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> index
  return %1 : index
}
