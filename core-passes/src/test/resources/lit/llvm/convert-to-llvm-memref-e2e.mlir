// RUN: hip-mlir-opt %s --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s

// End to end: memref arguments, an aligned alloc, nested scf.for loops over load/store,
// math.exp and arith.maximumf, a subview of the allocation, an alloca and a copy into it, dim,
// a call passing a memref and returning two values, dealloc; lowered to llvm-only IR. The same
// pipeline in `mlir-opt` (LLVM 22) prints the same (LoweredIrUpstreamTest checks it).

// CHECK-LABEL: llvm.func @free(!llvm.ptr)
// CHECK-LABEL: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: llvm.func @consume(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, f32) -> !llvm.struct<(f32, i64)> attributes {sym_visibility = "private"}
// CHECK-LABEL: llvm.func @softexp(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: f32) -> !llvm.struct<(f32, i64)> {
// CHECK-NEXT:   %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %1 = llvm.insertvalue %arg7, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %2 = llvm.insertvalue %arg8, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %3 = llvm.insertvalue %arg9, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %4 = llvm.insertvalue %arg10, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %5 = llvm.insertvalue %arg12, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %6 = llvm.insertvalue %arg11, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %7 = llvm.insertvalue %arg13, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %8 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %9 = llvm.insertvalue %arg0, %8[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %10 = llvm.insertvalue %arg1, %9[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %11 = llvm.insertvalue %arg2, %10[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %12 = llvm.insertvalue %arg3, %11[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %13 = llvm.insertvalue %arg5, %12[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %14 = llvm.insertvalue %arg4, %13[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %15 = llvm.insertvalue %arg6, %14[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %16 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %17 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %18 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %19 = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK-NEXT:   %20 = llvm.extractvalue %15[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %21 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %22 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %23 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %24 = llvm.mlir.constant(32 : index) : i64
// CHECK-NEXT:   %25 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %26 = llvm.getelementptr %25[%24] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %27 = llvm.ptrtoint %26 : !llvm.ptr to i64
// CHECK-NEXT:   %28 = llvm.mlir.constant(64 : index) : i64
// CHECK-NEXT:   %29 = llvm.add %27, %28 : i64
// CHECK-NEXT:   %30 = llvm.call @malloc(%29) : (i64) -> !llvm.ptr
// CHECK-NEXT:   %31 = llvm.ptrtoint %30 : !llvm.ptr to i64
// CHECK-NEXT:   %32 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %33 = llvm.sub %28, %32 : i64
// CHECK-NEXT:   %34 = llvm.add %31, %33 : i64
// CHECK-NEXT:   %35 = llvm.urem %34, %28 : i64
// CHECK-NEXT:   %36 = llvm.sub %34, %35 : i64
// CHECK-NEXT:   %37 = llvm.inttoptr %36 : i64 to !llvm.ptr
// CHECK-NEXT:   %38 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %39 = llvm.insertvalue %30, %38[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %40 = llvm.insertvalue %37, %39[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %41 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %42 = llvm.insertvalue %41, %40[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %43 = llvm.insertvalue %21, %42[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %44 = llvm.insertvalue %22, %43[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %45 = llvm.insertvalue %22, %44[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %46 = llvm.insertvalue %23, %45[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.br ^bb1(%16, %19 : i64, f32)
// CHECK-NEXT: ^bb1(%47: i64, %48: f32):  // 2 preds: ^bb0, ^bb5
// CHECK-NEXT:   %49 = llvm.icmp "slt" %47, %20 : i64
// CHECK-NEXT:   llvm.cond_br %49, ^bb2, ^bb6
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   llvm.br ^bb3(%16, %48 : i64, f32)
// CHECK-NEXT: ^bb3(%50: i64, %51: f32):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT:   %52 = llvm.icmp "slt" %50, %18 : i64
// CHECK-NEXT:   llvm.cond_br %52, ^bb4, ^bb5
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   %53 = llvm.extractvalue %15[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %54 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %55 = llvm.mul %47, %54 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %56 = llvm.add %55, %50 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %57 = llvm.getelementptr inbounds|nuw %53[%56] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %58 = llvm.load %57 : !llvm.ptr -> f32
// CHECK-NEXT:   %59 = llvm.fmul %58, %arg14 : f32
// CHECK-NEXT:   %60 = llvm.intr.exp(%59) : (f32) -> f32
// CHECK-NEXT:   %61 = llvm.intr.maximum(%60, %19) : (f32, f32) -> f32
// CHECK-NEXT:   %62 = llvm.extractvalue %46[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %63 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %64 = llvm.mul %47, %63 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %65 = llvm.add %64, %50 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %66 = llvm.getelementptr inbounds|nuw %62[%65] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   llvm.store %61, %66 : f32, !llvm.ptr
// CHECK-NEXT:   %67 = llvm.fadd %51, %61 : f32
// CHECK-NEXT:   %68 = llvm.add %50, %17 : i64
// CHECK-NEXT:   llvm.br ^bb3(%68, %67 : i64, f32)
// CHECK-NEXT: ^bb5:  // pred: ^bb3
// CHECK-NEXT:   %69 = llvm.add %47, %17 : i64
// CHECK-NEXT:   llvm.br ^bb1(%69, %51 : i64, f32)
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT:   %70 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %71 = llvm.extractvalue %46[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %72 = llvm.extractvalue %46[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %73 = llvm.insertvalue %71, %70[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %74 = llvm.insertvalue %72, %73[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %75 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %76 = llvm.insertvalue %75, %74[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %77 = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT:   %78 = llvm.insertvalue %77, %76[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %79 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %80 = llvm.insertvalue %79, %78[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %81 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %82 = llvm.insertvalue %81, %80[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %83 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %84 = llvm.insertvalue %83, %82[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %85 = llvm.extractvalue %84[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %86 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %87 = llvm.getelementptr %85[%86] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %88 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %89 = llvm.mul %17, %88 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %90 = llvm.add %89, %16 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %91 = llvm.getelementptr inbounds|nuw %87[%90] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %92 = llvm.load %91 : !llvm.ptr -> f32
// CHECK-NEXT:   %93 = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT:   %94 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %95 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %96 = llvm.mlir.constant(16 : index) : i64
// CHECK-NEXT:   %97 = llvm.alloca %96 x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT:   %98 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %99 = llvm.insertvalue %97, %98[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %100 = llvm.insertvalue %97, %99[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %101 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %102 = llvm.insertvalue %101, %100[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %103 = llvm.insertvalue %93, %102[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %104 = llvm.insertvalue %94, %103[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %105 = llvm.insertvalue %94, %104[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %106 = llvm.insertvalue %95, %105[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %107 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %108 = llvm.extractvalue %7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %109 = llvm.mul %107, %108 : i64
// CHECK-NEXT:   %110 = llvm.extractvalue %7[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %111 = llvm.mul %109, %110 : i64
// CHECK-NEXT:   %112 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %113 = llvm.getelementptr %112[1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   %114 = llvm.ptrtoint %113 : !llvm.ptr to i64
// CHECK-NEXT:   %115 = llvm.mul %111, %114 : i64
// CHECK-NEXT:   %116 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %117 = llvm.extractvalue %7[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %118 = llvm.getelementptr %116[%117] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %119 = llvm.extractvalue %106[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %120 = llvm.extractvalue %106[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %121 = llvm.getelementptr %119[%120] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   "llvm.intr.memcpy"(%121, %118, %115) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT:   %122 = llvm.extractvalue %106[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %123 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %124 = llvm.mul %16, %123 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %125 = llvm.add %124, %16 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %126 = llvm.getelementptr inbounds|nuw %122[%125] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   llvm.store %92, %126 : f32, !llvm.ptr
// CHECK-NEXT:   %127 = llvm.extractvalue %46[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %128 = llvm.extractvalue %46[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %129 = llvm.extractvalue %46[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %130 = llvm.extractvalue %46[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %131 = llvm.extractvalue %46[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %132 = llvm.extractvalue %46[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %133 = llvm.extractvalue %46[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %134 = llvm.call @consume(%127, %128, %129, %130, %131, %132, %133, %48) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, f32) -> !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %135 = llvm.extractvalue %134[0] : !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %136 = llvm.extractvalue %134[1] : !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %137 = llvm.extractvalue %46[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.call @free(%137) : (!llvm.ptr) -> ()
// CHECK-NEXT:   %138 = llvm.fadd %135, %92 : f32
// CHECK-NEXT:   %139 = llvm.add %136, %20 : i64
// CHECK-NEXT:   %140 = llvm.mlir.poison : !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %141 = llvm.insertvalue %138, %140[0] : !llvm.struct<(f32, i64)>
// CHECK-NEXT:   %142 = llvm.insertvalue %139, %141[1] : !llvm.struct<(f32, i64)>
// CHECK-NEXT:   llvm.return %142 : !llvm.struct<(f32, i64)>
// CHECK-NEXT: }

func.func private @consume(memref<4x8xf32>, f32) -> (f32, index)

func.func @softexp(%in: memref<?x8xf32>, %out: memref<2x8xf32>, %scale: f32) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %in, %c0 : memref<?x8xf32>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %row = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (f32) {
      %x = memref.load %in[%i, %j] : memref<?x8xf32>
      %y = arith.mulf %x, %scale : f32
      %e = math.exp %y : f32
      %m = arith.maximumf %e, %zero : f32
      memref.store %m, %tmp[%i, %j] : memref<4x8xf32>
      %s = arith.addf %a, %m : f32
      scf.yield %s : f32
    }
    scf.yield %row : f32
  }
  %rows = memref.subview %tmp[1, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 8>>
  %v = memref.load %rows[%c1, %c0] : memref<2x8xf32, strided<[8, 1], offset: 8>>
  %flat = memref.alloca() : memref<2x8xf32>
  memref.copy %out, %flat : memref<2x8xf32> to memref<2x8xf32>
  memref.store %v, %flat[%c0, %c0] : memref<2x8xf32>
  %r:2 = call @consume(%tmp, %sum) : (memref<4x8xf32>, f32) -> (f32, index)
  memref.dealloc %tmp : memref<4x8xf32>
  %t = arith.addf %r#0, %v : f32
  %k = arith.addi %r#1, %n : index
  return %t, %k : f32, index
}
