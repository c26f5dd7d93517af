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
