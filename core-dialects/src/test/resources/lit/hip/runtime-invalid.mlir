// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%ctx: !hip.context, %n: index) {
  // expected-error@+1 {{'hip.alloc_output' op expects one size per dynamic dimension: 1 for memref<?x4xf32>, got 2}}
  %o = hip.alloc_output(%ctx, %n, %n) {out_idx = 0 : i64} : memref<?x4xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context) {
  // expected-error@+1 {{'hip.alloc_output' op requires a non-negative integer attribute 'out_idx'}}
  %o = hip.alloc_output(%ctx) : memref<4xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context) {
  // expected-error@+1 {{'hip.alloc_output' op requires a non-negative integer attribute 'out_idx'}}
  %o = hip.alloc_output(%ctx) {out_idx = -1 : i64} : memref<4xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context) {
  // expected-error@+1 {{'hip.alloc_output' op result must have the identity layout (row-major strides), got memref<4xf32, strided<[2]>>}}
  %o = hip.alloc_output(%ctx) {out_idx = 0 : i64} : memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @f(%x: memref<4xf32>, %n: index) {
  // expected-error@+1 {{'hip.alloc_output' op expects a !hip.context as operand #0}}
  %o = "hip.alloc_output"(%n) <{out_idx = 0 : i64}> : (index) -> memref<4xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context, %n: i64) {
  // expected-error@+1 {{'hip.get_pool' op operand #1 must be an index, got i64}}
  %p = "hip.get_pool"(%ctx, %n) <{domain_id = 0 : i64}> : (!hip.context, i64) -> memref<?xi8>
  return
}

// -----

func.func @f(%ctx: !hip.context, %n: index) {
  // expected-error@+1 {{'hip.get_pool' op requires a non-negative integer attribute 'domain_id'}}
  %p = hip.get_pool(%ctx, %n) : memref<?xi8>
  return
}

// -----

func.func @f(%ctx: !hip.context, %n: index) {
  // expected-error@+1 {{'hip.get_pool' op result must be memref<?xi8>, got memref<?xf32>}}
  %p = hip.get_pool(%ctx, %n) {domain_id = 0 : i64} : memref<?xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context) {
  // expected-error@+1 {{'hip.get_host_scratch' op takes the context and one index size in bytes, got 1 operands}}
  %p = hip.get_host_scratch(%ctx) : memref<?xi8>
  return
}

// -----

func.func @f(%ctx: !hip.context, %n: index) {
  // expected-error@+1 {{'hip.get_host_scratch' op result must be memref<?xi8>, got memref<16xi8>}}
  %p = hip.get_host_scratch(%ctx, %n) : memref<16xi8>
  return
}

// -----

func.func @f(%ctx: !hip.context) {
  // expected-error@+1 {{'hip.get_constant' op result must be a memref with a static shape and the identity layout, got memref<?xf32>}}
  %c = hip.get_constant(%ctx) {index = 0 : i64} : memref<?xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context, %n: index) {
  // expected-error@+1 {{'hip.get_constant' op takes only the context, got 2 operands}}
  %c = hip.get_constant(%ctx, %n) {index = 0 : i64} : memref<4xf32>
  return
}

// -----

func.func @f(%ctx: !hip.context) {
  // expected-error@+1 {{'hip.get_constant' op requires a non-negative integer attribute 'index'}}
  %c = hip.get_constant(%ctx) {index = -1 : i64} : memref<4xf32>
  return
}
