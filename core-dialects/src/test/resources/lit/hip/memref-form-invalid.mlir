// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: memref<2x3xf32>, %b: memref<4xf32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'hip.add' op in memref form: no split of the 3 operands into inputs and destinations fits the op's shape inference}}
  hip.add %a, %b, %o : (memref<2x3xf32>, memref<4xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @f(%a: memref<2x3xf32>, %b: tensor<3xf32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'hip.add' op in memref form expects ranked memref operands, operand #1 is tensor<3xf32>}}
  hip.add %a, %b, %o : (memref<2x3xf32>, tensor<3xf32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @f(%a: memref<2x3xf32>, %o: memref<3x2xf32>) {
  // expected-error@+1 {{'hip.exp' op in memref form: no split of the 2 operands into inputs and destinations fits the op's shape inference}}
  hip.exp %a, %o : (memref<2x3xf32>, memref<3x2xf32>) -> ()
  return
}
