package org.hipep.dialects.hip;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePatternSet;

/**
 * The {@code canonicalize} patterns that fuse a clamp into the {@code hip.conv} producing its
 * input (issue #9, "fusion of elementwise chains into their producer"): the conv kernel then
 * applies {@code y = min(max(y, clamp_min), clamp_max)} to each output tile while it is in cache,
 * instead of a second kernel making another pass over the whole output.
 * <ul>
 *   <li>{@code hip.max(conv, c)} (or {@code max(c, conv)}; ONNX Relu becomes {@code max(x, 0)}) →
 *       the conv with {@code clamp_min = max(clamp_min, c)}, when it has no {@code clamp_max};</li>
 *   <li>{@code hip.min(conv, c)} → the conv with {@code clamp_max = min(clamp_max, c)} (Relu6
 *       and Clip become {@code min(max(x, lo), hi)}, which fuses in two steps);</li>
 * </ul>
 * Only when the conv's result has exactly this one use (else the unclamped value is still read),
 * {@code c} is a splat constant ({@code arith.constant} or {@code hip.constant}) of the conv's
 * element type whose dimensions are all 1 and no more than the conv's (so the broadcast does not
 * change the result type), not NaN, and the elementwise op's result type is the conv's. The fused
 * conv writes into the elementwise op's destination. The kernel's comparisons are those of
 * {@code hipep_max}/{@code hipep_min} (NaN propagates, {@code max(-0, 0)} is {@code +0}), so the
 * values come out as before, bit for bit. ({@code hip.clip} is not fused: its comparisons keep
 * {@code -0} at a zero bound.)
 */
public final class HipConvFusion {
    static final String CLAMP_MIN = "clamp_min";
    static final String CLAMP_MAX = "clamp_max";

    private HipConvFusion() {
    }

    /** {@code hip.max} / {@code hip.min} of a single-use conv and a splat constant. */
    static final class ConvMinMax extends HipCanonicalization.TensorFormPattern {
        private final boolean max;

        ConvMinMax(boolean max) {
            super(max ? "hip.max" : "hip.min", 1, max ? "hip.conv-max-fusion" : "hip.conv-min-fusion");
            this.max = max;
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 3 || op.numResults() != 1) {
                return rewriter.notifyMatchFailure(op, "expected two inputs and a destination");
            }
            for (int i = 0; i < 2; i++) {
                Operation conv = fusableConv(op, op.operand(i));
                Double c = conv == null ? null : splat(op.operand(1 - i), conv);
                if (c == null) {
                    continue;
                }
                if (max && conv.attribute(CLAMP_MAX) != null) {
                    return rewriter.notifyMatchFailure(op, "the conv already has clamp_max (max after min)");
                }
                String name = max ? CLAMP_MIN : CLAMP_MAX;
                double old = bound(conv, name, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
                fuse(op, conv, Map.of(name, FloatAttr.f64(max ? Math.max(old, c) : Math.min(old, c))), rewriter);
                return LogicalResult.success();
            }
            return rewriter.notifyMatchFailure(op, "not a single-use hip.conv and a scalar-like splat constant");
        }
    }

    /**
     * The tensor-form {@code hip.conv} defining {@code v}, when {@code op} is its only user but for
     * {@code tensor.dim}s (a dynamic size of the next destination) and has its type.
     */
    private static Operation fusableConv(Operation op, Value v) {
        Operation conv = v.definingOp();
        if (conv == null || !conv.is("hip.conv") || conv.numResults() != 1 || !v.type().equals(op.result(0).type())) {
            return null;
        }
        int users = 0;
        for (Operation u : v.users()) {
            if (u == op) {
                users++;
            } else if (!u.is("tensor.dim")) {
                return null;
            }
        }
        return users == 1 ? conv : null;
    }

    /**
     * The value of {@code v} when it is a splat constant of {@code conv}'s element type with
     * all dimensions 1 and rank at most the conv's, not NaN; else {@code null}.
     */
    private static Double splat(Value v, Operation conv) {
        Operation def = v.definingOp();
        if (def == null || !(def.is("arith.constant") || def.is("hip.constant"))
                || !(def.attribute("value") instanceof DenseElementsAttr d)
                || !(v.type() instanceof ShapedType t) || !(conv.result(0).type() instanceof ShapedType y)
                || !t.elementType().equals(y.elementType()) || !d.elementType().equals(y.elementType())
                || t.rank() > y.rank() || !HipOps.isFloat(t.elementType())) {
            return null;
        }
        for (int i = 0; i < t.rank(); i++) {
            if (t.isDynamicDim(i) || t.shape().get(i) != 1) {
                return null;
            }
        }
        double c = d.getDouble(0);
        return Double.isNaN(c) ? null : c;
    }

    private static double bound(Operation conv, String name, double dflt) {
        return conv.attribute(name) instanceof FloatAttr f ? f.value() : dflt;
    }

    /** Replaces {@code op} by a copy of {@code conv} with {@code clamp} into {@code op}'s destination. */
    private static void fuse(Operation op, Operation conv, Map<String, Attribute> clamp, PatternRewriter rewriter) {
        List<Value> operands = new ArrayList<>(conv.operands().subList(0, conv.numOperands() - 1));
        operands.add(op.operand(op.numOperands() - 1));
        Map<String, Attribute> attrs = HipOps.allAttributes(conv);
        attrs.putAll(clamp);
        Value r = rewriter.create(op.location(), "hip.conv", operands, op.resultTypes(), attrs).result(0);
        rewriter.replaceOp(op, List.of(r));
        // The sizes the tensor.dims read are the conv's destination's (its type).
        Value init = conv.operand(conv.numOperands() - 1);
        for (Operation dim : List.copyOf(conv.result(0).users())) {
            rewriter.modifyOpInPlace(dim, () -> dim.setOperand(0, init));
        }
        rewriter.eraseOp(conv);
    }

    /**
     * Adds the fusion patterns to {@code patterns}. {@code canonicalize} has them (on hip.max and
     * hip.min); {@code hip-infer-shapes} applies them at its end, while the bounds are still
     * {@code hip.constant} carriers with their values ({@code hip-externalize-constants}, which
     * follows, moves constants out of the IR, after which no canonicalize could read them).
     */
    public static RewritePatternSet populate(RewritePatternSet patterns) {
        patterns.add(new ConvMinMax(true));
        patterns.add(new ConvMinMax(false));
        return patterns;
    }
}
