// RUN: not hip-mlir-opt %s 2>&1 | FileCheck %s

// CHECK: not-allowed-unregistered.mlir:[[@LINE+2]]:1: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// CHECK-NEXT: "foo.op"() : () -> ()
"foo.op"() : () -> ()
