// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "t.integers"
// CHECK-SAME: (i1, i8, i32, i64, i7, i128, si8, ui16, si64, ui1) -> ()
"t.integers"(%a, %b, %c, %d, %e, %f, %g, %h, %i, %j) : (i1, i8, i32, i64, i7, i128, si8, ui16, si64, ui1) -> ()

// CHECK-LABEL: "t.floats"
// CHECK-SAME: (f16, bf16, f32, f64, index, none) -> ()
"t.floats"(%k, %l, %m, %n, %o, %p) : (f16, bf16, f32, f64, index, none) -> ()

// CHECK-LABEL: "t.functions"
// CHECK-SAME: () -> ((i32) -> (), () -> i32, (i32, f32) -> (i64, i1), () -> (() -> ()))
"t.functions"() : () -> ((i32) -> (), () -> i32, (i32, f32) -> (i64, i1), () -> (() -> ()))

// CHECK-LABEL: "t.tensors"
// CHECK-SAME: () -> (tensor<f32>, tensor<2x3xf32>, tensor<?x4x?xi8>, tensor<*xf16>, tensor<0xi64>, tensor<4xf32, "enc">)
"t.tensors"() : () -> (tensor<f32>, tensor<2x3xf32>, tensor<?x4x?xi8>, tensor<*xf16>, tensor<0xi64>, tensor<4xf32, "enc">)

// CHECK-LABEL: "t.vectors"
// CHECK-SAME: () -> (vector<f32>, vector<4xf32>, vector<2x[4]xi32>, vector<[8]xindex>, vector<1x2x3xf16>)
"t.vectors"() : () -> (vector<f32>, vector<4xf32>, vector<2x[4]xi32>, vector<[8]xindex>, vector<1x2x3xf16>)

// CHECK-LABEL: "t.memrefs"
// CHECK-SAME: () -> (memref<4xf32>, memref<?x8xi32, strided<[8, 1], offset: ?>>, memref<2xf32, 1>, memref<*xf32>, memref<*xf32, 3>, memref<f64>, memref<4x4xf32, strided<[?, 1]>>)
"t.memrefs"() : () -> (memref<4xf32>, memref<?x8xi32, strided<[8, 1], offset: ?>>, memref<2xf32, 1>, memref<*xf32>, memref<*xf32, 3>, memref<f64>, memref<4x4xf32, strided<[?, 1]>>)

// Types of unknown dialects keep their body verbatim.
// CHECK-LABEL: "t.opaque"
// CHECK-SAME: () -> (!foo.bar, !foo.baz<"x", [1, 2], <3>>)
"t.opaque"() : () -> (!foo.bar, !foo.baz<"x", [1, 2], <3>>)

// Type aliases are resolved.
!alias = tensor<2xf32>
// CHECK-LABEL: "t.alias"
// CHECK-SAME: () -> tensor<2xf32>
"t.alias"() : () -> !alias

// Values used before their definition in a graph region (the top level).
%a, %b, %c, %d, %e, %f, %g, %h, %i, %j = "t.defs"() : () -> (i1, i8, i32, i64, i7, i128, si8, ui16, si64, ui1)
%k, %l, %m, %n, %o, %p = "t.defs2"() : () -> (f16, bf16, f32, f64, index, none)

// Affine maps print as mlir-opt-22 prints them (constants and symbols folded to the right).
// CHECK-LABEL: "t.maps"
// CHECK-SAME: {a = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>, b = affine_map<(d0) -> (d0 - 1, -d0, d0 floordiv 2, d0 ceildiv 4, d0 mod 3)>, c = affine_map<() -> (0)>, d = affine_map<(d0, d1) -> (d1, d0)>, e = affine_map<(d0, d1)[s0] -> (d0 * 8 + s0 + d1 * 2 + 2)>, f = affine_map<(d0, d1) -> ((d0 + d1) * 2, d0 - d1 * 3, d0 - (d1 + 1))>}
"t.maps"() {a = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>, b = affine_map<(d0) -> (d0 - 1, -d0, d0 floordiv 2, d0 ceildiv 4, d0 mod 3)>, c = affine_map<() -> (0)>, d = affine_map<(d0, d1) -> (d1, d0)>, e = affine_map<(i, j)[n] -> (n + i * 8 + 2 * j + 3 - 1)>, f = affine_map<(d0, d1) -> ((d0 + d1) * 2, d0 - d1 * 3, d0 - (d1 + 1))>} : () -> ()

// An identity layout is dropped.
// CHECK-LABEL: "t.layouts"
// CHECK-SAME: () -> (memref<4x4xf32>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>, 1>)
"t.layouts"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>, 1>)
