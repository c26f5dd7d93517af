// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:   llvm.mlir.global internal constant @g(42 : i32) {addr_space = 0 : i32} : i32
// CHECK-NEXT:   llvm.mlir.global external @arr() {addr_space = 0 : i32} : !llvm.array<4 x f32> {
// CHECK-NEXT:     %0 = llvm.mlir.zero : !llvm.array<4 x f32>
// CHECK-NEXT:     llvm.return %0 : !llvm.array<4 x f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func @decl(i32, ...) -> i32
// CHECK-NEXT:   llvm.func @f(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
// CHECK-NEXT:     %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:     %1 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:     %2 = llvm.add %arg0, %0 : i32
// CHECK-NEXT:     %3 = llvm.sitofp %2 : i32 to f32
// CHECK-NEXT:     %4 = llvm.fadd %3, %3 : f32
// CHECK-NEXT:     %5 = llvm.fneg %4 : f32
// CHECK-NEXT:     %6 = llvm.icmp "slt" %2, %0 : i32
// CHECK-NEXT:     %7 = llvm.fcmp "olt" %3, %4 : f32
// CHECK-NEXT:     %8 = llvm.select %6, %2, %0 : i1, i32
// CHECK-NEXT:     %9 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:     %10 = llvm.alloca %9 x i32 : (i64) -> !llvm.ptr
// CHECK-NEXT:     llvm.store %8, %10 : i32, !llvm.ptr
// CHECK-NEXT:     %11 = llvm.load %10 : !llvm.ptr -> i32
// CHECK-NEXT:     %12 = llvm.getelementptr inbounds %arg1[%9, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i64, i32, f32)>
// CHECK-NEXT:     %13 = llvm.mlir.addressof @g : !llvm.ptr
// CHECK-NEXT:     %14 = llvm.call @decl(%11, %2) vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
// CHECK-NEXT:     %15 = llvm.call @f(%11, %arg1) : (i32, !llvm.ptr) -> i32
// CHECK-NEXT:     llvm.cond_br %6, ^bb1(%14 : i32), ^bb2
// CHECK-NEXT:   ^bb1(%16: i32):
// CHECK-NEXT:     llvm.br ^bb2
// CHECK-NEXT:   ^bb2:
// CHECK-NEXT:     %17 = llvm.ptrtoint %arg1 : !llvm.ptr to i64
// CHECK-NEXT:     %18 = llvm.inttoptr %17 : i64 to !llvm.ptr<1>
// CHECK-NEXT:     %19 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:     llvm.return %11 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func internal @void_fn() {
// CHECK-NEXT:     llvm.call @void_fn() : () -> ()
// CHECK-NEXT:     llvm.return
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func @types(!llvm.struct<"named", (i32, ptr<1>)>, !llvm.struct<packed (i8, i32)>, !llvm.array<2 x array<3 x i8>>) -> !llvm.ptr
// CHECK-NEXT: }

llvm.mlir.global internal constant @g(42 : i32) : i32
llvm.mlir.global external @arr() : !llvm.array<4 x f32> {
  %0 = llvm.mlir.zero : !llvm.array<4 x f32>
  llvm.return %0 : !llvm.array<4 x f32>
}
llvm.func @decl(i32, ...) -> i32
llvm.func @f(%arg0: i32, %p: !llvm.ptr) -> i32 {
  %c = llvm.mlir.constant(1 : i32) : i32
  %u = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
  %a = llvm.add %arg0, %c : i32
  %f = llvm.sitofp %a : i32 to f32
  %g = llvm.fadd %f, %f : f32
  %n = llvm.fneg %g : f32
  %cmp = llvm.icmp "slt" %a, %c : i32
  %fc = llvm.fcmp "olt" %f, %g : f32
  %s = llvm.select %cmp, %a, %c : i1, i32
  %one = llvm.mlir.constant(1 : i64) : i64
  %al = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  llvm.store %s, %al : i32, !llvm.ptr
  %l = llvm.load %al : !llvm.ptr -> i32
  %gep = llvm.getelementptr inbounds %p[%one, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i64, i32, f32)>
  %ad = llvm.mlir.addressof @g : !llvm.ptr
  %r = llvm.call @decl(%l, %a) vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
  %r2 = llvm.call @f(%l, %p) : (i32, !llvm.ptr) -> i32
  llvm.cond_br %cmp, ^bb1(%r : i32), ^bb2
^bb1(%x: i32):
  llvm.br ^bb2
^bb2:
  %pi = llvm.ptrtoint %p : !llvm.ptr to i64
  %ip = llvm.inttoptr %pi : i64 to !llvm.ptr<1>
  %z = llvm.mlir.zero : !llvm.ptr
  llvm.return %l : i32
}
llvm.func internal @void_fn() {
  llvm.call @void_fn() : () -> ()
  llvm.return
}
llvm.func @types(!llvm.struct<"named", (i32, ptr<1>)>, !llvm.struct<packed (i8, i32)>, !llvm.array<2 x array<3 x i8>>) -> !llvm.ptr
