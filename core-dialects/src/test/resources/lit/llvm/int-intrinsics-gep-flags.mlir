// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s
// RUN: hip-mlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// The integer min/max intrinsics, stacksave/stackrestore and the GEP no-wrap flags print as mlir-opt-22 prints them:
// inbounds (3, which includes nusw), nusw (2), nuw (4) and their combinations.

// CHECK-LABEL: llvm.func @f(%arg0: !llvm.ptr, %arg1: i64, %arg2: i32, %arg3: vector<2xi64>)
llvm.func @f(%p: !llvm.ptr, %i: i64, %a: i32, %v: vector<2xi64>) {
  // CHECK-NEXT: %0 = llvm.getelementptr inbounds|nuw %arg0[%arg1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // GENERIC: "llvm.getelementptr"(%arg0, %arg1) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: -2147483648>}>
  %0 = llvm.getelementptr inbounds|nuw %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK-NEXT: %1 = llvm.getelementptr nuw %arg0[%arg1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %1 = llvm.getelementptr nuw %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK-NEXT: %2 = llvm.getelementptr nusw|nuw %arg0[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %2 = llvm.getelementptr nusw|nuw %p[1] : (!llvm.ptr) -> !llvm.ptr, f32
  // CHECK-NEXT: %3 = llvm.getelementptr nusw %arg0[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %3 = llvm.getelementptr nusw %p[1] : (!llvm.ptr) -> !llvm.ptr, f32
  // CHECK-NEXT: %4 = llvm.getelementptr inbounds %arg0[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %4 = llvm.getelementptr inbounds %p[1] : (!llvm.ptr) -> !llvm.ptr, f32
  // CHECK-NEXT: %5 = llvm.intr.smax(%arg2, %arg2) : (i32, i32) -> i32
  // GENERIC: "llvm.intr.smax"(%arg2, %arg2) : (i32, i32) -> i32
  %5 = llvm.intr.smax(%a, %a) : (i32, i32) -> i32
  // CHECK-NEXT: %6 = llvm.intr.smin(%arg2, %arg2) : (i32, i32) -> i32
  %6 = llvm.intr.smin(%a, %a) : (i32, i32) -> i32
  // CHECK-NEXT: %7 = llvm.intr.umax(%arg3, %arg3) : (vector<2xi64>, vector<2xi64>) -> vector<2xi64>
  %7 = llvm.intr.umax(%v, %v) : (vector<2xi64>, vector<2xi64>) -> vector<2xi64>
  // CHECK-NEXT: %8 = llvm.intr.umin(%arg2, %arg2) : (i32, i32) -> i32
  %8 = llvm.intr.umin(%a, %a) : (i32, i32) -> i32
  // CHECK-NEXT: %9 = llvm.intr.stacksave : !llvm.ptr
  // GENERIC: "llvm.intr.stacksave"() : () -> !llvm.ptr
  %9 = llvm.intr.stacksave : !llvm.ptr
  // CHECK-NEXT: llvm.intr.stackrestore %9 : !llvm.ptr
  // GENERIC: "llvm.intr.stackrestore"(%9) : (!llvm.ptr) -> ()
  llvm.intr.stackrestore %9 : !llvm.ptr
  llvm.return
}
