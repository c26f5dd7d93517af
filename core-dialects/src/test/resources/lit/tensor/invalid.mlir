// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @a(%n: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.empty() : tensor<?xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<4x4xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %f into %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<2xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0] [2] [1] : tensor<4xf32> to tensor<3xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %s: tensor<3xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<2xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %s into %t[0] [2] [1] : tensor<3xf32> into tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %s: tensor<3xindex>) {
  // expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<3xindex>) -> tensor<2x2xf32>
  return
}

// -----

func.func @a(%m: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %m [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<7x4xf32>
  return
}

// -----

func.func @a(%f: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%f) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @a(%f: f32, %n: index) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = "tensor.splat"(%f) : (f32) -> tensor<?xf32>
  return
}
