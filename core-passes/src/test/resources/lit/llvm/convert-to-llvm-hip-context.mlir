// RUN: hip-mlir-opt %s --convert-func-to-llvm | FileCheck %s

// The type converter lowers !hip.context (the run-time state a device function takes) to an
// opaque !llvm.ptr, so signatures and calls that carry it convert like any other.

// CHECK-LABEL: llvm.func @use(!llvm.ptr, f32) attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @device(%arg0: !llvm.ptr, %arg1: f32) {
// CHECK-NEXT:   llvm.call @use(%arg0, %arg1) : (!llvm.ptr, f32) -> ()
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }

func.func private @use(!hip.context, f32)

func.func @device(%ctx: !hip.context, %x: f32) {
  call @use(%ctx, %x) : (!hip.context, f32) -> ()
  return
}
