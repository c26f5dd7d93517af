// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "t.scalars"
// CHECK-SAME: a = 42 : i32
// CHECK-SAME: b = -7 : i64
// CHECK-SAME: c = 255 : ui8
// CHECK-SAME: d = true
// CHECK-SAME: e = false
// CHECK-SAME: f = 1.500000e+00 : f32
// CHECK-SAME: g = -2.500000e-01 : f64
// CHECK-SAME: h = 0.30000000000000004 : f64
// CHECK-SAME: i = 0x7FC00000 : f32
// CHECK-SAME: j = 0x7FF0000000000000 : f64
// CHECK-SAME: k = 1.000000e+00 : f16
// CHECK-SAME: l = 3 : index
// CHECK-SAME: m = 4.200000e+01 : f64
"t.scalars"() {a = 42 : i32, b = -7, c = 255 : ui8, d = true, e = 0 : i1, f = 1.5 : f32, g = -0.25, h = 0.30000000000000004, i = 0x7FC00000 : f32, j = 0x7FF0000000000000 : f64, k = 1.0 : f16, l = 3 : index, m = 42.0} : () -> ()

// CHECK-LABEL: "t.structured"
// CHECK-SAME: arr = [1, "s", [], {x}]
// CHECK-SAME: dict = {a = 1 : i64, b}
// CHECK-SAME: empty_dict = {}
// CHECK-SAME: str = "quote\22 backslash\\ tab\09"
// CHECK-SAME: ty = tensor<2xf32>
// CHECK-SAME: unit_flag
"t.structured"() {arr = [1, "s", [], {x}], dict = {b, a = 1}, empty_dict = {}, str = "quote\" backslash\\ tab\t", ty = tensor<2xf32>, unit_flag} : () -> ()

// CHECK-LABEL: "t.symbols"
// CHECK-SAME: flat = @f
// CHECK-SAME: nested = @a::@b::@c
// CHECK-SAME: quoted = @"with space"
"t.symbols"() {flat = @f, nested = @a::@b::@c, quoted = @"with space"} : () -> ()

// CHECK-LABEL: "t.dense"
// CHECK-SAME: bools = dense<[true, false]> : tensor<2xi1>
// CHECK-SAME: floats = dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-SAME: hex = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-SAME: ints = dense<[1, -2, 3]> : tensor<3xi32>
// CHECK-SAME: scalar = dense<5> : tensor<i64>
// CHECK-SAME: splat = dense<0.000000e+00> : tensor<1000x1000xf32>
// CHECK-SAME: splat_from_list = dense<7> : tensor<3xi8>
"t.dense"() {bools = dense<[true, false]> : tensor<2xi1>, floats = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, hex = dense<"0x0000803F00000040"> : tensor<2xf32>, ints = dense<[1, -2, 3]> : tensor<3xi32>, scalar = dense<5> : tensor<i64>, splat = dense<0.0> : tensor<1000x1000xf32>, splat_from_list = dense<[7, 7, 7]> : tensor<3xi8>} : () -> ()

// More than 100 elements print in the hex form.
// CHECK-LABEL: "t.dense_large"
// CHECK-SAME: big = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F60616263646566"> : tensor<103xi8>
"t.dense_large"() {big = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F60616263646566"> : tensor<103xi8>} : () -> ()

// CHECK-LABEL: "t.arrays"
// CHECK-SAME: empty = array<i32>
// CHECK-SAME: f = array<f32: 5.000000e-01, -1.000000e+00>
// CHECK-SAME: flags = array<i1: true, false>
// CHECK-SAME: perm = array<i64: 1, 0, 2>
"t.arrays"() {empty = array<i32>, f = array<f32: 0.5, -1.0>, flags = array<i1: true, false>, perm = array<i64: 1, 0, 2>} : () -> ()

// Attribute aliases are resolved; unknown dialect attributes are kept verbatim.
#alias = [1, 2]
// CHECK-LABEL: "t.aliases"
// CHECK-SAME: a = [1, 2]
// CHECK-SAME: o = #foo.bar<"x", {y}>
"t.aliases"() {a = #alias, o = #foo.bar<"x", {y}>} : () -> ()

// Properties are printed in <{...}> in the generic form.
// CHECK-LABEL: "t.props"
// CHECK-SAME: <{p = 1 : i64}>
"t.props"() <{p = 1}> : () -> ()
