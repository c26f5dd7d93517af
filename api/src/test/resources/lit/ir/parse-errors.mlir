// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not hip-mlir-opt %s --split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=LOC

// Each case pins the message and where it points.

// expected-error@+1 {{expected operation name in quotes}}
%0 = 42
// LOC: parse-errors.mlir:[[@LINE-1]]:6: error: expected operation name in quotes
// LOC-NEXT: %0 = 42
// LOC-NEXT: {{^     \^$}}

// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"t.use"(%undefined) : (i32) -> ()

// -----

"t.f"() ({
  %0 = "t.def"() : () -> i32
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  "t.use"(%0) : (i64) -> ()
}) : () -> ()

// -----

%x = "t.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%x'}}
%x = "t.def"() : () -> i32

// -----

// expected-error@+1 {{expected 1 operand type but had 2}}
"t.use"(%a) : (i32, i32) -> ()
%a = "t.def"() : () -> i32

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%p, %q = "t.def"() : () -> i32

// -----

// expected-error@+1 {{expected non-function type}}
"t.op"() : () -> (i32, )

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"t.op"() : () -> tensor<4f32>

// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"t.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 300 : i8} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'missing'}}
"t.op"() {a = #missing} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"t.op"() {a = 1, a = 2} : () -> ()

// -----

"t.f"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "t.br"()[^missing] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{expected '"' in string literal}}
"t.op"() {s = "unterminated} : () -> ()

// -----

// expected-error@+1 {{custom op 'frobnicate' is unknown}}
frobnicate

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"t.op"() {a = 1 : f32} : () -> ()


// -----

// expected-error@+1 {{operation location alias was never defined}}
"t.op"() : () -> () loc(#nowhere)

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"t.v"() : () -> vector<0xf32>
// LOC: parse-errors.mlir:[[@LINE-1]]:17: error: vector types must have positive constant sizes but got 0

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"t.v"() : () -> vector<4xtensor<2xf32>>
// LOC: parse-errors.mlir:[[@LINE-1]]:17: error: failed to verify 'elementType': VectorElementTypeInterface instance

// -----

// expected-error@+1 {{use of undeclared identifier}}
"t.m"() {m = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
"t.m"() : () -> memref<4x4xf32, affine_map<(d0) -> (d0)>>
