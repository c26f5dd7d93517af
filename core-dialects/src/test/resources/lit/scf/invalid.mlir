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

// -----

func.func @p(%lb: index, %x: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @p(%lb: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%y : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}

// -----

func.func @p(%lb: index, %x: f32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @p(%lb: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %y : i32
    }
  }
  return
}

// -----

func.func @p(%lb: index) {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"(%lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index) -> ()
  return
}

// -----

func.func @p(%lb: index) {
  // expected-error@+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  return
}
