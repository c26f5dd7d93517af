// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{unknown hip type 'ctx' (expected context)}}
func.func private @f(!hip.ctx)
