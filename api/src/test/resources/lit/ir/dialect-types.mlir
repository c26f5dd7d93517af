// Dialect types and attributes are parsed and printed by their dialect's hooks.
// RUN: hip-mlir-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: hip-mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | hip-mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: not hip-mlir-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics --check-prefix=UNUSED 2>&1 | FileCheck %s --check-prefix=USAGE

// CHECK: "x.op"() {f = #test.flag<on>, g = [#test.flag<off>]} : () -> !test.pair<i32, tensor<2x!test.pair<f32, index>>>
"x.op"() {f = #test.flag<on>, g = [#test.flag< off >]} : () -> !test.pair<i32, tensor<2x!test.pair<f32,index>>>

// An unknown option is a usage error (exit code 2) that names it.
// USAGE: Unknown option: '--check-prefix=UNUSED'
