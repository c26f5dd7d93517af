// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s
// RUN: hip-mlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// CHECK-LABEL: llvm.func @intrinsics(%arg0: f32, %arg1: f32, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: i64, %arg5: vector<4xf32>)
llvm.func @intrinsics(%a: f32, %b: f32, %p: !llvm.ptr, %q: !llvm.ptr, %n: i64, %v: vector<4xf32>) {
  // CHECK-NEXT: %0 = llvm.intr.fabs(%arg0) : (f32) -> f32
  // GENERIC: "llvm.intr.fabs"(%arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32) -> f32
  %0 = llvm.intr.fabs(%a) : (f32) -> f32
  // CHECK-NEXT: %1 = llvm.intr.sqrt(%arg5) : (vector<4xf32>) -> vector<4xf32>
  %1 = llvm.intr.sqrt(%v) : (vector<4xf32>) -> vector<4xf32>
  // CHECK-NEXT: %2 = llvm.intr.exp(%arg0) : (f32) -> f32
  %2 = llvm.intr.exp(%a) : (f32) -> f32
  // CHECK-NEXT: %3 = llvm.intr.log(%arg0) : (f32) -> f32
  %3 = llvm.intr.log(%a) : (f32) -> f32
  // CHECK-NEXT: %4 = llvm.intr.pow(%arg0, %arg1) : (f32, f32) -> f32
  %4 = llvm.intr.pow(%a, %b) : (f32, f32) -> f32
  // CHECK-NEXT: %5 = llvm.intr.fma(%arg0, %arg1, %arg0) : (f32, f32, f32) -> f32
  %5 = llvm.intr.fma(%a, %b, %a) : (f32, f32, f32) -> f32
  // CHECK-NEXT: %6 = llvm.intr.minnum(%arg0, %arg1) : (f32, f32) -> f32
  %6 = llvm.intr.minnum(%a, %b) : (f32, f32) -> f32
  // CHECK-NEXT: %7 = llvm.intr.maxnum(%arg0, %arg1) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
  // GENERIC: "llvm.intr.maxnum"(%arg0, %arg1) <{fastmathFlags = #llvm.fastmath<fast>}> : (f32, f32) -> f32
  %7 = llvm.intr.maxnum(%a, %b) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
  // CHECK-NEXT: "llvm.intr.memcpy"(%arg2, %arg3, %arg4) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %c0 = llvm.mlir.constant(0 : i8) : i8
  // CHECK: "llvm.intr.memset"(%arg2, %8, %arg4) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  "llvm.intr.memset"(%p, %c0, %n) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  // CHECK-NEXT: %9 = llvm.call_intrinsic "llvm.fabs.f32"(%arg0) : (f32) -> f32
  // GENERIC: "llvm.call_intrinsic"(%arg0) <{fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.fabs.f32", op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (f32) -> f32
  %8 = llvm.call_intrinsic "llvm.fabs.f32"(%a) : (f32) -> f32
  // CHECK-NEXT: llvm.call_intrinsic "llvm.donothing"() : () -> ()
  llvm.call_intrinsic "llvm.donothing"() : () -> ()
  llvm.return
}

// CHECK-LABEL: llvm.func @aggregates(%arg0: !llvm.ptr, %arg1: i64, %arg2: !llvm.ptr) -> i64
llvm.func @aggregates(%p: !llvm.ptr, %n: i64, %fp: !llvm.ptr) -> i64 {
  // CHECK-NEXT: %0 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  // CHECK-NEXT: %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  // GENERIC: "llvm.insertvalue"(%0, %arg0) <{position = array<i64: 0>}> : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>)>, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %s1 = llvm.insertvalue %p, %u[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  // CHECK-NEXT: %2 = llvm.insertvalue %arg1, %1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %s2 = llvm.insertvalue %n, %s1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  // CHECK-NEXT: %3 = llvm.extractvalue %2[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  // GENERIC: "llvm.extractvalue"(%2) <{position = array<i64: 3, 1>}> : (!llvm.struct<(ptr, ptr, i64, array<2 x i64>)>) -> i64
  %e = llvm.extractvalue %s2[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  // CHECK-NEXT: %4 = llvm.mlir.poison : !llvm.array<2 x i64>
  // GENERIC: "llvm.mlir.poison"() : () -> !llvm.array<2 x i64>
  %ps = llvm.mlir.poison : !llvm.array<2 x i64>
  // CHECK-NEXT: %5 = llvm.call %arg2(%3) : !llvm.ptr, (i64) -> i64
  %r = llvm.call %fp(%e) : !llvm.ptr, (i64) -> i64
  llvm.return %r : i64
}

// CHECK-LABEL: llvm.func @switches(%arg0: i32, %arg1: f32) -> f32
llvm.func @switches(%i: i32, %a: f32) -> f32 {
  // CHECK-NEXT: llvm.switch %arg0 : i32, ^bb1 [
  // CHECK-NEXT:   -2: ^bb2(%arg1 : f32),
  // CHECK-NEXT:   7: ^bb1
  // CHECK-NEXT: ] {branch_weights = array<i32: 1, 2, 3>}
  // GENERIC: "llvm.switch"(%arg0, %arg1)[^bb1, ^bb2, ^bb1] <{branch_weights = array<i32: 1, 2, 3>, case_operand_segments = array<i32: 1, 0>, case_values = dense<[-2, 7]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, f32) -> ()
  llvm.switch %i : i32, ^bb1 [
    -2: ^bb2(%a : f32),
    7: ^bb1
  ] {branch_weights = array<i32: 1, 2, 3>}
^bb1:
  // CHECK: llvm.switch %arg0 : i32, ^bb2(%arg1 : f32) [
  // CHECK-NEXT: ]
  // GENERIC: "llvm.switch"(%arg0, %arg1)[^bb2] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, f32) -> ()
  llvm.switch %i : i32, ^bb2(%a : f32) [
  ]
^bb2(%x: f32):
  llvm.return %x : f32
}
