// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<2x3xf32>, %a: tensor<1xf32>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op the 'axes' operand must be a 1-D i64 tensor, got tensor<1xf32>}}
  %0 = hip.reduce_sum %x, %a, %i : (tensor<2x3xf32>, tensor<1xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %a: tensor<?xi64>, %i: tensor<?xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op without keepdims the 'axes' operand tensor<?xi64> must have a static length (the result rank is the operand's rank minus it)}}
  %0 = hip.reduce_sum %x, %a, %i {keepdims = false} : (tensor<2x3xf32>, tensor<?xi64>, tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %a: tensor<1xi64>, %i: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op result #0 has type tensor<2x3xf32>, incompatible with the inferred type tensor<?xf32>}}
  %0 = hip.reduce_sum %x, %a, %i {keepdims = false} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %a: tensor<1xi64>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op expects 1 inputs (and up to 1 parameter operands) and 1 results, each result with one destination operand, got 4 operands and 1 results}}
  %0 = hip.reduce_sum %x, %a, %a, %i : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %a: tensor<1xi64>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'hip.reduce_sum' op has 1 parameter operands but only 0 of the parameters ['axes'] are not attributes}}
  %0 = hip.reduce_sum %x, %a, %i {axes = array<i64: 1>} : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<2xi64>, %e: tensor<3xi64>, %i: tensor<?x?xf32>) {
  // expected-error@+1 {{'hip.slice' op 'starts', 'ends', 'axes' and 'steps' must have one length, got 2 and 3 ('ends')}}
  %0 = hip.slice %x, %s, %e, %i : (tensor<2x3xf32>, tensor<2xi64>, tensor<3xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %s: tensor<2xi16>, %i: tensor<?x?xf32>) {
  // expected-error@+1 {{'hip.slice' op the 'starts' operand must be a 1-D i32 or i64 tensor, got tensor<2xi16>}}
  %0 = hip.slice %x, %s, %i {ends = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<2xi16>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %r: tensor<3xi64>, %i: tensor<?x?xf32>) {
  // expected-error@+1 {{'hip.tile' op the 'repeats' operand tensor<3xi64> must have 2 values (one value per dimension)}}
  %0 = hip.tile %x, %r, %i : (tensor<2x3xf32>, tensor<3xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %k: tensor<2xi64>, %v: tensor<2x?xf32>, %i: tensor<2x?xi64>) {
  // expected-error@+1 {{'hip.topk' op the 'k' operand must be one i32 or i64 value (rank 0 or [1]), got tensor<2xi64>}}
  %0:2 = hip.topk %x, %k, %v, %i : (tensor<2x3xf32>, tensor<2xi64>, tensor<2x?xf32>, tensor<2x?xi64>) -> (tensor<2x?xf32>, tensor<2x?xi64>)
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %p: tensor<4xi64>, %v: tensor<f16>, %i: tensor<?x?xf32>) {
  // expected-error@+1 {{'hip.pad' op the 'value' operand must be one value (rank 0 or [1]) of the data's element type, got tensor<f16>}}
  %0 = hip.pad %x, %p, %v, %i {axes = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<4xi64>, tensor<f16>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %p: tensor<6xi64>, %i: tensor<?x?xf32>) {
  // expected-error@+1 {{'hip.pad' op the 'pads' operand tensor<6xi64> must have 4 values (a begin and an end per padded axis)}}
  %0 = hip.pad %x, %p, %i : (tensor<2x3xf32>, tensor<6xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>, %s: tensor<3xf32>, %i: tensor<?x?x?x?xf32>) {
  // expected-error@+1 {{'hip.resize' op the 'scales' operand tensor<3xf32> must have 4 values (one value per dimension)}}
  %0 = hip.resize %x, %s, %i : (tensor<1x1x2x2xf32>, tensor<3xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<6xf32>, %s: tensor<3xi64>, %a: tensor<2xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'hip.split' op the 'split' operand tensor<3xi64> must have 2 values (one size per result)}}
  %0:2 = hip.split %x, %s, %a, %b : (tensor<6xf32>, tensor<3xi64>, tensor<2xf32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>)
  return
}

// -----

func.func @f(%s: tensor<?xi64>, %i: tensor<2x3xf32>) {
  // expected-error@+1 {{'hip.fill' op the 'shape' operand tensor<?xi64> must have a static length (the result rank)}}
  %0 = hip.fill %s, %i {value = 0.0 : f32} : (tensor<?xi64>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %a: tensor<1xi64>, %i: tensor<2x3x1x1xf32>) {
  // expected-error@+1 {{'hip.unsqueeze' op result #0 has type tensor<2x3x1x1xf32>, incompatible with the inferred type tensor<?x?x?xf32>}}
  %0 = hip.unsqueeze %x, %a, %i : (tensor<2x3xf32>, tensor<1xi64>, tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
  return
}
