// IR printing, timing and failure reporting of the pass manager.

// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-function-pass),test-module-pass)' --mlir-print-ir-after-all --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: // -----// IR Dump After TestFunctionPass (test-function-pass) //----- //
// AFTER-NEXT: "test.func"() <{sym_name = "f"}> ({
// AFTER: // -----// IR Dump After TestFunctionPass (test-function-pass) //----- //
// AFTER-NEXT: "test.func"() <{sym_name = "g"}> ({
// AFTER: // -----// IR Dump After TestModulePass (test-module-pass) //----- //
// AFTER-NEXT: module {

// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-function-pass),test-module-pass)' --mlir-print-ir-before=test-module-pass -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// BEFORE-NOT: IR Dump After
// BEFORE: // -----// IR Dump Before TestModulePass (test-module-pass) //----- //
// BEFORE-NOT: IR Dump

// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-function-pass),test-module-pass)' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: ... Execution time report ...
// TIMING: Total Execution Time: {{[0-9.]+}} seconds
// TIMING: ----Wall Time----  ----Name----
// TIMING: 'test.func' Pipeline
// TIMING-NEXT: TestFunctionPass
// TIMING: TestModulePass
// TIMING: {{[0-9.]+}} (100.0%)  Total

// A failing pass names itself and the op; the IR is printed after the failure on request.
// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(test-fail-pass)' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: // -----// IR Dump After TestFailPass Failed (test-fail-pass) //----- //
// FAIL: instrumentation.mlir:0:0: error: pass 'test-fail-pass' failed on 'builtin.module'

// Diagnostics of functions processed in parallel come out in function order.
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-remark-pass))' -o /dev/null --verify-diagnostics
// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(test.func(test-remark-pass))' -o /dev/null --verify-diagnostics --mlir-disable-threading

// expected-remark@+1 {{ran on @f}}
"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()
// expected-remark@+1 {{ran on @g}}
"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "g"} : () -> ()
