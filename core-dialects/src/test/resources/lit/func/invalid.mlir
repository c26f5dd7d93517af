// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @f() -> i32 {
  %0 = "other.v"() : () -> i64
  // expected-error@+1 {{type of return operand 0 (i64) doesn't match function result type (i32) in function @f}}
  return %0 : i64
}

// -----

func.func @g() -> (i32, i32) {
  %0 = "other.v"() : () -> i32
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@g) returns 2}}
  return %0 : i32
}

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  call @missing(%a) : (i32) -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @k(%a: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type i32, but provided i64 for operand number 0}}
  %0 = call @callee(%a) : (i64) -> i32
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl(i32)

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0(i64) must match the type of the corresponding argument in function signature(i32)}}
"func.func"() <{function_type = (i32) -> (), sym_name = "mismatch"}> ({
^bb0(%arg0: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"other.container"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @dup() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}
// expected-note@-7 {{see existing symbol definition here}}

// -----

func.func @typo() {
  // expected-error@+1 {{custom op 'retur' is unknown (tried 'func.retur' as well)}}
  retur
}
