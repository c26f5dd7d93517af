// RUN: hip-mlir-opt %s --split-input-file --convert-onnx-to-hip | FileCheck %s

// Attention 23 on 3-D inputs: the head counts are copied, is_causal is a bool.
// CHECK-LABEL: func.func @attention_3d
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x4x24xf32>
// CHECK-NEXT:    %[[Y:.*]] = hip.attention %arg0, %arg1, %arg2, %[[E]] {is_causal = false, kv_num_heads = 3 : i64, q_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x24xf32>, tensor<2x4x24xf32>) -> tensor<2x4x24xf32>
// CHECK-NEXT:    return %[[Y]]
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @attention_3d(%q: tensor<2x4x24xf32>, %k: tensor<2x6x24xf32>, %v: tensor<2x6x24xf32>) -> tensor<2x4x24xf32> {
    %0 = "onnx.Attention"(%q, %k, %v) {kv_num_heads = 3 : i64, q_num_heads = 3 : i64} : (tensor<2x4x24xf32>, tensor<2x6x24xf32>, tensor<2x6x24xf32>) -> tensor<2x4x24xf32>
    "onnx.Return"(%0) : (tensor<2x4x24xf32>) -> ()
  }
}

// -----

// 4-D inputs with a broadcast mask, is_causal and scale; grouped-query heads (9 over 3);
// softcap and qk_matmul_output_mode are copied, a softmax_precision naming Q's type (1: float)
// goes.
// CHECK-LABEL: func.func @attention_4d
// CHECK:         hip.attention %arg0, %arg1, %arg2, %arg3, %{{.*}} {is_causal = true, scale = 1.000000e-02 : f32} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<4x6xf32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
// CHECK:         hip.attention %arg4, %arg1, %arg2, %{{.*}} {is_causal = false} : (tensor<2x9x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x9x4x8xf32>) -> tensor<2x9x4x8xf32>
// CHECK:         hip.attention %arg0, %arg1, %arg2, %{{.*}} {is_causal = false, qk_matmul_output_mode = 2 : i64, softcap = 5.000000e+00 : f32} :
// CHECK-NOT:     "onnx.
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @attention_4d(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<2x3x6x8xf32>, %m: tensor<4x6xf32>,
                          %gq: tensor<2x9x4x8xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x9x4x8xf32>, tensor<2x3x4x8xf32>) {
    %0 = "onnx.Attention"(%q, %k, %v, %m) {is_causal = 1 : i64, scale = 1.000000e-02 : f32} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<4x6xf32>) -> tensor<2x3x4x8xf32>
    %1 = "onnx.Attention"(%gq, %k, %v) : (tensor<2x9x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x9x4x8xf32>
    %2 = "onnx.Attention"(%q, %k, %v) {softcap = 5.0 : f32, qk_matmul_output_mode = 2 : i64, softmax_precision = 1 : i64} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x4x8xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x3x4x8xf32>, tensor<2x9x4x8xf32>, tensor<2x3x4x8xf32>) -> ()
  }
}

// -----

// A key/value cache with the mask omitted: five hip inputs; the four results' unknown
// dimensions come from shape inference (total sequence 5 + 6).
// CHECK-LABEL: func.func @attention_cache
// CHECK:         %{{.*}}:4 = hip.attention %arg0, %arg1, %arg2, %arg3, %arg4, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_causal = false} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x5x8xf32>, tensor<2x3x5x8xf32>, tensor<2x3x4x8xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x8xf32>, tensor<2x3x4x11xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x3x11x8xf32>, tensor<2x3x11x8xf32>, tensor<2x3x4x11xf32>)
// CHECK-NOT:     "onnx.
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @attention_cache(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<2x3x6x8xf32>,
                             %pk: tensor<2x3x5x8xf32>, %pv: tensor<2x3x5x8xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x4x?xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %0:4 = "onnx.Attention"(%q, %k, %v, %none, %pk, %pv) : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, none, tensor<2x3x5x8xf32>, tensor<2x3x5x8xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x4x?xf32>)
    "onnx.Return"(%0#0, %0#1, %0#2, %0#3) : (tensor<2x3x4x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x?x8xf32>, tensor<2x3x4x?xf32>) -> ()
  }
}

// -----

// Not converted: a softmax_precision other than Q's type (10: float16), a past_key without
// past_value, Attention 24 (nonpad_kv_seqlen, short masks), a mask that does not broadcast.
// CHECK-LABEL: func.func @attention_kept
// CHECK-NOT:     hip.attention
// CHECK-COUNT-3: "onnx.Attention"
// CHECK-NOT:     hip.attention
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @attention_kept(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %pk: tensor<2x3x5x8xf32>, %m: tensor<4x5xf32>) -> (tensor<2x3x4x8xf32>, tensor<2x3x4x8xf32>, tensor<2x3x4x8xf32>) {
    %none = "onnx.NoValue"() : () -> none
    %0 = "onnx.Attention"(%q, %k, %k) {softmax_precision = 10 : i64} : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x4x8xf32>
    %1 = "onnx.Attention"(%q, %k, %k, %none, %pk) : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, none, tensor<2x3x5x8xf32>) -> tensor<2x3x4x8xf32>
    %2 = "onnx.Attention"(%q, %k, %k, %m) : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>, tensor<4x5xf32>) -> tensor<2x3x4x8xf32>
    "onnx.Return"(%0, %1, %2) : (tensor<2x3x4x8xf32>, tensor<2x3x4x8xf32>, tensor<2x3x4x8xf32>) -> ()
  }
}

// -----

// CHECK-LABEL: func.func @attention_24
// CHECK-NEXT:    "onnx.Attention"
module attributes {onnx.opset_import = {"" = 24 : i64}} {
  func.func @attention_24(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>) -> tensor<2x3x4x8xf32> {
    %0 = "onnx.Attention"(%q, %k, %k) : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x4x8xf32>
    "onnx.Return"(%0) : (tensor<2x3x4x8xf32>) -> ()
  }
}

// -----

// RotaryEmbedding 23: 4-D with position_ids, 3-D split by num_heads, caches per batch and
// sequence without position_ids, and a partial interleaved rotation.
// CHECK-LABEL: func.func @rotary
// CHECK:         hip.rotary_embedding %arg0, %arg1, %arg1, %arg2, %{{.*}} {interleaved = false} : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
// CHECK:         hip.rotary_embedding %arg3, %arg1, %arg1, %arg2, %{{.*}} {interleaved = false, num_heads = 4 : i64} : (tensor<2x3x32xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>, tensor<2x3x32xf32>) -> tensor<2x3x32xf32>
// CHECK:         hip.rotary_embedding %arg0, %arg4, %arg4, %{{.*}} {interleaved = false} : (tensor<2x4x3x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
// CHECK:         hip.rotary_embedding %arg0, %arg5, %arg5, %arg2, %{{.*}} {interleaved = true, rotary_embedding_dim = 4 : i64} : (tensor<2x4x3x8xf32>, tensor<50x2xf32>, tensor<50x2xf32>, tensor<2x3xi64>, tensor<2x4x3x8xf32>) -> tensor<2x4x3x8xf32>
// CHECK-NOT:     "onnx.
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @rotary(%x: tensor<2x4x3x8xf32>, %c: tensor<50x4xf32>, %p: tensor<2x3xi64>, %x3: tensor<2x3x32xf32>,
                    %cb: tensor<2x3x4xf32>, %c2: tensor<50x2xf32>) -> (tensor<2x4x3x8xf32>, tensor<2x3x32xf32>, tensor<2x4x3x8xf32>, tensor<2x4x3x8xf32>) {
    %0 = "onnx.RotaryEmbedding"(%x, %c, %c, %p) : (tensor<2x4x3x8xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>) -> tensor<2x4x3x8xf32>
    %1 = "onnx.RotaryEmbedding"(%x3, %c, %c, %p) {num_heads = 4 : i64} : (tensor<2x3x32xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>) -> tensor<2x3x32xf32>
    %2 = "onnx.RotaryEmbedding"(%x, %cb, %cb) : (tensor<2x4x3x8xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x4x3x8xf32>
    %3 = "onnx.RotaryEmbedding"(%x, %c2, %c2, %p) {interleaved = 1 : i64, rotary_embedding_dim = 4 : i64} : (tensor<2x4x3x8xf32>, tensor<50x2xf32>, tensor<50x2xf32>, tensor<2x3xi64>) -> tensor<2x4x3x8xf32>
    "onnx.Return"(%0, %1, %2, %3) : (tensor<2x4x3x8xf32>, tensor<2x3x32xf32>, tensor<2x4x3x8xf32>, tensor<2x4x3x8xf32>) -> ()
  }
}

// -----

// Not converted: a 3-D input without num_heads, caches whose last dimension is not half the
// rotary dimension.
// CHECK-LABEL: func.func @rotary_kept
// CHECK-NOT:     hip.rotary_embedding
// CHECK-COUNT-2: "onnx.RotaryEmbedding"
// CHECK-NOT:     hip.rotary_embedding
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @rotary_kept(%x: tensor<2x4x3x8xf32>, %c: tensor<50x3xf32>, %p: tensor<2x3xi64>, %x3: tensor<2x3x32xf32>,
                         %c4: tensor<50x4xf32>) -> (tensor<2x4x3x8xf32>, tensor<2x3x32xf32>) {
    %0 = "onnx.RotaryEmbedding"(%x, %c, %c, %p) : (tensor<2x4x3x8xf32>, tensor<50x3xf32>, tensor<50x3xf32>, tensor<2x3xi64>) -> tensor<2x4x3x8xf32>
    %1 = "onnx.RotaryEmbedding"(%x3, %c4, %c4, %p) : (tensor<2x3x32xf32>, tensor<50x4xf32>, tensor<50x4xf32>, tensor<2x3xi64>) -> tensor<2x3x32xf32>
    "onnx.Return"(%0, %1) : (tensor<2x4x3x8xf32>, tensor<2x3x32xf32>) -> ()
  }
}

// -----

// Dynamic dimensions: rotary_embedding's result is X, so its destination takes X's dimension;
// attention's results are not traced back to an input, so a dynamic result keeps the op.
// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[C:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %arg0, %[[C]] : tensor<2x4x?x8xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]]) : tensor<2x4x?x8xf32>
// CHECK-NEXT:    hip.rotary_embedding %arg0, %arg1, %arg1, %[[E]] {interleaved = false} : (tensor<2x4x?x8xf32>, tensor<2x?x4xf32>, tensor<2x?x4xf32>, tensor<2x4x?x8xf32>) -> tensor<2x4x?x8xf32>
// CHECK-NEXT:    "onnx.Attention"(%arg2, %arg3, %arg3)
module attributes {onnx.opset_import = {"" = 23 : i64}} {
  func.func @dynamic(%x: tensor<2x4x?x8xf32>, %c: tensor<2x?x4xf32>, %q: tensor<2x3x?x8xf32>, %k: tensor<2x3x6x8xf32>) -> (tensor<2x4x?x8xf32>, tensor<2x3x?x8xf32>) {
    %0 = "onnx.RotaryEmbedding"(%x, %c, %c) : (tensor<2x4x?x8xf32>, tensor<2x?x4xf32>, tensor<2x?x4xf32>) -> tensor<2x4x?x8xf32>
    %1 = "onnx.Attention"(%q, %k, %k) : (tensor<2x3x?x8xf32>, tensor<2x3x6x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x?x8xf32>
    "onnx.Return"(%0, %1) : (tensor<2x4x?x8xf32>, tensor<2x3x?x8xf32>) -> ()
  }
}
