// RUN: not hip-mlir-opt %s --split-input-file --hip-externalize-constants='min-num-elements=1 output-dir=%t' 2>&1 | FileCheck %s
// CHECK-NOT: pass 'hip-externalize-constants' failed
// Every failure is reported once, on the offending op, and the IR of that chunk is not printed.

// Stale state: the module already carries constant metadata.
// CHECK: externalize-errors.mlir:[[@LINE+1]]:1: error: module already has 'hipdnn.constant_sizes': hip-externalize-constants ran on it before (stale constant metadata)
module attributes {hipdnn.constant_sizes = array<i64: 2>} {
  func.func @f() -> tensor<2xi8> {
    %a = hip.constant {value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
    return %a : tensor<2xi8>
  }
}

// -----

// CHECK: externalize-errors.mlir:[[@LINE+1]]:1: error: module already has 'hip.constants_file'
module attributes {hip.constants_file = "model.constants.bin"} {
}

// -----

// CHECK: externalize-errors.mlir:[[@LINE+1]]:1: error: module already has 'hipdnn.constant_mem_offsets'
module attributes {hipdnn.constant_mem_offsets = array<i64: 0>} {
}

// -----

// Stale state: an external global of an earlier run.
module {
  // CHECK: externalize-errors.mlir:[[@LINE+1]]:3: error: memref.global already has 'hip.external_data'
  memref.global "private" @hip_ext_constant_0 : memref<2xi8> {alignment = 64 : i64, hip.external_data = {index = 0 : i64, offset = 0 : i64, size = 2 : i64}}
}

// -----

func.func @f() -> (tensor<2xi8>, tensor<2xi8>) {
  %a = hip.constant {serialization_order = 3 : i64, value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
  // CHECK: externalize-errors.mlir:[[@LINE+1]]:8: error: duplicate constant serialization order 3
  %b = hip.constant {serialization_order = 3 : i64, value = dense<[3, 4]> : tensor<2xi8>} : tensor<2xi8>
  return %a, %b : tensor<2xi8>, tensor<2xi8>
}

// -----

// The generated symbol is already taken.
module {
  func.func private @hip_ext_constant_w_0()
  func.func @f() -> tensor<2xi8> {
    // CHECK: externalize-errors.mlir:[[@LINE+1]]:10: error: symbol '@hip_ext_constant_w_0' for the externalized constant already exists in the module
    %a = hip.constant {symbol_name_hint = "w", value = dense<[1, 2]> : tensor<2xi8>} : tensor<2xi8>
    return %a : tensor<2xi8>
  }
}

// -----

// A memory address means nothing to the textual pass.
func.func @f() -> tensor<4xui8> {
  // CHECK: externalize-errors.mlir:[[@LINE+1]]:8: error: memory-address sources require production externalization with an injected FileSystem
  %a = hip.constant {memory_address = 4096 : i64, size = 4 : i64} : tensor<4xui8>
  return %a : tensor<4xui8>
}

// -----

// A file source that does not exist is refused, naming its location.
func.func @f() -> tensor<4xui8> {
  // CHECK: externalize-errors.mlir:[[@LINE+1]]:8: error: file source 'no/such/weights.bin' does not exist
  %a = hip.constant {location = "no/such/weights.bin", offset = 0 : i64, size = 4 : i64} : tensor<4xui8>
  return %a : tensor<4xui8>
}

// CHECK-NOT: hip_ext_constant_
