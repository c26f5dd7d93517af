// RUN: not hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(hip-pool-allocs{alignment=100}))' 2>&1 | FileCheck %s

// CHECK: hip-pool-allocs: 'alignment' must be a power of two, got 100
func.func @f(%ctx: !hip.context) {
  return
}
