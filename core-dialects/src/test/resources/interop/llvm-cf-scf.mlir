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
func.func @structured(%a: i32, %c: i1, %lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  cf.assert %c, "boom"
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    scf.yield %acc : f32
  }
  %q = scf.if %c -> (f32) {
    scf.yield %r : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    "x.y"() : () -> ()
  }
  cf.cond_br %c, ^bb1(%q : f32), ^bb2
^bb1(%z: f32):
  cf.br ^bb2
^bb2:
  return %x : f32
}
llvm.func @intrinsics(%a: f32, %b: f32, %p: !llvm.ptr, %q: !llvm.ptr, %n: i64, %v: vector<4xf32>) {
  %0 = llvm.intr.fabs(%a) : (f32) -> f32
  %1 = llvm.intr.sqrt(%v) : (vector<4xf32>) -> vector<4xf32>
  %2 = llvm.intr.exp(%a) : (f32) -> f32
  %3 = llvm.intr.log(%a) : (f32) -> f32
  %4 = llvm.intr.pow(%a, %b) : (f32, f32) -> f32
  %5 = llvm.intr.fma(%a, %b, %a) : (f32, f32, f32) -> f32
  %6 = llvm.intr.minnum(%a, %b) : (f32, f32) -> f32
  %7 = llvm.intr.maxnum(%a, %b) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
  %8 = llvm.intr.exp2(%a) : (f32) -> f32
  %9 = llvm.intr.tanh(%a) : (f32) -> f32
  %10 = llvm.intr.copysign(%a, %b) : (f32, f32) -> f32
  "llvm.intr.memcpy"(%p, %q, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %c0 = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%p, %c0, %n) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  %11 = llvm.call_intrinsic "llvm.fabs.f32"(%a) : (f32) -> f32
  llvm.call_intrinsic "llvm.donothing"() : () -> ()
  llvm.return
}
llvm.func @aggregates(%p: !llvm.ptr, %n: i64, %fp: !llvm.ptr) -> i64 {
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %s1 = llvm.insertvalue %p, %u[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %s2 = llvm.insertvalue %n, %s1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %e = llvm.extractvalue %s2[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>)>
  %ps = llvm.mlir.poison : !llvm.array<2 x i64>
  %r = llvm.call %fp(%e) : !llvm.ptr, (i64) -> i64
  llvm.return %r : i64
}
llvm.func @switches(%i: i32, %a: f32) -> f32 {
  llvm.switch %i : i32, ^bb1 [
    -2: ^bb2(%a : f32),
    7: ^bb1
  ] {branch_weights = array<i32: 1, 2, 3>}
^bb1:
  llvm.switch %i : i32, ^bb2(%a : f32) [
  ]
^bb2(%x: f32):
  llvm.return %x : f32
}
func.func @cf_switches(%i: i32, %a: f32) -> f32 {
  cf.switch %i : i32, [
    default: ^bb1,
    1: ^bb2(%a : f32),
    -2: ^bb1
  ]
^bb1:
  cf.switch %i : i32, [
    default: ^bb2(%a : f32)
  ]
^bb2(%x: f32):
  return %x : f32
}
func.func @loops(%x: f32, %n: i32, %c: i1) -> f32 {
  %r:2 = scf.while (%a = %x, %b = %n) : (f32, i32) -> (f32, i32) {
    scf.condition(%c) %a, %b : f32, i32
  } do {
  ^bb0(%a2: f32, %b2: i32):
    scf.yield %a2, %b2 : f32, i32
  }
  %s = scf.while (%a = %x) : (f32) -> f32 {
    %a1 = arith.addf %a, %a : f32
    scf.condition(%c) %a1 : f32
  } do {
  ^bb0(%a2: f32):
    scf.yield %a2 : f32
  } attributes {tag = 1 : i64}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %s : f32
}
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
func.func @parallel(%lb: index, %ub: index, %st: index, %x: f32, %m: memref<?x?xf32>) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i, %j] : memref<?x?xf32>
    memref.store %v, %m[%j, %i] : memref<?x?xf32>
  }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%x) -> f32 {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
llvm.func @k(%arg0: !llvm.ptr {llvm.noalias, llvm.nonnull}, %arg1: i64 {llvm.zeroext}) -> (!llvm.struct<(ptr, i64)> {llvm.noundef}) {
  %c = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %c x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %v = llvm.load volatile %a : !llvm.ptr -> f32
  llvm.store volatile %v, %a : f32, !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
  llvm.return %u : !llvm.struct<(ptr, i64)>
}
llvm.func extern_weak @w() attributes {always_inline}
llvm.mlir.global private @z(0.0 : f32) {addr_space = 0 : i32} : f32
