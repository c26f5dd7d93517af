// RUN: toy-opt %s --split-input-file --verify-diagnostics
// RUN: toy-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: not toy-opt %s 2>&1 | FileCheck %s --check-prefix=DIAG

func.func @ok() {
  "toy.good"() : () -> ()
}

// -----

func.func @bad() {
  // expected-error@+1 {{'toy.bad' op is not allowed}}
  "toy.bad"() : () -> ()
}

// -----

// expected-warning@below {{is deprecated}}
"toy.deprecated"() : () -> ()

// CHECK: func.func @ok
// CHECK: // -----
// CHECK-NEXT: func.func @bad
// CHECK: // -----
// CHECK-NEXT: "toy.{{deprecated}}"

// Without splitting, diagnostics carry the original line numbers.
// DIAG: {{.*}}verify-diagnostics.mlir:13:3: error: 'toy.bad' op is not allowed
// DIAG-NEXT: {{.*}}verify-diagnostics.mlir:19:1: warning: 'toy.deprecated' op is deprecated
