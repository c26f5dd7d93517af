// RUN: hip-mlir-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hip-pool-allocs{emit-fragmentation-report}))' --verify-diagnostics

// The report compares the pool with the sum of the transient buffers: 288 bytes for three
// 32-byte buffers (the 256-byte alignment costs more than the reuse saves here).
// expected-remark@+1 {{fragmentation: pool 288 bytes for 3 static transient buffers of 96 bytes in total (300.0%, largest 32 bytes); 0 dynamic buffers in 0 run-time slabs; 1 domain(s)}}
func.func @chain(%ctx: !hip.context, %x: memref<2x4xf32>, %out: memref<2x4xf32>) {
  %a = memref.alloc() : memref<2x4xf32>
  hip.exp %x, %a : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  %b = memref.alloc() : memref<2x4xf32>
  hip.exp %a, %b : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  %c = memref.alloc() : memref<2x4xf32>
  hip.exp %b, %c : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  hip.exp %c, %out : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// expected-remark@+1 {{fragmentation: no transient buffers}}
func.func @none(%ctx: !hip.context, %x: memref<4xf32>) {
  return
}
