// RUN: not toy-opt %s --verify-diagnostics 2>&1 | FileCheck %s

"toy.bad"() : () -> ()   // expected-warning {{op is not allowed}}
// expected-error@+1 {{never produced}}
"toy.good"() : () -> ()
"toy.deprecated"() : () -> ()

// CHECK: {{.*}}verify-diagnostics-mismatch.mlir:3:29: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK-NEXT: {{.*}}verify-diagnostics-mismatch.mlir:6:1: error: unexpected warning: 'toy.deprecated' op is deprecated
// CHECK-NEXT: {{.*}}verify-diagnostics-mismatch.mlir:3:29: error: expected warning "op is not allowed" was not produced
// CHECK-NEXT: {{.*}}verify-diagnostics-mismatch.mlir:4:4: error: expected error "never produced" was not produced
