// RUN: hip-mlir-opt %s --canonicalize | FileCheck %s
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=2 test-convergence}))' | FileCheck %s
// A change in the last allowed iteration leaves convergence unproven, as in MLIR.
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1 test-convergence}))' 2>&1 | FileCheck %s --check-prefix=NOCONV
// NOCONV: canonicalize.mlir:[[@LINE+7]]:1: error: Canonicalizer failed to converge within 1 iterations
// NOCONV-NOT: pass 'canonicalize' failed

// Unused side-effect-free ops go; ops with effects stay.
// CHECK-LABEL: func.func @dead_code
// CHECK-NEXT: "test.effect"
// CHECK-NEXT: return
func.func @dead_code(%a: i32) {
  %0 = "test.pure"(%a) : (i32) -> i32
  %1 = "test.pure"(%0) : (i32) -> i32
  %2 = "test.effect"(%a) : (i32) -> i32
  return
}
