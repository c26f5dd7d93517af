// RUN: hip-mlir-opt %s --split-input-file --verify-diagnostics

func.func @f(%q: tensor<2x4x24xf32>, %k: tensor<2x6x24xf32>) {
  // expected-error@+1 {{'hip.attention' op 'q_num_heads' is required for a 3-D Q tensor<2x4x24xf32>}}
  %0 = hip.attention %q, %k, %k, %q {kv_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x24xf32>, tensor<2x4x24xf32>) -> tensor<2x4x24xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x24xf32>, %k: tensor<2x6x24xf32>) {
  // expected-error@+1 {{'hip.attention' op the hidden size 24 of Q is not divisible by 'q_num_heads' 5}}
  %0 = hip.attention %q, %k, %k, %q {q_num_heads = 5 : i64, kv_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x24xf32>, tensor<2x4x24xf32>) -> tensor<2x4x24xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x4x8xf32>, %k: tensor<2x3x6x8xf32>) {
  // expected-error@+1 {{'hip.attention' op the 4 query heads are not a multiple of the 3 key/value heads}}
  %0 = hip.attention %q, %k, %k, %q : (tensor<2x4x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x6xf32>) {
  // expected-error@+1 {{'hip.attention' op the head sizes of Q and K differ: 8 vs 6}}
  %0 = hip.attention %q, %k, %k, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x6xf32>, tensor<2x3x6x6xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<2x3x5x8xf32>) {
  // expected-error@+1 {{'hip.attention' op the sequence lengths of K and V differ: 6 vs 5}}
  %0 = hip.attention %q, %k, %v, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x5x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %m: tensor<4x5xi1>) {
  // expected-error@+1 {{'hip.attention' op attn_mask [4, 5] does not broadcast to the scores [2, 3, 4, 6]}}
  %0 = hip.attention %q, %k, %k, %m, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<4x5xi1>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %m: tensor<4x6xi32>) {
  // expected-error@+1 {{'hip.attention' op attn_mask tensor<4x6xi32> must have element type i1 or Q's f32}}
  %0 = hip.attention %q, %k, %k, %m, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<4x6xi32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>) {
  // expected-error@+1 {{'hip.attention' op 'softmax_precision' is not supported: the softmax runs in Q's element type}}
  %0 = hip.attention %q, %k, %k, %q {softmax_precision = 1 : i64} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>) {
  // expected-error@+1 {{'hip.attention' op 'qk_matmul_output_mode' must be 0 to 3, got 4}}
  %0 = hip.attention %q, %k, %k, %q {qk_matmul_output_mode = 4 : i64} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>) {
  // expected-error@+1 {{'hip.attention' op present_key and present_value come together (1, 3 or 4 results)}}
  %0:2 = hip.attention %q, %k, %k, %q, %k : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>)
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %y: tensor<2x3x6x8xf32>) {
  // expected-error@+1 {{'hip.attention' op result #0 has type tensor<2x3x6x8xf32>, incompatible with the inferred type tensor<2x3x4x8xf32>}}
  %0 = hip.attention %q, %k, %k, %y : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x6x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %p: tensor<2x5x8xf32>) {
  // expected-error@+1 {{'hip.attention' op past_key and past_value must be 4-D, got tensor<2x5x8xf32> and tensor<2x5x8xf32>}}
  %0 = hip.attention %q, %k, %k, %p, %p, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x5x8xf32>, tensor<2x5x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf16>) {
  // expected-error@+1 {{'hip.attention' op K tensor<2x3x6x8xf16> must have the element type of Q tensor<2x3x4x8xf32>}}
  %0 = hip.attention %q, %k, %k, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf16>, tensor<2x3x6x8xf16>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x32xf32>, %c: tensor<50x4xf32>, %p: tensor<2x3xi64>) {
  // expected-error@+1 {{'hip.rotary_embedding' op 'num_heads' is required for a 3-D X tensor<2x3x32xf32>}}
  %0 = hip.rotary_embedding %x, %c, %c, %p, %x : (tensor<2x3x32xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x3x32xf32>) -> tensor<2x3x32xf32>
  return
}

// -----

func.func @f(%x: tensor<2x4x3x8xf32>, %c: tensor<50x3xf32>, %p: tensor<2x3xi64>) {
  // expected-error@+1 {{'hip.rotary_embedding' op the last dimension of cos_cache and half the rotary dimension differ: 3 vs 4}}
  %0 = hip.rotary_embedding %x, %c, %c, %p, %x : (tensor<2x4x3x8xf32>, tensor<50x3xf32>, tensor<50x3xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x4x3x8xf32>, %c: tensor<50x4xf32>, %p: tensor<2x3xi32>) {
  // expected-error@+1 {{'hip.rotary_embedding' op position_ids must be a 2-D i64 [batch, sequence] tensor, got tensor<2x3xi32>}}
  %0 = hip.rotary_embedding %x, %c, %c, %p, %x : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi32>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x4x3x8xf32>, %c: tensor<50x4xf32>) {
  // expected-error@+1 {{'hip.rotary_embedding' op cos_cache must be 3-D [batch, sequence, rotary dim / 2] without position_ids, got tensor<50x4xf32>}}
  %0 = hip.rotary_embedding %x, %c, %c, %x : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x4x3x8xf32>, %c: tensor<50x6xf32>, %p: tensor<2x3xi64>) {
  // expected-error@+1 {{'hip.rotary_embedding' op 'rotary_embedding_dim' 12 exceeds the head size 8}}
  %0 = hip.rotary_embedding %x, %c, %c, %p, %x {rotary_embedding_dim = 12 : i64} : (tensor<2x4x3x8xf32>, tensor<50x6xf32>, tensor<50x6xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x4x3x8xf32>, %c: tensor<50x4xf32>, %p: tensor<2x3xi64>) {
  // expected-error@+1 {{'hip.rotary_embedding' op 'rotary_embedding_dim' must be even and >= 0, got 3}}
  %0 = hip.rotary_embedding %x, %c, %c, %p, %x {rotary_embedding_dim = 3 : i64} : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  return
}
