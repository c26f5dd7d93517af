// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f() {
  // expected-error@+1 {{'hip.constant' op result must be a tensor with a static shape, got tensor<?xf32>}}
  %0 = hip.constant {location = "w.bin", offset = 0, size = 4} : tensor<?xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op element type i4 is not supported (f16, bf16, f32, f64, i1, i8, i16, i32, i64)}}
  %0 = hip.constant {memory_address = 16, size = 1} : tensor<2xi4>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op needs exactly one source}}
  %0 = hip.constant {value = dense<1.0> : tensor<2xf32>, memory_address = 16, size = 8} : tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op needs exactly one source}}
  %0 = hip.constant {source_name = "nothing"} : tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op 'value' has type tensor<3xf32> but the result has type tensor<2xf32>}}
  %0 = hip.constant {value = dense<1.0> : tensor<3xf32>} : tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op 'size' is 12 but tensor<4xf32> needs 16 bytes}}
  %0 = hip.constant {location = "w.bin", offset = 0, size = 12} : tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op a file constant needs a non-empty 'location'}}
  %0 = hip.constant {location = "", offset = 0, size = 16} : tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op a file constant needs an 'offset' >= 0}}
  %0 = hip.constant {location = "w.bin", offset = -64, size = 16} : tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op 'memory_address' must be a non-zero integer}}
  %0 = hip.constant {memory_address = 0, size = 16} : tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op 'serialization_order' must be >= 0, got -1}}
  %0 = hip.constant {memory_address = 8, size = 16, serialization_order = -1} : tensor<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hip.constant' op an inline constant takes no 'size'}}
  %0 = hip.constant {value = dense<1.0> : tensor<4xf32>, size = 16} : tensor<4xf32>
  return
}
