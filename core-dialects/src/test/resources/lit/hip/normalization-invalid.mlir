// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%x: tensor<2x5x8xf32>, %s: tensor<5xf32>) {
  // expected-error@+1 {{'hip.layer_norm' op scale [5] does not broadcast to the normalized dimensions [8]}}
  %0 = hip.layer_norm %x, %s, %x : (tensor<2x5x8xf32>, tensor<5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x5x8xf32>, %s: tensor<8xf32>) {
  // expected-error@+1 {{'hip.layer_norm' op axis 3 is out of range for rank 3 (expected [-3, 3))}}
  %0 = hip.layer_norm %x, %s, %x {axis = 3} : (tensor<2x5x8xf32>, tensor<8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x5x8xf32>, %s: tensor<8xf16>) {
  // expected-error@+1 {{'hip.layer_norm' op scale tensor<8xf16> must have the element type of X tensor<2x5x8xf32>}}
  %0 = hip.layer_norm %x, %s, %x : (tensor<2x5x8xf32>, tensor<8xf16>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x5x8xf32>, %s: tensor<8xf32>, %m: tensor<2x5xf32>) {
  // expected-error@+1 {{'hip.layer_norm' op result #1 has type tensor<2x5xf32>, incompatible with the inferred type tensor<2x5x1xf32>}}
  %0:3 = hip.layer_norm %x, %s, %x, %m, %m : (tensor<2x5x8xf32>, tensor<8xf32>, tensor<2x5x8xf32>, tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5x8xf32>, tensor<2x5xf32>, tensor<2x5xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x5x8xf32>, %s: tensor<8xf32>, %m: tensor<2x5x1xf32>) {
  // expected-error@+1 {{'hip.layer_norm' op cannot have 2 results}}
  %0:2 = hip.layer_norm %x, %s, %x, %m : (tensor<2x5x8xf32>, tensor<8xf32>, tensor<2x5x8xf32>, tensor<2x5x1xf32>) -> (tensor<2x5x8xf32>, tensor<2x5x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x5x8xi32>, %s: tensor<8xi32>) {
  // expected-error@+1 {{'hip.rms_norm' op X must have a floating-point element type, got tensor<2x5x8xi32>}}
  %0 = hip.rms_norm %x, %s, %x : (tensor<2x5x8xi32>, tensor<8xi32>, tensor<2x5x8xi32>) -> tensor<2x5x8xi32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %v: tensor<4xf32>) {
  // expected-error@+1 {{'hip.batch_norm' op var [4] does not match the channels of X [2, 3, 4]}}
  %0 = hip.batch_norm %x, %c, %c, %c, %v, %x : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %c: tensor<3xf32>) {
  // expected-error@+1 {{'hip.instance_norm' op X must have rank >= 3 ([N, C, ...]), got tensor<2x3xf32>}}
  %0 = hip.instance_norm %x, %c, %c, %x : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %c: tensor<1x3xf32>) {
  // expected-error@+1 {{'hip.instance_norm' op scale must be 1-D [C], got tensor<1x3xf32>}}
  %0 = hip.instance_norm %x, %c, %c, %x : (tensor<2x3x4xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x6x5xf32>, %c: tensor<6xf32>) {
  // expected-error@+1 {{'hip.group_norm' op channels 6 are not divisible by 'num_groups' 4}}
  %0 = hip.group_norm %x, %c, %c, %x {num_groups = 4} : (tensor<2x6x5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x6x5xf32>, %c: tensor<6xf32>) {
  // expected-error@+1 {{'hip.group_norm' op 'num_groups' is required}}
  %0 = hip.group_norm %x, %c, %c, %x : (tensor<2x6x5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x5x8xf32>, %k: tensor<5x8xf32>, %s: tensor<8xf32>) {
  // expected-error@+1 {{'hip.skip_layer_norm' op skip tensor<5x8xf32> must have the type of X tensor<2x5x8xf32>}}
  %0 = hip.skip_layer_norm %x, %k, %s, %x : (tensor<2x5x8xf32>, tensor<5x8xf32>, tensor<8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
  return
}
