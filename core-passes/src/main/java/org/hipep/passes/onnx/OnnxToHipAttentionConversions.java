package org.hipep.passes.onnx;

import static org.hipep.passes.onnx.OnnxToHipConversions.inputs;
import static org.hipep.passes.onnx.OnnxToHipConversions.intAttr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.passes.onnx.OnnxToHipConversions.Conversion;
import org.hipep.passes.onnx.OnnxToHipConversions.Plan;

/**
 * The transformer entries of the {@link OnnxToHipConversions} table: {@code Attention} and
 * {@code RotaryEmbedding} of opset 23 become {@code hip.attention} and
 * {@code hip.rotary_embedding}. The ONNX attributes are copied when present (ints that are
 * flags become bools); the hip ops tell optional inputs apart by count.
 */
final class OnnxToHipAttentionConversions {
    private OnnxToHipAttentionConversions() {
    }

    private static final int ALL = Integer.MAX_VALUE;

    /** Adds this group's conversions to {@code all}. */
    static void addTo(List<Conversion> all) {
        // Attention 24 adds nonpad_kv_seqlen and masks shorter than the total sequence: not converted.
        all.add(new Conversion("onnx.Attention", 23, 24, OnnxToHipAttentionConversions::attention));
        all.add(new Conversion("onnx.RotaryEmbedding", 23, ALL, OnnxToHipAttentionConversions::rotary));
    }

    /** The i64 attributes in {@code names} that {@code op} has, copied into {@code attrs}. */
    private static void copyInts(Operation op, Map<String, Attribute> attrs, String... names) {
        for (String n : names) {
            if (op.attribute(n) instanceof IntegerAttr i) {
                attrs.put(n, IntegerAttr.i64(i.longValue()));
            }
        }
    }

    /**
     * Attention: Q, K, V, then the mask and the past_key/past_value pair when present (a lone
     * past_key or past_value is skipped); one result, or Y with present_key and present_value,
     * and qk_matmul_output. {@code softmax_precision} converts only when it names Q's own
     * element type (the hip op's softmax precision).
     */
    private static Plan attention(Operation op, int opset) {
        if (op.numOperands() < 3 || op.numOperands() > 6 || op.numResults() == 2) {
            return Plan.skip("expects 3 to 6 inputs and 1, 3 or 4 results");
        }
        List<Value> in = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            if (!OnnxRewrites.hasOperand(op, i)) {
                return Plan.skip("Q, K and V are required");
            }
            in.add(op.operand(i));
        }
        if (OnnxRewrites.hasOperand(op, 3)) {
            in.add(op.operand(3));
        }
        boolean pastKey = OnnxRewrites.hasOperand(op, 4);
        if (pastKey != OnnxRewrites.hasOperand(op, 5)) {
            return Plan.skip("past_key and past_value come together");
        }
        if (pastKey) {
            in.add(op.operand(4));
            in.add(op.operand(5));
        }
        Map<String, Attribute> attrs = new HashMap<>();
        if (op.attribute("softmax_precision") instanceof IntegerAttr p
                && p.longValue() != OnnxRewrites.onnxDataType(OnnxRewrites.elementType(op.operand(0).type()))) {
            return Plan.skip("'softmax_precision' other than Q's element type is not supported");
        }
        attrs.put("is_causal", BoolAttr.of(intAttr(op, "is_causal", 0) != 0));
        if (op.attribute("scale") instanceof FloatAttr f) {
            attrs.put("scale", FloatAttr.f32(f.value()));
        }
        if (op.attribute("softcap") instanceof FloatAttr f && f.value() != 0) {
            attrs.put("softcap", FloatAttr.f32(f.value()));
        }
        copyInts(op, attrs, "q_num_heads", "kv_num_heads", "qk_matmul_output_mode");
        return Plan.of("hip.attention", in, attrs);
    }

    /** RotaryEmbedding: X, cos_cache, sin_cache and the optional position_ids. */
    private static Plan rotary(Operation op, int opset) {
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("interleaved", BoolAttr.of(intAttr(op, "interleaved", 0) != 0));
        copyInts(op, attrs, "rotary_embedding_dim", "num_heads");
        return inputs(op, 3, 4, "hip.rotary_embedding", attrs);
    }
}
