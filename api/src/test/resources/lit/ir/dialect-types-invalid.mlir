// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{unknown test type 'triple'}}
"x.op"() : () -> !test.triple<i32>

// -----

// expected-error@+1 {{expected 'on' or 'off'}}
"x.op"() {f = #test.flag<maybe>} : () -> ()

// -----

// expected-error@+1 {{expected ','}}
"x.op"() : () -> !test.pair<i32 f32>
