// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

// expected-note@+1 {{when returning from function}}
llvm.func @f() -> i32 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  // expected-error@+1 {{'llvm.return' op mismatching result types}}
  llvm.return %0 : i64
}

// -----

llvm.func @g(i32) -> i32
llvm.func @h(%a: i64) {
  // expected-error@+1 {{'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'}}
  %0 = llvm.call @g(%a) : (i64) -> i32
  llvm.return
}

// -----

llvm.func @g(i32) -> i32
llvm.func @h(%a: i32) {
  // expected-error@+1 {{'llvm.call' op incorrect number of operands (2) for callee (expecting: 1)}}
  %0 = llvm.call @g(%a, %a) : (i32, i32) -> i32
  llvm.return
}

// -----

llvm.func @h(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  llvm.br ^bb1(%a : i32)
^bb1:
  llvm.return
}

// -----

llvm.func @h(%a: i32) {
  // expected-error@+1 {{'llvm.load' op operand #0 must be LLVM pointer type, but got 'i32'}}
  %0 = "llvm.load"(%a) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @h(%a: i32, %b: i64) {
  // expected-error@+1 {{'llvm.add' op requires the same type for all operands and results}}
  %0 = "llvm.add"(%a, %b) : (i32, i64) -> i32
  llvm.return
}

// -----

llvm.func @h() {
  // expected-error@+1 {{'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'}}
  %0 = llvm.mlir.addressof @nope : !llvm.ptr
  llvm.return
}

// -----

// expected-note@+1 {{when returning from function}}
llvm.func @h() -> i32 {
  // expected-error@+1 {{'llvm.return' op expected 1 operand}}
  llvm.return
}

// -----

llvm.func @f(%i: i32) {
  // expected-error@+1 {{'llvm.intr.fabs' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.intr.fabs(%i) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @f(%a: f32, %b: f64) {
  // expected-error@+1 {{'llvm.intr.pow' op requires the same type for all operands and results}}
  %0 = llvm.intr.pow(%a, %b) : (f32, f64) -> f32
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr, %n: i64, %v: i32) {
  // expected-error@+1 {{'llvm.intr.memset' op operand #1 must be 8-bit signless integer, but got 'i32'}}
  "llvm.intr.memset"(%p, %v, %n) <{isVolatile = false}> : (!llvm.ptr, i32, i64) -> ()
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr, %n: i64) {
  // expected-error@+1 {{'llvm.intr.memcpy' op operand #1 must be LLVM pointer type, but got 'i64'}}
  "llvm.intr.memcpy"(%p, %n, %n) <{isVolatile = false}> : (!llvm.ptr, i64, i64) -> ()
  llvm.return
}

// -----

llvm.func @f(%s: !llvm.struct<(ptr, i64)>) {
  // The custom parser reports at the token after the type, as upstream does.
  // expected-error@+2 {{position out of bounds: 2}}
  %0 = llvm.extractvalue %s[2] : !llvm.struct<(ptr, i64)>
  llvm.return
}

// -----

llvm.func @f(%s: !llvm.struct<(ptr, i64)>) {
  // expected-error@+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(ptr, i64)>' should produce 'i64' but this op returns 'f32'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(ptr, i64)>) -> f32
  llvm.return
}

// -----

llvm.func @f(%s: !llvm.struct<(ptr, i64)>, %a: f32) {
  // expected-error@+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'f32' into '!llvm.struct<(ptr, i64)>'}}
  %0 = "llvm.insertvalue"(%s, %a) <{position = array<i64: 1>}> : (!llvm.struct<(ptr, i64)>, f32) -> !llvm.struct<(ptr, i64)>
  llvm.return
}

// -----

llvm.func @f(%a: f32) {
  // The custom parser reports at the token after the type, as upstream does.
  // expected-error@+2 {{expected LLVM IR structure/array type, got: 'f32'}}
  %0 = llvm.extractvalue %a[0] : f32
  llvm.return
}

// -----

llvm.func @f(%i: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #1, but target block has 0}}
  llvm.switch %i : i32, ^bb1 [
    1: ^bb1(%i : i32)
  ]
^bb1:
  llvm.return
}

// -----

llvm.func @f(%i: i32) {
  // expected-error@+1 {{expects case value type to match condition value type}}
  "llvm.switch"(%i)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @f(%i: i32) {
  // expected-error@+1 {{'llvm.switch' op expects number of case values to match number of case destinations}}
  "llvm.switch"(%i)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @f(%i: i32) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 1 vs 2}}
  llvm.switch %i : i32, ^bb1 [
    1: ^bb1
  ] {branch_weights = array<i32: 1>}
^bb1:
  llvm.return
}

// -----

llvm.func @f(%fp: i64, %e: i64) -> i64 {
  // expected-error@+1 {{'llvm.call' op indirect call expects a pointer as callee: 'i64'}}
  %r = "llvm.call"(%fp, %e) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (i64, i64) -> i64
  llvm.return %r : i64
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.extractvalue' op operand #0 must be LLVM aggregate type, but got '!llvm.ptr'}}
  %0 = "llvm.extractvalue"(%p) <{position = array<i64: 0>}> : (!llvm.ptr) -> i64
  llvm.return
}

// -----

// expected-error@+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
llvm.func weak @w() attributes {always_inline}

// -----

llvm.func @f(%a: f32) {
  // expected-error@+1 {{'llvm.intr.smax' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.intr.smax(%a, %a) : (f32, f32) -> f32
  llvm.return
}

// -----

func.func @f(%a: si32) {
  // expected-error@+1 {{'llvm.intr.umin' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'si32'}}
  %0 = llvm.intr.umin(%a, %a) : (si32, si32) -> si32
  return
}
