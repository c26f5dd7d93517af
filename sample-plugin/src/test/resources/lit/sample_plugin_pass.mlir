// RUN: hip-mlir-opt %s --plugins=sample --pass-pipeline='builtin.module(func.func(hip-ep-sample-print-functions))' --verify-diagnostics
// RUN: hip-mlir-opt %s --plugins=sample --hip-ep-sample-print-functions -o /dev/null 2>&1 | FileCheck %s
// Without the plugin the pass does not exist.
// RUN: not hip-mlir-opt %s --hip-ep-sample-print-functions 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// CHECK: sample_plugin_pass.mlir:[[@LINE+2]]:1: remark: [hip-ep-sample] visited f
// expected-remark@+1 {{[hip-ep-sample] visited f}}
func.func @f() {
  return
}
// CHECK: sample_plugin_pass.mlir:[[@LINE+2]]:1: remark: [hip-ep-sample] visited g
// expected-remark@+1 {{[hip-ep-sample] visited g}}
func.func @g() {
  return
}
// NOPLUGIN: Unknown option: '--hip-ep-sample-print-functions'
