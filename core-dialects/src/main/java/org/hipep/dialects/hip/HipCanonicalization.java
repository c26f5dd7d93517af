package org.hipep.dialects.hip;

import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.CanonicalizationPatterns;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * The {@code canonicalize} patterns of the hip data-movement ops and the conv activation fusion ({@link CanonicalizationPatterns},
 * attached by {@link HipDialect}):
 * <ul>
 *   <li>{@code hip.cast} to the input's own type → the input;</li>
 *   <li>{@code hip.transpose} with the identity {@code perm} (or none, rank ≤ 1) and the input's
 *       type → the input; {@code transpose(transpose(x, p), q)} → {@code transpose(x, p∘q)}
 *       (result {@code i} is {@code x}'s dimension {@code p[q[i]]}) into the outer destination;</li>
 *   <li>{@code hip.reshape} whose result type is the input's, with at most one {@code ?} (the
 *       element count then fixes it) → the input; {@code reshape(reshape(x), s)} → {@code
 *       reshape(x, s)} into the outer destination, when the outer one has the static {@code shape}
 *       form and no {@code 0} entry that copies a dimension of the inner result (or
 *       {@code allowzero}).</li>
 *   <li>{@code hip.max} and {@code hip.min} of a single-use {@code hip.conv} or float
 *       {@code hip.add / sub / mul / div} by a scalar constant → that op with a fused clamp
 *       ({@link HipEpilogueFusion}).</li>
 *   <li>{@code hip.add} of a single-use f32 {@code hip.matmul} of a matrix and a 1-D bias → the
 *       matmul with the bias as its third input ({@link HipEpilogueFusion.MatMulBias}).</li>
 *   <li>{@code hip.gelu} of a single-use float {@code hip.matmul} → the matmul with the activation
 *       ({@link HipEpilogueFusion.MatMulGelu}).</li>
 *   <li>{@code hip.mul} ending Gelu's erf formula {@code x (1 + erf(x / sqrt 2)) / 2} →
 *       {@code hip.gelu} ({@link HipEpilogueFusion.GeluFromErf}).</li>
 * </ul>
 * An identity is replaced only where the types are equal, so no user sees another type.
 */
final class HipCanonicalization {
    private HipCanonicalization() {
    }

    /** The patterns of op {@code name} (without the {@code hip.} prefix), or {@code null} when it has none. */
    static CanonicalizationPatterns forOp(String name) {
        return switch (name) {
            case "cast" -> (patterns, ctx) -> patterns.add(new CastIdentity());
            case "transpose" -> (patterns, ctx) -> patterns.add(new TransposeIdentity(), new TransposeOfTranspose());
            case "reshape" -> (patterns, ctx) -> patterns.add(new ReshapeIdentity(), new ReshapeOfReshape());
            case "max" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.MinMax(true));
            case "min" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.MinMax(false));
            case "add" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.MatMulBias());
            case "gelu" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.MatMulGelu());
            case "mul" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.GeluFromErf());
            case "layer_norm" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.SkipLayerNorm());
            case "max_pool" -> (patterns, ctx) -> patterns.add(new HipEpilogueFusion.ConvMaxPool());
            default -> null;
        };
    }

    /**
     * A pattern on the tensor form only: the memref form writes its destination, so even an
     * identity there is not a no-op.
     */
    abstract static class TensorFormPattern extends RewritePattern {
        TensorFormPattern(String root, int benefit, String label) {
            super(root, benefit, label);
        }

        @Override
        public final LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
            if (op.numResults() == 0) {
                return rewriter.notifyMatchFailure(op, "the memref form is not folded");
            }
            return rewriteTensorForm(op, rewriter);
        }

        abstract LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter);
    }

    private static Attribute attr(Operation op, String name) {
        return op.attribute(name);
    }


    /** {@code hip.cast} to the input's type. */
    static final class CastIdentity extends TensorFormPattern {
        CastIdentity() {
            super("hip.cast", 1, "hip.cast-identity");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 2 || !op.operand(0).type().equals(op.result(0).type())) {
                return rewriter.notifyMatchFailure(op, "the cast changes the type");
            }
            rewriter.replaceOp(op, List.of(op.operand(0)));
            return LogicalResult.success();
        }
    }

    /** The permutation of a transpose of rank {@code rank}: {@code perm}, or the reversal. */
    private static long[] perm(Operation op, int rank) {
        if (attr(op, "perm") instanceof DenseArrayAttr p) {
            return p.asLongs();
        }
        long[] reversed = new long[rank];
        for (int i = 0; i < rank; i++) {
            reversed[i] = rank - 1 - i;
        }
        return reversed;
    }

    /** {@code hip.transpose} that moves nothing. */
    static final class TransposeIdentity extends TensorFormPattern {
        TransposeIdentity() {
            super("hip.transpose", 1, "hip.transpose-identity");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 2 || !(op.operand(0).type() instanceof RankedTensorType t)
                    || !t.equals(op.result(0).type())) {
                return rewriter.notifyMatchFailure(op, "not a ranked transpose onto the input's type");
            }
            long[] p = perm(op, t.rank());
            for (int i = 0; i < p.length; i++) {
                if (p[i] != i) {
                    return rewriter.notifyMatchFailure(op, "the permutation moves dimension " + i);
                }
            }
            rewriter.replaceOp(op, List.of(op.operand(0)));
            return LogicalResult.success();
        }
    }

    /** {@code transpose(transpose(x, p), q)} → {@code transpose(x, p∘q)}. */
    static final class TransposeOfTranspose extends TensorFormPattern {
        TransposeOfTranspose() {
            super("hip.transpose", 2, "hip.transpose-of-transpose");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            Operation inner = op.numOperands() == 2 ? op.operand(0).definingOp() : null;
            if (inner == null || !inner.is("hip.transpose") || inner.numOperands() != 2
                    || !(inner.operand(0).type() instanceof RankedTensorType x)) {
                return rewriter.notifyMatchFailure(op, "the input is not a ranked hip.transpose");
            }
            long[] p = perm(inner, x.rank());
            long[] q = perm(op, x.rank());
            if (p.length != x.rank() || q.length != x.rank()) {
                return rewriter.notifyMatchFailure(op, "a permutation does not fit the rank");
            }
            long[] composed = new long[x.rank()];
            for (int i = 0; i < composed.length; i++) {
                composed[i] = p[(int) q[i]];
            }
            Map<String, Attribute> attrs = HipOps.allAttributes(op);
            attrs.put("perm", DenseArrayAttr.i64(composed));
            Value r = rewriter.create(op.location(), "hip.transpose", List.of(inner.operand(0), op.operand(1)),
                    op.resultTypes(), attrs).result(0);
            rewriter.replaceOp(op, List.of(r));
            return LogicalResult.success();
        }
    }

    /** {@code hip.reshape} onto the input's own type (at most one {@code ?}). */
    static final class ReshapeIdentity extends TensorFormPattern {
        ReshapeIdentity() {
            super("hip.reshape", 1, "hip.reshape-identity");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (!(op.operand(0).type() instanceof RankedTensorType t) || !t.equals(op.result(0).type())) {
                return rewriter.notifyMatchFailure(op, "not a ranked reshape onto the input's type");
            }
            int dynamic = 0;
            for (int d = 0; d < t.rank(); d++) {
                if (t.isDynamicDim(d)) {
                    dynamic++;
                }
            }
            if (dynamic > 1) {
                return rewriter.notifyMatchFailure(op, "two or more ? dimensions may be exchanged");
            }
            rewriter.replaceOp(op, List.of(op.operand(0)));
            return LogicalResult.success();
        }
    }

    /** {@code reshape(reshape(x), s)} → {@code reshape(x, s)}. */
    static final class ReshapeOfReshape extends TensorFormPattern {
        ReshapeOfReshape() {
            super("hip.reshape", 2, "hip.reshape-of-reshape");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            Operation inner = op.operand(0).definingOp();
            if (inner == null || !inner.is("hip.reshape")) {
                return rewriter.notifyMatchFailure(op, "the input is not a hip.reshape");
            }
            if (op.numOperands() != 2 || !(attr(op, "shape") instanceof DenseArrayAttr shape)) {
                return rewriter.notifyMatchFailure(op, "the outer shape is a run-time operand");
            }
            boolean allowZero = attr(op, "allowzero") instanceof BoolAttr b && b.value();
            if (!allowZero) {
                for (long s : shape.asLongs()) {
                    if (s == 0) {
                        return rewriter.notifyMatchFailure(op, "a 0 copies a dimension of the inner result");
                    }
                }
            }
            Value r = rewriter.create(op.location(), "hip.reshape", List.of(inner.operand(0), op.operand(1)),
                    op.resultTypes(), HipOps.allAttributes(op)).result(0);
            rewriter.replaceOp(op, List.of(r));
            return LogicalResult.success();
        }
    }
}
