// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%d: tensor<3x2xf32>, %i: tensor<2xf32>, %o: tensor<2x2xf32>) {
  // expected-error@+1 {{'hip.gather' op the indices must have element type i32 or i64, got tensor<2xf32>}}
  %0 = hip.gather %d, %i, %o : (tensor<3x2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%d: tensor<3x2xf32>, %i: tensor<2xi64>, %o: tensor<2x2xf32>) {
  // expected-error@+1 {{'hip.gather' op axis -3 is out of range for rank 2 (expected [-2, 2))}}
  %0 = hip.gather %d, %i, %o {axis = -3 : i64} : (tensor<3x2xf32>, tensor<2xi64>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%d: tensor<3x2xf32>, %i: tensor<2xi64>, %o: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.gather' op result #0 has type tensor<2x3xf32>, incompatible with the inferred type tensor<2x2xf32>}}
  %0 = hip.gather %d, %i, %o : (tensor<3x2xf32>, tensor<2xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%d: tensor<3x3xf32>, %i: tensor<3xi64>, %o: tensor<3xf32>) {
  // expected-error@+1 {{'hip.gather_elements' op the indices [3] must have the rank of the data [3, 3]}}
  %0 = hip.gather_elements %d, %i, %o : (tensor<3x3xf32>, tensor<3xi64>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%d: tensor<2x2xf32>, %i: tensor<2x3xi64>, %o: tensor<2xf32>) {
  // expected-error@+1 {{'hip.gather_nd' op the last dimension of the indices [2, 3] must be in [1, 2] for data [2, 2]}}
  %0 = hip.gather_nd %d, %i, %o : (tensor<2x2xf32>, tensor<2x3xi64>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%d: tensor<4x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'hip.scatter_nd' op the updates [2, 4] must have the shape [2, 4, 4] (indices[:-1] ++ data[indices[-1]:])}}
  %0 = hip.scatter_nd %d, %i, %u, %d : (tensor<4x4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>, tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
  return
}

// -----

func.func @f(%d: tensor<3x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.scatter_elements' op 'reduction' must be one of "none", "add", "mul", "min", "max"}}
  %0 = hip.scatter_elements %d, %i, %u, %d {reduction = "sub"} : (tensor<3x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>, %v: tensor<3x5xf32>, %i: tensor<3x5xi64>) {
  // expected-error@+1 {{'hip.topk' op 'k' 5 must be in [0, 4] (dimension 1 of [3, 4])}}
  %0:2 = hip.topk %x, %v, %i {k = 5 : i64} : (tensor<3x4xf32>, tensor<3x5xf32>, tensor<3x5xi64>) -> (tensor<3x5xf32>, tensor<3x5xi64>)
  return
}

// -----

func.func @f(%x: tensor<3xf32>) {
  // expected-error@+1 {{'hip.trilu' op the operand must have rank >= 2, got tensor<3xf32>}}
  %0 = hip.trilu %x, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%s: tensor<1xi64>, %r: tensor<?xi64>) {
  // expected-error@+1 {{'hip.range' op start, limit and delta must be scalars (rank 0), got tensor<1xi64>}}
  %0 = hip.range %s, %s, %s, %r : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<?xi64>) -> tensor<?xi64>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %o: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{'hip.resize' op exactly one of 'scales' and 'sizes' is required}}
  %0 = hip.resize %x, %o : (tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %o: tensor<1x1x4x4xf32>) {
  // expected-error@+1 {{'hip.resize' op 'mode' must be one of "nearest", "linear", "cubic"}}
  %0 = hip.resize %x, %o {sizes = array<i64: 1, 1, 4, 4>, mode = "bilinear"} : (tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%o: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.fill' op 'value' must be a typed integer or float attribute (it gives the element type)}}
  %0 = hip.fill %o {shape = array<i64: 2, 3>, value = "one"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%i: tensor<3xi64>, %v: tensor<3xf32>, %o: tensor<3x10xf32>) {
  // expected-error@+1 {{'hip.one_hot' op values must be [2] (off, on), got tensor<3xf32>}}
  %0 = hip.one_hot %i, %v, %o {depth = 10 : i64} : (tensor<3xi64>, tensor<3xf32>, tensor<3x10xf32>) -> tensor<3x10xf32>
  return
}

// -----

func.func @f(%x: tensor<3x4xf32>, %o: tensor<3x?xi64>) {
  // expected-error@+1 {{'hip.non_zero' op result #0 has type tensor<3x?xi64>, incompatible with the inferred type tensor<2x?xi64>}}
  %0 = hip.non_zero %x, %o : (tensor<3x4xf32>, tensor<3x?xi64>) -> tensor<3x?xi64>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>, %c: tensor<2x5xf32>) {
  // expected-error@+1 {{'hip.einsum' op label 'j' of "ij,jk->ik" has sizes 3 and 4}}
  %0 = hip.einsum %a, %b, %c {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<4x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %c: tensor<2xf32>) {
  // expected-error@+1 {{'hip.einsum' op term "ijk" of "ijk->i" does not fit operand #0 [2, 3]}}
  %0 = hip.einsum %a, %c {equation = "ijk->i"} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}
