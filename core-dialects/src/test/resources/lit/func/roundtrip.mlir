// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:   func.func private @decl(i32, f32 {hip.arg = 1 : i64}) -> i32
// GENERIC: "func.func"() <{arg_attrs = [{}, {hip.arg = 1 : i64}], function_type = (i32, f32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT: }) : () -> ()
func.func private @decl(i32, f32 {hip.arg = 1}) -> i32

// CHECK-NEXT:   func.func @pair(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT:     return %arg0, %arg1 : i32, f32
// CHECK-NEXT:   }
func.func @pair(%a: i32, %b: f32) -> (i32, f32) {
  func.return %a, %b : i32, f32
}

// CHECK-NEXT:   func.func @calls(%arg0: i32) -> i32 attributes {hip.kernel} {
// CHECK-NEXT:     %0 = "other.make"() : () -> f32
// CHECK-NEXT:     %1:2 = call @pair(%arg0, %0) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     %2 = call @decl(%1#0, %1#1) : (i32, f32) -> i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// GENERIC-LABEL: sym_name = "calls"
// GENERIC: "func.call"(%arg0, %0) <{callee = @pair}> : (i32, f32) -> (i32, f32)
// GENERIC: "func.return"(%2) : (i32) -> ()
// GENERIC: }) {hip.kernel} : () -> ()
func.func @calls(%x: i32) -> i32 attributes {hip.kernel} {
  %f = "other.make"() : () -> f32
  %p:2 = call @pair(%x, %f) : (i32, f32) -> (i32, f32)
  %r = call @decl(%p#0, %p#1) : (i32, f32) -> i32
  return %r : i32
}

// CHECK-NEXT:   func.func @result_attrs() -> (tensor<2xf32> {onnx.name = "y"}) {
func.func @result_attrs() -> (tensor<2xf32> {onnx.name = "y"}) {
  %t = "other.t"() : () -> tensor<2xf32>
  return %t : tensor<2xf32>
}

// CHECK:        func.func @no_results() {
// CHECK-NEXT:     return
func.func @no_results() {
  return
}
// CHECK-NEXT:   }
// CHECK-NEXT: }
