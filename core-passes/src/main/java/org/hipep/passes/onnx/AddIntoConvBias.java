package org.hipep.passes.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code Add(Conv(x, W[, B]), C)} (either operand order) with {@code C} a constant of one value per
 * output channel (shape {@code [M, 1, 1]}, {@code [1, M, 1, 1]} or one value for all), the Conv used
 * only by the Add and its bias absent or constant → {@code Conv(x, W, B')} with
 * {@code B'[m] = B[m] + C[m]} computed in double and rounded once to the element type. CNTK-style
 * exports (mnist-8) add the bias as a separate broadcast Add: the fold removes that pass over the
 * activations and lets a following Relu fuse into the conv (ONNX Runtime's ConvAddFusion does the
 * same). f32 and f64 only, as {@link BatchNormIntoConv}.
 */
final class AddIntoConvBias extends RewritePattern {
    AddIntoConvBias() {
        super("onnx.Add", 1, "simplify-onnx.AddIntoConvBias");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation add, PatternRewriter rewriter) {
        if (add.numOperands() != 2 || add.numResults() != 1) {
            return rewriter.notifyMatchFailure(add, "expected two operands and one result");
        }
        int convSide = isConv(add.operand(0)) ? 0 : isConv(add.operand(1)) ? 1 : -1;
        if (convSide < 0) {
            return rewriter.notifyMatchFailure(add, "no operand is a Conv used only here");
        }
        Operation conv = add.operand(convSide).definingOp();
        Value other = add.operand(1 - convSide);
        Type et = OnnxRewrites.elementType(add.result(0).type());
        if (!(et instanceof FloatType ft) || (ft.kind() != FloatType.Kind.F32 && ft.kind() != FloatType.Kind.F64)) {
            return rewriter.notifyMatchFailure(add, "element type " + et + " is not f32 or f64");
        }
        if (!(conv.result(0).type() instanceof ShapedType ct) || !ct.hasStaticShape() || ct.shape().size() < 3
                || !(add.result(0).type() instanceof ShapedType at) || !at.hasStaticShape()
                || !at.shape().equals(ct.shape())) {
            return rewriter.notifyMatchFailure(add, "the Conv's and the Add's shapes are not static and equal");
        }
        long channels = ct.shape().get(1);
        DenseElementsAttr c = OnnxToHipConversions.constantElements(other);
        if (c == null || !c.elementType().equals(et) || !perChannel(c.type().shape(), ct.shape().size(), channels)) {
            return rewriter.notifyMatchFailure(add, "the addend is not a constant of one value per output channel");
        }
        boolean hasBias = OnnxRewrites.hasOperand(conv, 2);
        DenseElementsAttr b = hasBias ? OnnxToHipConversions.constantElements(conv.operand(2)) : null;
        if (hasBias && (b == null || b.numElements() != channels || !b.elementType().equals(et))) {
            return rewriter.notifyMatchFailure(add, "the Conv's bias is not a constant of " + channels + " " + et);
        }
        boolean f32 = ft.kind() == FloatType.Kind.F32;
        int width = f32 ? Float.BYTES : Double.BYTES;
        ByteBuffer raw = ByteBuffer.allocate(Math.toIntExact(channels) * width).order(ByteOrder.LITTLE_ENDIAN);
        for (int m = 0; m < channels; m++) {
            double v = (hasBias ? b.getDouble(m) : 0.0) + c.getDouble(c.numElements() == 1 ? 0 : m);
            if (f32) {
                raw.putFloat((float) v);
            } else {
                raw.putDouble(v);
            }
        }
        raw.flip();
        rewriter.setInsertionPoint(conv);
        RankedTensorType bt = RankedTensorType.of(et, channels);
        Value newB = OnnxRewrites.create(rewriter, conv, OnnxDialect.CONSTANT, List.of(), bt,
                Map.of("value", DenseElementsAttr.fromRaw(bt, raw))).result(0);
        Value oldB = conv.numOperands() > 2 ? conv.operand(2) : null;
        rewriter.modifyOpInPlace(conv, () -> {
            if (conv.numOperands() > 2) {
                conv.setOperand(2, newB);
            } else {
                conv.insertOperands(2, List.of(newB));
            }
            conv.result(0).setType(add.result(0).type());
        });
        rewriter.replaceOp(add, List.of(conv.result(0)));
        OnnxRewrites.eraseIfDead(rewriter, other);
        if (oldB != null) {
            OnnxRewrites.eraseIfDead(rewriter, oldB);
        }
        return LogicalResult.success();
    }

    private static boolean isConv(Value v) {
        Operation def = v.definingOp();
        return def != null && def.is("onnx.Conv") && def.numOperands() >= 2 && def.numResults() == 1
                && v.hasOneUse();
    }

    /**
     * Whether a constant of {@code shape} broadcast against a rank-{@code rank} conv output adds one
     * value per channel (dimension 1): every dimension 1 except, at the channel position, 1 or
     * {@code channels}; no more dimensions than the output's.
     */
    static boolean perChannel(List<Long> shape, int rank, long channels) {
        int k = shape.size();
        if (k > rank) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            int outDim = rank - k + i;
            long d = shape.get(i);
            if (d != 1 && !(outDim == 1 && d == channels)) {
                return false;
            }
        }
        return true;
    }
}
