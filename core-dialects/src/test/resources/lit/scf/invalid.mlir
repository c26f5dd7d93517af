// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (i32) {
    %1 = "x.v"() : () -> i32
    scf.yield %1 : i32
  }
  return
}

// -----

func.func @g(%c: i1, %x: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  } else {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @w(%x: f32, %c: i1) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %s = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a2: i32):
    scf.yield %x : f32
  }
  return
}

// -----

func.func @w(%x: f32, %c: i1) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %s = scf.while (%a = %x) : (f32) -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a2: i32):
    scf.yield %a2 : i32
  }
  return
}

// -----

func.func @w(%x: f32, %i: i32, %c: i1) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %s = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%a2: f32):
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  }
  return
}

// -----

func.func @w(%x: f32, %c: i1) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 2 inputs}}
  // expected-note@+1 {{region branch point}}
  %s = "scf.while"(%x) ({
  ^bb0(%a: f32, %b: f32):
    "scf.condition"(%c, %x) : (i1, f32) -> ()
  }, {
  ^bb0(%a2: f32):
    "scf.yield"(%x) : (f32) -> ()
  }) : (f32) -> f32
  return
}

// -----

func.func @w(%x: f32, %c: i1) {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %s = "scf.while"(%x) ({
  ^bb0(%a: f32):
    // expected-note@+1 {{terminator here}}
    "scf.yield"(%x) : (f32) -> ()
  }, {
  ^bb0(%a2: f32):
    "scf.yield"(%x) : (f32) -> ()
  }) : (f32) -> f32
  return
}

// -----

func.func @w(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%c) : (i1) -> ()
}
