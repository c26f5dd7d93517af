// RUN: hip-mlir-opt %s --pass-pipeline='builtin.module(func.func(hip-use-output-allocator))' --verify-diagnostics

// A returned strided view of an argument cannot come from the output allocator (whose buffers
// are row-major): it stays, with a warning.
func.func @strided(%ctx: !hip.context, %x: memref<4x4xf32>) -> memref<2xf32, strided<[4]>> {
  %v = memref.subview %x[0, 0] [2, 1] [1, 1] : memref<4x4xf32> to memref<2xf32, strided<[4]>>
  // expected-warning@+1 {{result #0 of type memref<2xf32, strided<[4]>> has no identity layout: it cannot come from the output allocator and is returned as is}}
  return %v : memref<2xf32, strided<[4]>>
}
