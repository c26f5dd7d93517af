// RUN: hip-mlir-opt %s | FileCheck %s
// RUN: hip-mlir-opt %s | hip-mlir-opt | FileCheck %s
// RUN: hip-mlir-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: hip-mlir-opt %s --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Every arith op in its custom form: printed back as upstream prints it (default flags elided),
// and in the generic form with upstream's properties (default flags spelled out).

// CHECK-LABEL: func.func @ops(
// CHECK-NEXT: %0 = arith.constant 42 : i32
// CHECK-NEXT: %1 = arith.constant 0 : index
// CHECK-NEXT: %2 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %3 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: %4 = arith.constant true
// CHECK-NEXT: %5 = arith.constant {tag} -1 : i8
// CHECK-NEXT: %6 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.subi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %8 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %9 = arith.shli %arg0, %arg1 overflow<nuw> {tag} : i32
// CHECK-NEXT: %10 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %12 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %14 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %15 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %16 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %17 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %18 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %21 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %22 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: %23 = arith.addi %arg6, %3 : tensor<4xi32>
// CHECK-NEXT: %24 = arith.addi %arg8, %1 : index
// CHECK-NEXT: %25 = arith.addf %arg3, %arg4 : f32
// CHECK-NEXT: %26 = arith.subf %arg3, %arg4 fastmath<fast> : f32
// CHECK-NEXT: %27 = arith.mulf %arg3, %arg4 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %28 = arith.divf %arg3, %arg4 fastmath<reassoc,contract> : f32
// CHECK-NEXT: %29 = arith.remf %arg3, %arg4 : f32
// CHECK-NEXT: %30 = arith.maxnumf %arg3, %arg4 : f32
// CHECK-NEXT: %31 = arith.minnumf %arg3, %arg4 : f32
// CHECK-NEXT: %32 = arith.maximumf %arg3, %arg4 : f32
// CHECK-NEXT: %33 = arith.minimumf %arg3, %arg4 : f32
// CHECK-NEXT: %34 = arith.negf %arg3 fastmath<nsz> : f32
// CHECK-NEXT: %35 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %36 = arith.cmpi uge, %arg6, %3 : tensor<4xi32>
// CHECK-NEXT: %37 = arith.cmpf olt, %arg3, %arg4 : f32
// CHECK-NEXT: %38 = arith.cmpf une, %arg3, %arg4 fastmath<fast> : f32
// CHECK-NEXT: %39 = arith.select %arg2, %arg0, %arg1 : i32
// CHECK-NEXT: %40 = arith.select %arg7, %arg6, %3 : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT: %41 = arith.extsi %arg5 : i8 to i32
// CHECK-NEXT: %42 = arith.extui %arg5 : i8 to i32
// CHECK-NEXT: %43 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT: %44 = arith.trunci %arg0 overflow<nsw> : i32 to i8
// CHECK-NEXT: %45 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT: %46 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %47 = arith.fptosi %arg3 : f32 to i32
// CHECK-NEXT: %48 = arith.fptoui %arg3 : f32 to i32
// CHECK-NEXT: %49 = arith.extf %arg9 : f16 to f32
// CHECK-NEXT: %50 = arith.truncf %arg3 : f32 to f16
// CHECK-NEXT: %51 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %52 = arith.index_castui %arg8 : index to i32
// CHECK-NEXT: %53 = arith.bitcast %arg3 : f32 to i32
// CHECK-NEXT: %54 = arith.extsi %arg6 {tag} : tensor<4xi32> to tensor<4xi64>
// CHECK-NEXT: return %6 : i32

// GENERIC: %0 = "arith.constant"() <{value = 42 : i32}> : () -> i32
// GENERIC-NEXT: %1 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT: %2 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// GENERIC-NEXT: %3 = "arith.constant"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi32>}> : () -> tensor<4xi32>
// GENERIC-NEXT: %4 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT: %5 = "arith.constant"() <{value = -1 : i8}> {tag} : () -> i8
// GENERIC-NEXT: %6 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT: %7 = "arith.subi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GENERIC-NEXT: %8 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// GENERIC-NEXT: %9 = "arith.shli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nuw>}> {tag} : (i32, i32) -> i32
// GENERIC-NEXT: %10 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %11 = "arith.divui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %12 = "arith.remsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %13 = "arith.remui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %14 = "arith.andi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %15 = "arith.ori"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %16 = "arith.xori"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %17 = "arith.shrsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %18 = "arith.shrui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %19 = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %20 = "arith.minsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %21 = "arith.maxui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %22 = "arith.minui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: %23 = "arith.addi"(%arg6, %3) <{overflowFlags = #arith.overflow<none>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// GENERIC-NEXT: %24 = "arith.addi"(%arg8, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT: %25 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %26 = "arith.subf"(%arg3, %arg4) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GENERIC-NEXT: %27 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// GENERIC-NEXT: %28 = "arith.divf"(%arg3, %arg4) <{fastmath = #arith.fastmath<reassoc,contract>}> : (f32, f32) -> f32
// GENERIC-NEXT: %29 = "arith.remf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %30 = "arith.maxnumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %31 = "arith.minnumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %32 = "arith.maximumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %33 = "arith.minimumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %34 = "arith.negf"(%arg3) <{fastmath = #arith.fastmath<nsz>}> : (f32) -> f32
// GENERIC-NEXT: %35 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GENERIC-NEXT: %36 = "arith.cmpi"(%arg6, %3) <{predicate = 9 : i64}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// GENERIC-NEXT: %37 = "arith.cmpf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// GENERIC-NEXT: %38 = "arith.cmpf"(%arg3, %arg4) <{fastmath = #arith.fastmath<fast>, predicate = 13 : i64}> : (f32, f32) -> i1
// GENERIC-NEXT: %39 = "arith.select"(%arg2, %arg0, %arg1) : (i1, i32, i32) -> i32
// GENERIC-NEXT: %40 = "arith.select"(%arg7, %arg6, %3) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// GENERIC-NEXT: %41 = "arith.extsi"(%arg5) : (i8) -> i32
// GENERIC-NEXT: %42 = "arith.extui"(%arg5) : (i8) -> i32
// GENERIC-NEXT: %43 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
// GENERIC-NEXT: %44 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32) -> i8
// GENERIC-NEXT: %45 = "arith.sitofp"(%arg0) : (i32) -> f32
// GENERIC-NEXT: %46 = "arith.uitofp"(%arg0) : (i32) -> f32
// GENERIC-NEXT: %47 = "arith.fptosi"(%arg3) : (f32) -> i32
// GENERIC-NEXT: %48 = "arith.fptoui"(%arg3) : (f32) -> i32
// GENERIC-NEXT: %49 = "arith.extf"(%arg9) : (f16) -> f32
// GENERIC-NEXT: %50 = "arith.truncf"(%arg3) : (f32) -> f16
// GENERIC-NEXT: %51 = "arith.index_cast"(%arg0) : (i32) -> index
// GENERIC-NEXT: %52 = "arith.index_castui"(%arg8) : (index) -> i32
// GENERIC-NEXT: %53 = "arith.bitcast"(%arg3) : (f32) -> i32
// GENERIC-NEXT: %54 = "arith.extsi"(%arg6) {tag} : (tensor<4xi32>) -> tensor<4xi64>
// GENERIC-NEXT: "func.return"(%6) : (i32) -> ()

func.func @ops(%a: i32, %b: i32, %c: i1, %x: f32, %y: f32, %s: i8, %t: tensor<4xi32>, %tc: tensor<4xi1>, %i: index, %h: f16) -> i32 {
  %k = arith.constant 42 : i32
  %z = arith.constant 0 : index
  %f = arith.constant 1.5 : f32
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %tr = arith.constant true
  %n = arith.constant {tag} -1 : i8
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b overflow<nsw> : i32
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %3 = arith.shli %a, %b overflow<nuw> {tag} : i32
  %4 = arith.divsi %a, %b : i32
  %5 = arith.divui %a, %b : i32
  %6 = arith.remsi %a, %b : i32
  %7 = arith.remui %a, %b : i32
  %8 = arith.andi %a, %b : i32
  %9 = arith.ori %a, %b : i32
  %10 = arith.xori %a, %b : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.minsi %a, %b : i32
  %15 = arith.maxui %a, %b : i32
  %16 = arith.minui %a, %b : i32
  %17 = arith.addi %t, %d : tensor<4xi32>
  %18 = arith.addi %i, %z : index
  %20 = arith.addf %x, %y : f32
  %21 = arith.subf %x, %y fastmath<fast> : f32
  %22 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %23 = arith.divf %x, %y fastmath<contract,reassoc> : f32
  %24 = arith.remf %x, %y : f32
  %25 = arith.maxnumf %x, %y : f32
  %26 = arith.minnumf %x, %y : f32
  %27 = arith.maximumf %x, %y : f32
  %28 = arith.minimumf %x, %y : f32
  %29 = arith.negf %x fastmath<nsz> : f32
  %30 = arith.cmpi slt, %a, %b : i32
  %31 = arith.cmpi uge, %t, %d : tensor<4xi32>
  %32 = arith.cmpf olt, %x, %y : f32
  %33 = arith.cmpf une, %x, %y fastmath<fast> : f32
  %34 = arith.select %c, %a, %b : i32
  %35 = arith.select %tc, %t, %d : tensor<4xi1>, tensor<4xi32>
  %36 = arith.extsi %s : i8 to i32
  %37 = arith.extui %s : i8 to i32
  %38 = arith.trunci %a : i32 to i8
  %39 = arith.trunci %a overflow<nsw> : i32 to i8
  %40 = arith.sitofp %a : i32 to f32
  %41 = arith.uitofp %a : i32 to f32
  %42 = arith.fptosi %x : f32 to i32
  %43 = arith.fptoui %x : f32 to i32
  %44 = arith.extf %h : f16 to f32
  %45 = arith.truncf %x : f32 to f16
  %46 = arith.index_cast %a : i32 to index
  %47 = arith.index_castui %i : index to i32
  %48 = arith.bitcast %x : f32 to i32
  %49 = arith.extsi %t {tag} : tensor<4xi32> to tensor<4xi64>
  return %0 : i32
}

// Generic input without the default properties (as older printers wrote it) and a fastmath
// attribute written with spaces.
// CHECK-LABEL: func.func @generic(
// CHECK-NEXT: %0 = arith.muli %arg0, %arg0 : i64
// CHECK-NEXT: %1 = arith.addf %arg1, %arg1 fastmath<nnan,afn> : f32
// CHECK-NEXT: %2 = arith.cmpf oeq, %arg1, %arg1 : f32
// GENERIC-LABEL: sym_name = "generic"
// GENERIC: "arith.muli"(%arg0, %arg0) : (i64, i64) -> i64
// GENERIC-NEXT: "arith.addf"(%arg1, %arg1) <{fastmath = #arith.fastmath<nnan,afn>}> : (f32, f32) -> f32
// GENERIC-NEXT: "arith.cmpf"(%arg1, %arg1) <{predicate = 1 : i64}> : (f32, f32) -> i1
func.func @generic(%a: i64, %x: f32) {
  %0 = "arith.muli"(%a, %a) : (i64, i64) -> i64
  %1 = "arith.addf"(%x, %x) <{fastmath = #arith.fastmath<afn, nnan>}> : (f32, f32) -> f32
  %2 = "arith.cmpf"(%x, %x) <{predicate = 1 : i64}> : (f32, f32) -> i1
  return
}
