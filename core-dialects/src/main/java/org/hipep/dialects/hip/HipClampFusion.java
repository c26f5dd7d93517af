package org.hipep.dialects.hip;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * The {@code canonicalize} patterns that fuse a clamp into the op producing its input (issue #9,
 * "fusion of elementwise chains into their producer"): the producer's kernel then applies
 * {@code y = min(max(y, clamp_min), clamp_max)} as it writes each value, instead of a second kernel
 * making another pass over the whole result. Producers: {@code hip.conv} (to each output tile while
 * it is in cache; ONNX Conv + Relu) and the float arithmetic {@code hip.add / sub / mul / div} (as
 * ONNX Runtime fuses an activation into its producer: ResNet's residual Add + Relu in one pass).
 * <ul>
 *   <li>{@code hip.max(p, c)} (or {@code max(c, p)}; ONNX Relu becomes {@code max(x, 0)}) →
 *       the producer with {@code clamp_min = max(clamp_min, c)}, when it has no {@code clamp_max};</li>
 *   <li>{@code hip.min(p, c)} → the producer with {@code clamp_max = min(clamp_max, c)} (Relu6
 *       and Clip become {@code min(max(x, lo), hi)}, which fuses in two steps);</li>
 * </ul>
 * Only when the producer's result has exactly this one use (else the unclamped value is still
 * read), {@code c} is a splat constant ({@code arith.constant} or {@code hip.constant}) of the
 * producer's float element type whose dimensions are all 1 and no more than the producer's (so the
 * broadcast does not change the result type), not NaN, and the elementwise op's result type is the
 * producer's. The fused producer writes into the elementwise op's destination. The kernels'
 * comparisons are those of {@code hipep_max}/{@code hipep_min} with the producer's value first
 * (NaN propagates, {@code max(-0, 0)} is {@code +0}), so the values come out as before, bit for bit;
 * with the producer second, {@code max(0, -0)} is {@code -0}, so that order fuses only a non-zero
 * {@code c}. ({@code hip.clip} is not fused: its comparisons keep {@code -0} at a zero bound.)
 */
public final class HipClampFusion {
    static final String CLAMP_MIN = "clamp_min";
    static final String CLAMP_MAX = "clamp_max";

    private HipClampFusion() {
    }

    /** The ops whose kernels take a fused clamp. */
    private static final Set<String> PRODUCERS = Set.of("hip.conv", "hip.add", "hip.sub", "hip.mul", "hip.div");

    /** {@code hip.max} / {@code hip.min} of a single-use producer and a splat constant. */
    static final class MinMax extends HipCanonicalization.TensorFormPattern {
        private final boolean max;

        MinMax(boolean max) {
            super(max ? "hip.max" : "hip.min", 1, max ? "hip.clamp-max-fusion" : "hip.clamp-min-fusion");
            this.max = max;
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 3 || op.numResults() != 1) {
                return rewriter.notifyMatchFailure(op, "expected two inputs and a destination");
            }
            for (int i = 0; i < 2; i++) {
                Operation producer = fusableProducer(op, op.operand(i));
                Double c = producer == null ? null : splat(op.operand(1 - i), producer);
                if (c == null || (i == 1 && c == 0.0)) {
                    continue; // max(0, -0) is -0 where the fused clamp gives +0
                }
                if (max && producer.attribute(CLAMP_MAX) != null) {
                    return rewriter.notifyMatchFailure(op, "the producer already has clamp_max (max after min)");
                }
                String name = max ? CLAMP_MIN : CLAMP_MAX;
                double old = bound(producer, name, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
                fuse(op, producer, Map.of(name, FloatAttr.f64(max ? Math.max(old, c) : Math.min(old, c))), rewriter);
                return LogicalResult.success();
            }
            return rewriter.notifyMatchFailure(op,
                    "not a single-use conv or float add/sub/mul/div and a scalar-like splat constant");
        }
    }

    /**
     * The tensor-form producer defining {@code v} ({@link #PRODUCERS}, of a float element type),
     * when {@code op} is its only user but for {@code tensor.dim}s (a dynamic size of the next
     * destination) and has its type.
     */
    private static Operation fusableProducer(Operation op, Value v) {
        Operation p = v.definingOp();
        if (p == null || !PRODUCERS.contains(p.nameString()) || p.numResults() != 1
                || !v.type().equals(op.result(0).type()) || !(v.type() instanceof ShapedType t)
                || !HipOps.isFloat(t.elementType())) {
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
        return users == 1 ? p : null;
    }

    /**
     * The value of {@code v} when it is a splat constant of {@code producer}'s element type with
     * all dimensions 1 and rank at most the producer's, not NaN; else {@code null}.
     */
    private static Double splat(Value v, Operation producer) {
        Operation def = v.definingOp();
        if (def == null || !(def.is("arith.constant") || def.is("hip.constant"))
                || !(def.attribute("value") instanceof DenseElementsAttr d)
                || !(v.type() instanceof ShapedType t) || !(producer.result(0).type() instanceof ShapedType y)
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

    private static double bound(Operation producer, String name, double dflt) {
        return producer.attribute(name) instanceof FloatAttr f ? f.value() : dflt;
    }

    /** Replaces {@code op} by a copy of {@code producer} with {@code clamp} into {@code op}'s destination. */
    private static void fuse(Operation op, Operation producer, Map<String, Attribute> clamp,
            PatternRewriter rewriter) {
        List<Value> operands = new ArrayList<>(producer.operands().subList(0, producer.numOperands() - 1));
        operands.add(op.operand(op.numOperands() - 1));
        Map<String, Attribute> attrs = HipOps.allAttributes(producer);
        attrs.putAll(clamp);
        Value r = rewriter.create(op.location(), producer.nameString(), operands, op.resultTypes(), attrs).result(0);
        rewriter.replaceOp(op, List.of(r));
        // The sizes the tensor.dims read are the producer's destination's (its type).
        Value init = producer.operand(producer.numOperands() - 1);
        for (Operation dim : List.copyOf(producer.result(0).users())) {
            rewriter.modifyOpInPlace(dim, () -> dim.setOperand(0, init));
        }
        rewriter.eraseOp(producer);
    }

    /**
     * Adds the fusion patterns to {@code patterns}. {@code canonicalize} has them (on hip.max and
     * hip.min); {@code hip-infer-shapes} applies them at its end, while the bounds are still
     * {@code hip.constant} carriers with their values ({@code hip-externalize-constants}, which
     * follows, moves constants out of the IR, after which no canonicalize could read them).
     */
    public static RewritePatternSet populate(RewritePatternSet patterns) {
        patterns.add(new MinMax(true));
        patterns.add(new MinMax(false));
        return patterns;
    }
}
