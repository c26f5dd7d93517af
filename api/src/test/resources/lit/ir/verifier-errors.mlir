// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

"test.func"() ({
^bb0(%arg0: i32):
  // expected-error@+1 {{'other.use' op operand #0 does not dominate this use}}
  "other.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here}}
  %0 = "other.def"() : () -> i32
  "test.return"() : () -> ()
}) {sym_name = "use_before_def"} : () -> ()

// -----

"test.func"() ({
  %0 = "other.def"() : () -> i32
  "test.region_op"() ({
    // Values from above are visible in a nested SSACFG region.
    "other.use"(%0) : (i32) -> ()
  }) : () -> ()
  "test.br"()[^bb1] : () -> ()
^bb1:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "other.use"(%1) : (i32) -> ()
  "test.br"()[^bb2] : () -> ()
^bb2:
  // expected-note@+1 {{operand defined here}}
  %1 = "other.def"() : () -> i32
  "other.use"(%0) : (i32) -> ()
  "test.return"() : () -> ()
}) {sym_name = "across_blocks"} : () -> ()

// -----

// Isolation is enforced while parsing (the verifier's check is tested on built IR).
"test.func"() ({
  %0 = "other.def"() : () -> i32
  "test.isolated"() ({
    // expected-error@+1 {{use of undeclared SSA value name}}
    "other.use"(%0) : (i32) -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "isolation"} : () -> ()

// -----

"test.func"() ({
  "test.graph"() ({
    // Graph regions need no dominance.
    "other.use"(%0) : (i32) -> ()
    %0 = "other.def"() : () -> i32
  }) : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "graph"} : () -> ()

// -----

"test.func"() ({
  // expected-error@+1 {{'test.return' op must be the last operation in the parent block}}
  "test.return"() : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "terminator_not_last"} : () -> ()

// -----

"test.func"() ({
  // expected-error@+1 {{block with no terminator, has 'test.requires_attr'}}
  "test.requires_attr"() {required} : () -> ()
}) {sym_name = "missing_terminator"} : () -> ()

// -----

// expected-error@+1 {{'test.func' op empty block: expect at least a terminator}}
"test.func"() ({
^bb0:
}) {sym_name = "empty"} : () -> ()

// -----

"test.symbol_table"() ({
  // expected-note@+1 {{see existing symbol definition here}}
  "test.symbol"() {sym_name = "dup"} : () -> ()
  // expected-error@+1 {{redefinition of symbol named 'dup'}}
  "test.symbol"() {sym_name = "dup"} : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'test.single_block' op expects region #0 to have 0 or 1 blocks}}
"test.single_block"() ({
^bb0:
  "other.op"() : () -> ()
^bb1:
  "other.op"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'test.nope' found in dialect ('test') that does not allow unknown operations}}
"test.nope"() : () -> ()

// -----

// expected-error@+1 {{'test.requires_attr' op requires attribute 'required'}}
"test.requires_attr"() : () -> ()
