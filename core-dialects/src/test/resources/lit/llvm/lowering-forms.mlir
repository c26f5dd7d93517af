// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s
// RUN: hip-mlir-opt %s --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// The forms the LLVM lowering emits; the CHECK lines are what mlir-opt-22 prints for this file.
// CHECK-LABEL: module {
// CHECK-NEXT:   llvm.mlir.global private constant @cst(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK-NEXT:   llvm.mlir.global internal @str("hi\00") {addr_space = 0 : i32}
// CHECK-NEXT:   llvm.func internal @lowering_forms(%arg0: !llvm.ptr, %arg1: i64, %arg2: i32) -> f32 attributes {passthrough = ["nounwind"], sym_visibility = "private"} {
// CHECK-NEXT:     %0 = llvm.load %arg0 {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:     llvm.store %0, %arg0 {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT:     %1 = llvm.getelementptr %arg0[%arg1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:     %2 = llvm.getelementptr inbounds %arg0[0, %arg1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x f32>
// CHECK-NEXT:     %3 = llvm.udiv %arg2, %arg2 : i32
// CHECK-NEXT:     %4 = llvm.srem %arg2, %arg2 : i32
// CHECK-NEXT:     %5 = llvm.lshr %arg2, %arg2 : i32
// CHECK-NEXT:     %6 = llvm.ashr %arg2, %arg2 : i32
// CHECK-NEXT:     %7 = llvm.xor %arg2, %arg2 : i32
// CHECK-NEXT:     %8 = llvm.frem %0, %0 : f32
// CHECK-NEXT:     %9 = llvm.fptosi %0 : f32 to i32
// CHECK-NEXT:     %10 = llvm.fpext %0 : f32 to f64
// CHECK-NEXT:     %11 = llvm.fptrunc %10 : f64 to f32
// CHECK-NEXT:     %12 = llvm.uitofp %arg2 : i32 to f32
// CHECK-NEXT:     %13 = llvm.zext %arg2 : i32 to i64
// CHECK-NEXT:     %14 = llvm.trunc %13 : i64 to i32
// CHECK-NEXT:     %15 = llvm.bitcast %arg2 : i32 to f32
// CHECK-NEXT:     %16 = llvm.add %arg2, %arg2 overflow<nsw> : i32
// CHECK-NEXT:     %17 = llvm.fmul %0, %0 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT:     %18 = llvm.mlir.addressof @str : !llvm.ptr
// CHECK-NEXT:     %19 = llvm.mul %arg2, %arg2 overflow<nsw, nuw> : i32
// CHECK-NEXT:     %20 = llvm.trunc %arg1 overflow<nuw> : i64 to i32
// CHECK-NEXT:     %21 = llvm.udiv exact %arg2, %arg2 : i32
// CHECK-NEXT:     %22 = llvm.or disjoint %arg2, %arg2 : i32
// CHECK-NEXT:     %23 = llvm.zext nneg %arg2 : i32 to i64
// CHECK-NEXT:     %24 = llvm.sdiv %arg2, %arg2 : i32
// CHECK-NEXT:     %25 = llvm.urem %arg2, %arg2 : i32
// CHECK-NEXT:     %26 = llvm.shl %arg2, %arg2 : i32
// CHECK-NEXT:     %27 = llvm.fdiv %0, %0 : f32
// CHECK-NEXT:     %28 = llvm.sitofp %arg2 : i32 to f32
// CHECK-NEXT:     %29 = llvm.fptoui %0 : f32 to i32
// CHECK-NEXT:     %30 = llvm.sext %arg2 : i32 to i64
// CHECK-NEXT:     %31 = llvm.ptrtoint %arg0 : !llvm.ptr to i64
// CHECK-NEXT:     %32 = llvm.inttoptr %31 : i64 to !llvm.ptr
// CHECK-NEXT:     %33 = llvm.fcmp "oge" %0, %0 : f32
// CHECK-NEXT:     %34 = llvm.icmp "uge" %arg2, %arg2 : i32
// CHECK-NEXT:     %35 = llvm.select %34, %0, %0 : i1, f32
// CHECK-NEXT:     llvm.return %35 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

llvm.mlir.global private constant @cst(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
llvm.mlir.global internal @str("hi\00") {addr_space = 0 : i32} : !llvm.array<3 x i8>
llvm.func internal @lowering_forms(%p: !llvm.ptr, %i: i64, %a: i32) -> f32 attributes {passthrough = ["nounwind"], sym_visibility = "private"} {
  %0 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %0, %p {alignment = 4 : i64} : f32, !llvm.ptr
  %1 = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %2 = llvm.getelementptr inbounds %p[0, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x f32>
  %3 = llvm.udiv %a, %a : i32
  %4 = llvm.srem %a, %a : i32
  %5 = llvm.lshr %a, %a : i32
  %6 = llvm.ashr %a, %a : i32
  %7 = llvm.xor %a, %a : i32
  %8 = llvm.frem %0, %0 : f32
  %9 = llvm.fptosi %0 : f32 to i32
  %10 = llvm.fpext %0 : f32 to f64
  %11 = llvm.fptrunc %10 : f64 to f32
  %12 = llvm.uitofp %a : i32 to f32
  %13 = llvm.zext %a : i32 to i64
  %14 = llvm.trunc %13 : i64 to i32
  %15 = llvm.bitcast %a : i32 to f32
  %16 = llvm.add %a, %a overflow<nsw> : i32
  %17 = llvm.fmul %0, %0 {fastmathFlags = #llvm.fastmath<fast>} : f32
  %18 = llvm.mlir.addressof @str : !llvm.ptr
  %19 = llvm.mul %a, %a overflow<nsw, nuw> : i32
  %20 = llvm.trunc %i overflow<nuw> : i64 to i32
  %21 = llvm.udiv exact %a, %a : i32
  %22 = llvm.or disjoint %a, %a : i32
  %23 = llvm.zext nneg %a : i32 to i64
  %24 = llvm.sdiv %a, %a : i32
  %25 = llvm.urem %a, %a : i32
  %26 = llvm.shl %a, %a : i32
  %27 = llvm.fdiv %0, %0 : f32
  %28 = llvm.sitofp %a : i32 to f32
  %29 = llvm.fptoui %0 : f32 to i32
  %30 = llvm.sext %a : i32 to i64
  %31 = llvm.ptrtoint %p : !llvm.ptr to i64
  %32 = llvm.inttoptr %31 : i64 to !llvm.ptr
  %33 = llvm.fcmp "oge" %0, %0 : f32
  %34 = llvm.icmp "uge" %a, %a : i32
  %35 = llvm.select %34, %0, %0 : i1, f32
  llvm.return %35 : f32
}
