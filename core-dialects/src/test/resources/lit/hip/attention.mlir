// RUN: hip-mlir-opt %s --split-input-file | FileCheck %s
// RUN: hip-mlir-opt %s --split-input-file --mlir-print-op-generic | hip-mlir-opt | FileCheck %s

// Multi-head attention on 4-D [batch, heads, sequence, head size] inputs; grouped-query heads
// (9 query heads over 3 key/value heads); the attributes in the dictionary.
// CHECK-LABEL: func.func @attention_4d
// CHECK: hip.attention %arg0, %arg1, %arg2, %arg0 : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
// CHECK: hip.attention %arg3, %arg1, %arg2, %arg3 : (tensor<2x9x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x9x4x8xf32>) -> tensor<2x9x4x8xf32>
// CHECK: hip.attention %arg0, %arg1, %arg2, %arg0 {is_causal = true, qk_matmul_output_mode = 1 : i64, scale = 1.000000e-01 : f32, softcap = 2.000000e+00 : f32}
func.func @attention_4d(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<2x3x6x8xf32>, %gq: tensor<2x9x4x8xf32>) {
  %0 = hip.attention %q, %k, %v, %q : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  %1 = hip.attention %gq, %k, %v, %gq : (tensor<2x9x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x9x4x8xf32>) -> tensor<2x9x4x8xf32>
  %2 = hip.attention %q, %k, %v, %q {is_causal = true, scale = 0.1 : f32, softcap = 2.0 : f32, qk_matmul_output_mode = 1 : i64} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  return
}

// -----

// 3-D [batch, sequence, heads * head size] inputs split by q_num_heads and kv_num_heads; V's
// head size (10) may differ from Q's and K's (8), and Y is 3-D like Q: [2, 4, 3 * 10].
// A 2-D boolean mask and a 4-D float mask broadcast to the scores [2, 3, 4, 6].
// CHECK-LABEL: func.func @attention_3d
// CHECK: hip.attention %arg0, %arg1, %arg2, %arg5 {kv_num_heads = 3 : i64, q_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x30xf32>, tensor<2x4x30xf32>) -> tensor<2x4x30xf32>
// CHECK: hip.attention %arg0, %arg1, %arg2, %arg3, %arg5 {kv_num_heads = 3 : i64, q_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x30xf32>, tensor<4x6xi1>, tensor<2x4x30xf32>) -> tensor<2x4x30xf32>
// CHECK: hip.attention %arg0, %arg1, %arg2, %arg4, %arg5 {kv_num_heads = 3 : i64, q_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x30xf32>, tensor<2x1x4x6xf32>, tensor<2x4x30xf32>) -> tensor<2x4x30xf32>
func.func @attention_3d(%q: tensor<2x4x24xf32>, %k: tensor<2x6x24xf32>, %v: tensor<2x6x30xf32>, %bm: tensor<4x6xi1>,
                        %fm: tensor<2x1x4x6xf32>, %y: tensor<2x4x30xf32>) {
  %0 = hip.attention %q, %k, %v, %y {q_num_heads = 3 : i64, kv_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x30xf32>, tensor<2x4x30xf32>) -> tensor<2x4x30xf32>
  %1 = hip.attention %q, %k, %v, %bm, %y {q_num_heads = 3 : i64, kv_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x30xf32>, tensor<4x6xi1>, tensor<2x4x30xf32>) -> tensor<2x4x30xf32>
  %2 = hip.attention %q, %k, %v, %fm, %y {q_num_heads = 3 : i64, kv_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x30xf32>, tensor<2x1x4x6xf32>, tensor<2x4x30xf32>) -> tensor<2x4x30xf32>
  return
}

// -----

// A key/value cache of 5 positions: the total sequence is 5 + 6 = 11; present_key,
// present_value and qk_matmul_output are the optional results, with 5 inputs (the cache) or 6
// (mask and cache).
// CHECK-LABEL: func.func @attention_cache
// CHECK: %{{.*}}:4 = hip.attention %arg0, %arg1, %arg2, %arg3, %arg4, %arg6, %arg7, %arg8, %arg9 : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x10xf32>, tensor<2x3x5x8xf32>, tensor<2x3x5x10xf32>, tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>, tensor<2x3x4x11xf32>) -> (tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>, tensor<2x3x4x11xf32>)
// CHECK: %{{.*}}:3 = hip.attention %arg0, %arg1, %arg2, %arg5, %arg3, %arg4, %arg6, %arg7, %arg8 : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x10xf32>, tensor<1x1x4x11xi1>, tensor<2x3x5x8xf32>, tensor<2x3x5x10xf32>, tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>) -> (tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>)
func.func @attention_cache(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<2x3x6x10xf32>,
                           %pk: tensor<2x3x5x8xf32>, %pv: tensor<2x3x5x10xf32>, %m: tensor<1x1x4x11xi1>,
                           %y: tensor<2x3x4x10xf32>, %ok: tensor<2x3x11x8xf32>, %ov: tensor<2x3x11x10xf32>,
                           %qk: tensor<2x3x4x11xf32>) {
  %0:4 = hip.attention %q, %k, %v, %pk, %pv, %y, %ok, %ov, %qk : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x10xf32>, tensor<2x3x5x8xf32>, tensor<2x3x5x10xf32>, tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>, tensor<2x3x4x11xf32>) -> (tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>, tensor<2x3x4x11xf32>)
  %1:3 = hip.attention %q, %k, %v, %m, %pk, %pv, %y, %ok, %ov : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x10xf32>, tensor<1x1x4x11xi1>, tensor<2x3x5x8xf32>, tensor<2x3x5x10xf32>, tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>) -> (tensor<2x3x4x10xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x10xf32>)
  return
}

// -----

// Dynamic dimensions: a ? batch stays ?, and a declared ? is compatible with a known size.
// CHECK-LABEL: func.func @attention_dynamic
// CHECK: hip.attention %arg0, %arg1, %arg1, %arg2 : (tensor<?x3x4x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x?x8xf32>, tensor<?x3x4x8xf32>) -> tensor<?x3x4x8xf32>
func.func @attention_dynamic(%q: tensor<?x3x4x8xf32>, %k: tensor<2x3x?x8xf32>, %y: tensor<?x3x4x8xf32>) {
  %0 = hip.attention %q, %k, %k, %y : (tensor<?x3x4x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x?x8xf32>, tensor<?x3x4x8xf32>) -> tensor<?x3x4x8xf32>
  return
}

// -----

// Rotary embedding: 4-D X with position_ids into [50, 4] caches; 3-D X split by num_heads;
// caches per [batch, sequence] without position_ids; a partial rotation of 4 of the 8 head
// dimensions, interleaved.
// CHECK-LABEL: func.func @rotary
// CHECK: hip.rotary_embedding %arg0, %arg1, %arg1, %arg2, %arg0 : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
// CHECK: hip.rotary_embedding %arg3, %arg1, %arg1, %arg2, %arg3 {num_heads = 4 : i64} : (tensor<2x3x32xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x3x32xf32>) -> tensor<2x3x32xf32>
// CHECK: hip.rotary_embedding %arg0, %arg4, %arg4, %arg0 : (tensor<2x4x3x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
// CHECK: hip.rotary_embedding %arg0, %arg5, %arg5, %arg2, %arg0 {interleaved = true, rotary_embedding_dim = 4 : i64} : (tensor<2x4x3x8xf32>, tensor<50x2xf32>, tensor<50x2xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
func.func @rotary(%x: tensor<2x4x3x8xf32>, %c: tensor<50x4xf32>, %p: tensor<2x3xi64>, %x3: tensor<2x3x32xf32>,
                  %cb: tensor<2x3x4xf32>, %c2: tensor<50x2xf32>) {
  %0 = hip.rotary_embedding %x, %c, %c, %p, %x : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  %1 = hip.rotary_embedding %x3, %c, %c, %p, %x3 {num_heads = 4 : i64} : (tensor<2x3x32xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x3x32xf32>) -> tensor<2x3x32xf32>
  %2 = hip.rotary_embedding %x, %cb, %cb, %x : (tensor<2x4x3x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  %3 = hip.rotary_embedding %x, %c2, %c2, %p, %x {interleaved = true, rotary_embedding_dim = 4 : i64} : (tensor<2x4x3x8xf32>, tensor<50x2xf32>, tensor<50x2xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
  return
}
