// RUN: hip-mlir-opt %s --finalize-memref-to-llvm | FileCheck %s

// The lowering of `mlir-opt --finalize-memref-to-llvm` (LLVM 22) on the same input: descriptors
// built with llvm.mlir.poison + llvm.insertvalue and read with llvm.extractvalue; malloc/free/
// memrefCopy declared once at the start of the module; an aligned alloc pads the size and
// rounds the pointer up; element addresses are offset + index * stride; copy of contiguous
// layouts is a memcpy; get_global marks its allocated pointer with 0xdeadbeef. Function
// signatures stay (func is not converted by this pass), bridged by casts.

// CHECK-LABEL: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: llvm.func @free(!llvm.ptr)
// CHECK-LABEL: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: llvm.mlir.global private constant @table(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
// CHECK-LABEL: llvm.mlir.global external @state() {addr_space = 0 : i32} : !llvm.array<4 x i32> {
// CHECK-NEXT:   %0 = llvm.mlir.undef : !llvm.array<4 x i32>
// CHECK-NEXT:   llvm.return %0 : !llvm.array<4 x i32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @alloc_access(%arg0: memref<?x4xf32>, %arg1: index, %arg2: index) -> f32 {
// CHECK-NEXT:   %0 = "builtin.unrealized_conversion_cast"(%arg2) : (index) -> i64
// CHECK-NEXT:   %1 = "builtin.unrealized_conversion_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:   %2 = "builtin.unrealized_conversion_cast"(%arg0) : (memref<?x4xf32>) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %3 = arith.constant 0 : index
// CHECK-NEXT:   %4 = llvm.extractvalue %2[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %5 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %6 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %7 = llvm.mul %5, %4 : i64
// CHECK-NEXT:   %8 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %9 = llvm.getelementptr %8[%7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %10 = llvm.ptrtoint %9 : !llvm.ptr to i64
// CHECK-NEXT:   %11 = llvm.call @malloc(%10) : (i64) -> !llvm.ptr
// CHECK-NEXT:   %12 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %13 = llvm.insertvalue %11, %12[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %14 = llvm.insertvalue %11, %13[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %15 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %16 = llvm.insertvalue %15, %14[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %17 = llvm.insertvalue %4, %16[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %18 = llvm.insertvalue %5, %17[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %19 = llvm.insertvalue %5, %18[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %20 = llvm.insertvalue %6, %19[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %21 = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT:   %22 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %23 = llvm.alloca %21 x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT:   %24 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %25 = llvm.insertvalue %23, %24[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %26 = llvm.insertvalue %23, %25[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %27 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %28 = llvm.insertvalue %27, %26[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %29 = llvm.insertvalue %21, %28[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %30 = llvm.insertvalue %22, %29[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %31 = llvm.extractvalue %2[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %32 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %33 = llvm.mul %1, %32 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %34 = llvm.add %33, %0 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %35 = llvm.getelementptr inbounds|nuw %31[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %36 = llvm.load %35 : !llvm.ptr -> f32
// CHECK-NEXT:   %37 = llvm.extractvalue %20[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %38 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %39 = llvm.mul %1, %38 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %40 = llvm.add %39, %0 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %41 = llvm.getelementptr inbounds|nuw %37[%40] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   llvm.store %36, %41 : f32, !llvm.ptr
// CHECK-NEXT:   %42 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %43 = llvm.extractvalue %2[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %44 = llvm.mul %42, %43 : i64
// CHECK-NEXT:   %45 = llvm.extractvalue %2[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %46 = llvm.mul %44, %45 : i64
// CHECK-NEXT:   %47 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %48 = llvm.getelementptr %47[1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   %49 = llvm.ptrtoint %48 : !llvm.ptr to i64
// CHECK-NEXT:   %50 = llvm.mul %46, %49 : i64
// CHECK-NEXT:   %51 = llvm.extractvalue %2[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %52 = llvm.extractvalue %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %53 = llvm.getelementptr %51[%52] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %54 = llvm.extractvalue %20[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %55 = llvm.extractvalue %20[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %56 = llvm.getelementptr %54[%55] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   "llvm.intr.memcpy"(%56, %53, %50) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT:   %57 = llvm.extractvalue %20[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   llvm.call @free(%57) : (!llvm.ptr) -> ()
// CHECK-NEXT:   %58 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %59 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %60 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %61 = llvm.getelementptr %60[%58] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %62 = llvm.ptrtoint %61 : !llvm.ptr to i64
// CHECK-NEXT:   %63 = llvm.mlir.constant(64 : index) : i64
// CHECK-NEXT:   %64 = llvm.add %62, %63 : i64
// CHECK-NEXT:   %65 = llvm.call @malloc(%64) : (i64) -> !llvm.ptr
// CHECK-NEXT:   %66 = llvm.ptrtoint %65 : !llvm.ptr to i64
// CHECK-NEXT:   %67 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %68 = llvm.sub %63, %67 : i64
// CHECK-NEXT:   %69 = llvm.add %66, %68 : i64
// CHECK-NEXT:   %70 = llvm.urem %69, %63 : i64
// CHECK-NEXT:   %71 = llvm.sub %69, %70 : i64
// CHECK-NEXT:   %72 = llvm.inttoptr %71 : i64 to !llvm.ptr
// CHECK-NEXT:   %73 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %74 = llvm.insertvalue %65, %73[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %75 = llvm.insertvalue %72, %74[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %76 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %77 = llvm.insertvalue %76, %75[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %78 = llvm.insertvalue %58, %77[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %79 = llvm.insertvalue %59, %78[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   return %36 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @views(%arg0: memref<?x4xf32>, %arg1: index) -> index {
// CHECK-NEXT:   %0 = "builtin.unrealized_conversion_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:   %1 = "builtin.unrealized_conversion_cast"(%arg0) : (memref<?x4xf32>) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %2 = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT:   %3 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %4 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %5 = llvm.getelementptr %4[%2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %6 = llvm.ptrtoint %5 : !llvm.ptr to i64
// CHECK-NEXT:   %7 = llvm.mlir.addressof @table : !llvm.ptr
// CHECK-NEXT:   %8 = llvm.getelementptr %7[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f32>
// CHECK-NEXT:   %9 = llvm.mlir.constant(3735928559 : index) : i64
// CHECK-NEXT:   %10 = llvm.inttoptr %9 : i64 to !llvm.ptr
// CHECK-NEXT:   %11 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %12 = llvm.insertvalue %10, %11[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %13 = llvm.insertvalue %8, %12[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %14 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %15 = llvm.insertvalue %14, %13[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %16 = llvm.insertvalue %2, %15[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %17 = llvm.insertvalue %3, %16[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %18 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %19 = llvm.extractvalue %1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %20 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %21 = llvm.insertvalue %19, %18[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %22 = llvm.insertvalue %20, %21[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %23 = llvm.insertvalue %0, %22[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %24 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %25 = llvm.insertvalue %24, %23[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %26 = llvm.insertvalue %0, %25[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %27 = llvm.insertvalue %0, %26[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %28 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %29 = llvm.insertvalue %28, %27[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %30 = llvm.extractvalue %29[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %31 = llvm.extractvalue %29[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %32 = llvm.getelementptr %30[%31] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %33 = llvm.extractvalue %29[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %34 = llvm.mul %0, %33 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %35 = llvm.add %34, %0 overflow<nsw, nuw> : i64
// CHECK-NEXT:   %36 = llvm.getelementptr inbounds|nuw %32[%35] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %37 = llvm.load %36 : !llvm.ptr -> f32
// CHECK-NEXT:   %38 = llvm.extractvalue %1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %39 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %40 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT:   %41 = llvm.insertvalue %38, %40[0] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT:   %42 = llvm.insertvalue %39, %41[1] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT:   %43 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %44 = llvm.insertvalue %43, %42[2] : !llvm.struct<(ptr, ptr, i64)>
// CHECK-NEXT:   %45 = llvm.extractvalue %1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %46 = llvm.extractvalue %1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %47 = llvm.extractvalue %1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %48 = llvm.extractvalue %1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %49 = llvm.extractvalue %1[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %50 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %51 = llvm.ptrtoint %50 : !llvm.ptr to i64
// CHECK-NEXT:   %52 = "builtin.unrealized_conversion_cast"(%51) : (i64) -> index
// CHECK-NEXT:   %53 = llvm.mlir.constant(64 : index) : i64
// CHECK-NEXT:   %54 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %55 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %56 = llvm.getelementptr %55[%53] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT:   %57 = llvm.ptrtoint %56 : !llvm.ptr to i64
// CHECK-NEXT:   %58 = llvm.call @malloc(%57) : (i64) -> !llvm.ptr
// CHECK-NEXT:   %59 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %60 = llvm.insertvalue %58, %59[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %61 = llvm.insertvalue %58, %60[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %62 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %63 = llvm.insertvalue %62, %61[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %64 = llvm.insertvalue %53, %63[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %65 = llvm.insertvalue %54, %64[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %66 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %67 = llvm.extractvalue %65[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %68 = llvm.insertvalue %67, %66[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %69 = llvm.extractvalue %65[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %70 = llvm.getelementptr %69[%0] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT:   %71 = llvm.insertvalue %70, %68[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %72 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %73 = llvm.insertvalue %72, %71[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %74 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %75 = llvm.insertvalue %74, %73[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %76 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %77 = llvm.insertvalue %76, %75[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %78 = llvm.insertvalue %0, %77[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %79 = llvm.mlir.constant(4 : index) : i64
// CHECK-NEXT:   %80 = llvm.insertvalue %79, %78[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   return %52 : index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dim_and_contiguous_copy(%arg0: memref<?x4xf32>, %arg1: index, %arg2: memref<2x8xf32, strided<[8, 1], offset: 8>>, %arg3: memref<2x8xf32>) -> index {
// CHECK-NEXT:   %0 = "builtin.unrealized_conversion_cast"(%arg3) : (memref<2x8xf32>) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %1 = "builtin.unrealized_conversion_cast"(%arg2) : (memref<2x8xf32, strided<[8, 1], offset: 8>>) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %2 = "builtin.unrealized_conversion_cast"(%arg1) : (index) -> i64
// CHECK-NEXT:   %3 = "builtin.unrealized_conversion_cast"(%arg0) : (memref<?x4xf32>) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %4 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %5 = llvm.extractvalue %3[3] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %6 = llvm.alloca %4 x !llvm.array<2 x i64> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %5, %6 : !llvm.array<2 x i64>, !llvm.ptr
// CHECK-NEXT:   %7 = llvm.getelementptr %6[0, %2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x i64>
// CHECK-NEXT:   %8 = llvm.load %7 : !llvm.ptr -> i64
// CHECK-NEXT:   %9 = "builtin.unrealized_conversion_cast"(%8) : (i64) -> index
// CHECK-NEXT:   %10 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %11 = llvm.extractvalue %1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %12 = llvm.mul %10, %11 : i64
// CHECK-NEXT:   %13 = llvm.extractvalue %1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %14 = llvm.mul %12, %13 : i64
// CHECK-NEXT:   %15 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %16 = llvm.getelementptr %15[1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   %17 = llvm.ptrtoint %16 : !llvm.ptr to i64
// CHECK-NEXT:   %18 = llvm.mul %14, %17 : i64
// CHECK-NEXT:   %19 = llvm.extractvalue %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %20 = llvm.extractvalue %1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %21 = llvm.getelementptr %19[%20] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %22 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %23 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %24 = llvm.getelementptr %22[%23] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   "llvm.intr.memcpy"(%24, %21, %18) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT:   %25 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %26 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %27 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:   %28 = llvm.insertvalue %26, %25[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %29 = llvm.insertvalue %27, %28[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %30 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %31 = llvm.insertvalue %30, %29[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %32 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %33 = llvm.insertvalue %32, %31[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %34 = llvm.mlir.constant(2 : index) : i64
// CHECK-NEXT:   %35 = llvm.insertvalue %34, %33[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %36 = llvm.mlir.constant(8 : index) : i64
// CHECK-NEXT:   %37 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %38 = llvm.alloca %36 x f32 : (i64) -> !llvm.ptr
// CHECK-NEXT:   %39 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %40 = llvm.insertvalue %38, %39[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %41 = llvm.insertvalue %38, %40[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %42 = llvm.mlir.constant(0 : index) : i64
// CHECK-NEXT:   %43 = llvm.insertvalue %42, %41[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %44 = llvm.insertvalue %36, %43[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %45 = llvm.insertvalue %37, %44[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:   %46 = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT:   %47 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:   %48 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %49 = llvm.alloca %48 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %35, %49 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK-NEXT:   %50 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %51 = llvm.insertvalue %47, %50[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %52 = llvm.insertvalue %49, %51[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %53 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:   %54 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %55 = llvm.alloca %54 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %45, %55 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// CHECK-NEXT:   %56 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %57 = llvm.insertvalue %53, %56[0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %58 = llvm.insertvalue %55, %57[1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT:   %59 = llvm.mlir.constant(1 : index) : i64
// CHECK-NEXT:   %60 = llvm.alloca %59 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %52, %60 : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT:   %61 = llvm.alloca %59 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.store %58, %61 : !llvm.struct<(i64, ptr)>, !llvm.ptr
// CHECK-NEXT:   %62 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:   %63 = llvm.getelementptr %62[1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   %64 = llvm.ptrtoint %63 : !llvm.ptr to i64
// CHECK-NEXT:   llvm.call @memrefCopy(%64, %60, %61) : (i64, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NEXT:   llvm.intr.stackrestore %46 : !llvm.ptr
// CHECK-NEXT:   return %9 : index
// CHECK-NEXT: }
// CHECK-LABEL: memref.global "private" @strided_global : memref<4xf32, strided<[2]>> = uninitialized
// CHECK-LABEL: func.func @strided_uses() -> memref<4xf32, strided<[2]>> {
// CHECK-NEXT:   %0 = memref.get_global @strided_global : memref<4xf32, strided<[2]>>
// CHECK-NEXT:   return %0 : memref<4xf32, strided<[2]>>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @strided_alloc() {
// CHECK-NEXT:   %0 = memref.alloc() : memref<4xf32, strided<[2]>>
// CHECK-NEXT:   return
// CHECK-NEXT: }

memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>
memref.global @state : memref<4xi32> = uninitialized

func.func @alloc_access(%a: memref<?x4xf32>, %i: index, %j: index) -> f32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?x4xf32>
  %b = memref.alloc(%n) : memref<?x4xf32>
  %s = memref.alloca() {alignment = 16 : i64} : memref<2xf32>
  %v = memref.load %a[%i, %j] : memref<?x4xf32>
  memref.store %v, %b[%i, %j] : memref<?x4xf32>
  memref.copy %a, %b : memref<?x4xf32> to memref<?x4xf32>
  memref.dealloc %b : memref<?x4xf32>
  %al = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  return %v : f32
}

func.func @views(%a: memref<?x4xf32>, %o: index) -> index {
  %0 = memref.get_global @table : memref<2xf32>
  %1 = memref.cast %a : memref<?x4xf32> to memref<3x4xf32>
  %2 = memref.reinterpret_cast %a to offset: [%o], sizes: [4, %o], strides: [%o, 1] : memref<?x4xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %3 = memref.load %2[%o, %o] : memref<4x?xf32, strided<[?, 1], offset: ?>>
  %b, %off, %s:2, %st:2 = memref.extract_strided_metadata %a : memref<?x4xf32> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %a : memref<?x4xf32> -> index
  %raw = memref.alloc() : memref<64xi8>
  %v = memref.view %raw[%o][%o] : memref<64xi8> to memref<?x4xf32>
  return %p : index
}

// dim with a run-time index loads the size from the sizes array stored on the stack; a copy of
// a static contiguous layout (any offset) is a memcpy too; other layouts call the runtime's
// memrefCopy with the descriptors stored on the stack.
func.func @dim_and_contiguous_copy(%a: memref<?x4xf32>, %i: index, %s: memref<2x8xf32, strided<[8, 1], offset: 8>>, %b: memref<2x8xf32>) -> index {
  %n = memref.dim %a, %i : memref<?x4xf32>
  memref.copy %s, %b : memref<2x8xf32, strided<[8, 1], offset: 8>> to memref<2x8xf32>
  %t = memref.reinterpret_cast %b to offset: [0], sizes: [8], strides: [2] : memref<2x8xf32> to memref<8xf32, strided<[2]>>
  %u = memref.alloca() : memref<8xf32>
  memref.copy %t, %u : memref<8xf32, strided<[2]>> to memref<8xf32>
  return %n : index
}

// Allocations and globals of non-identity layouts stay, as upstream leaves them.
memref.global "private" @strided_global : memref<4xf32, strided<[2]>> = uninitialized
func.func @strided_uses() -> memref<4xf32, strided<[2]>> {
  %0 = memref.get_global @strided_global : memref<4xf32, strided<[2]>>
  return %0 : memref<4xf32, strided<[2]>>
}
func.func @strided_alloc() {
  %0 = memref.alloc() : memref<4xf32, strided<[2]>>
  return
}
