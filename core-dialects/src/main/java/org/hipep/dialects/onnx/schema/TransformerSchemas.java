package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.FLOAT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.TypeSets.BOOLEAN;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.union;

import java.util.List;

/** The transformer ops of opset 23 on: Attention and RotaryEmbedding. */
final class TransformerSchemas {
    private TransformerSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        OpSchema attention = OpSchema.builder("Attention", 23).input("Q", "T1").input("K", "T1").input("V", "T2")
                .optionalInput("attn_mask", "U").optionalInput("past_key", "T1").optionalInput("past_value", "T2")
                .output("Y", "T1").optionalOutput("present_key", "T1").optionalOutput("present_value", "T2")
                .optionalOutput("qk_matmul_output", "T1")
                .attr("is_causal", 0).attr("kv_num_heads", INT).attr("q_num_heads", INT)
                .attr("qk_matmul_output_mode", 0).attr("scale", FLOAT).attr("softcap", 0.0)
                .attr("softmax_precision", INT)
                .types("T1", FLOATS_BF16).types("T2", FLOATS_BF16).types("U", union(BOOLEAN, NUMERIC_BF16)).build();
        out.add(attention);
        // 24 adds the nonpad_kv_seqlen input after past_value.
        OpSchema.Builder a24 = attention.toBuilder(24).clearInputs();
        attention.inputs().forEach(p -> {
            if (p.isOptional()) {
                a24.optionalInput(p.name(), p.typeConstraint());
            } else {
                a24.input(p.name(), p.typeConstraint());
            }
        });
        out.add(a24.optionalInput("nonpad_kv_seqlen", "tensor(int64)").build());

        out.add(OpSchema.builder("RotaryEmbedding", 23).input("X", "T").input("cos_cache", "T").input("sin_cache", "T")
                .optionalInput("position_ids", "M").output("Y", "T").attr("interleaved", 0).attr("num_heads", INT)
                .attr("rotary_embedding_dim", 0).types("T", FLOATS_BF16).types("M", TypeSets.I64).build());
    }
}
