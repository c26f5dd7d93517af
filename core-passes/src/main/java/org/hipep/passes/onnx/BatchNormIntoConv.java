package org.hipep.passes.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * Inference {@code BatchNormalization(Conv(x, W, B), scale, bias, mean, var)} with every parameter
 * constant and the Conv used only by it → {@code Conv(x, W', B')} with, per output channel m,
 * {@code s = scale[m] / sqrt(var[m] + epsilon)}, {@code W'[m, ...] = W[m, ...] * s} and
 * {@code B'[m] = (B[m] - mean[m]) * s + bias[m]} (B = 0 when absent), computed in double and
 * rounded once to the element type. The normalisation's pass over the activations goes (ResNet-50
 * has 53 of them). f32 and f64 only (f16 would round the folded weights differently from the
 * unfolded arithmetic); opset ≥ 9 (no {@code spatial} / {@code is_test}), {@code training_mode} 0.
 */
final class BatchNormIntoConv extends RewritePattern {
    BatchNormIntoConv() {
        super("onnx.BatchNormalization", 1, "simplify-onnx.BatchNormIntoConv");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation bn, PatternRewriter rewriter) {
        if (bn.numOperands() != 5 || bn.numResults() != 1) {
            return rewriter.notifyMatchFailure(bn, "expected five operands and one result");
        }
        if (OnnxRewrites.opset(bn) < 9) {
            return rewriter.notifyMatchFailure(bn, "legacy BatchNormalization before opset 9");
        }
        if (bn.attribute("training_mode") instanceof IntegerAttr t && t.longValue() != 0) {
            return rewriter.notifyMatchFailure(bn, "training mode");
        }
        Operation conv = bn.operand(0).definingOp();
        if (conv == null || !conv.is("onnx.Conv") || conv.numOperands() < 2 || conv.numResults() != 1
                || !conv.result(0).hasOneUse()) {
            return rewriter.notifyMatchFailure(bn, "input is not a Conv used only here");
        }
        Type et = OnnxRewrites.elementType(bn.result(0).type());
        if (!(et instanceof FloatType ft) || (ft.kind() != FloatType.Kind.F32 && ft.kind() != FloatType.Kind.F64)) {
            return rewriter.notifyMatchFailure(bn, "element type " + et + " is not f32 or f64");
        }
        DenseElementsAttr w = OnnxToHipConversions.constantElements(conv.operand(1));
        if (w == null || w.type().shape().size() < 3 || !w.elementType().equals(et)) {
            return rewriter.notifyMatchFailure(bn, "Conv weight is not a constant of rank >= 3 and type " + et);
        }
        long channels = w.type().shape().get(0);
        DenseElementsAttr[] p = new DenseElementsAttr[4];
        for (int i = 0; i < 4; i++) {
            p[i] = OnnxToHipConversions.constantElements(bn.operand(i + 1));
            if (p[i] == null || p[i].numElements() != channels || !p[i].elementType().equals(et)) {
                return rewriter.notifyMatchFailure(bn, "parameter " + (i + 1) + " is not a constant of " + channels
                        + " " + et);
            }
        }
        boolean hasBias = OnnxRewrites.hasOperand(conv, 2);
        DenseElementsAttr b = hasBias ? OnnxToHipConversions.constantElements(conv.operand(2)) : null;
        if (hasBias && (b == null || b.numElements() != channels || !b.elementType().equals(et))) {
            return rewriter.notifyMatchFailure(bn, "Conv bias is not a constant of " + channels + " " + et);
        }
        double epsilon = bn.attribute("epsilon") instanceof FloatAttr e ? e.value() : 1e-5;

        double[] scale = new double[Math.toIntExact(channels)];
        double[] shift = new double[scale.length];
        for (int m = 0; m < scale.length; m++) {
            scale[m] = p[0].getDouble(m) / Math.sqrt(p[3].getDouble(m) + epsilon);
            shift[m] = ((hasBias ? b.getDouble(m) : 0.0) - p[2].getDouble(m)) * scale[m] + p[1].getDouble(m);
        }
        boolean f32 = ft.kind() == FloatType.Kind.F32;
        rewriter.setInsertionPoint(conv);
        Value newW = w.isSplat() && Arrays.stream(scale).allMatch(s -> s == scale[0])
                ? newConstant(rewriter, conv, w.type(), f32 ? f32(new double[] {w.getDouble(0) * scale[0]})
                        : f64(new double[] {w.getDouble(0) * scale[0]}))
                : newConstant(rewriter, conv, w.type(), f32 ? scaledF32(w, scale) : scaledF64(w, scale));
        Value newB = newConstant(rewriter, conv, RankedTensorType.of(et, channels), f32 ? f32(shift) : f64(shift));
        Value oldW = conv.operand(1);
        Value oldB = conv.numOperands() > 2 ? conv.operand(2) : null;
        rewriter.modifyOpInPlace(conv, () -> {
            conv.setOperand(1, newW);
            if (conv.numOperands() > 2) {
                conv.setOperand(2, newB);
            } else {
                conv.insertOperands(2, List.of(newB));
            }
            conv.result(0).setType(bn.result(0).type());
        });
        List<Value> bnParams = List.copyOf(bn.operands().subList(1, 5));
        rewriter.replaceOp(bn, List.of(conv.result(0)));
        for (Value v : bnParams) {
            OnnxRewrites.eraseIfDead(rewriter, v);
        }
        OnnxRewrites.eraseIfDead(rewriter, oldW);
        if (oldB != null) {
            OnnxRewrites.eraseIfDead(rewriter, oldB);
        }
        return LogicalResult.success();
    }


    /** W (f32) with each output channel's elements multiplied by its scale, as little-endian bytes. */
    private static ByteBuffer scaledF32(DenseElementsAttr w, double[] scale) {
        float[] v = new float[Math.toIntExact(w.numElements())];
        if (w.isSplat()) {
            Arrays.fill(v, (float) w.getDouble(0));
        } else {
            w.rawData().asFloatBuffer().get(v);
        }
        int per = v.length / scale.length;
        for (int m = 0, i = 0; m < scale.length; m++) {
            for (int end = i + per; i < end; i++) {
                v[i] = (float) (v[i] * scale[m]);
            }
        }
        return f32(v);
    }

    /** W (f64) with each output channel's elements multiplied by its scale, as little-endian bytes. */
    private static ByteBuffer scaledF64(DenseElementsAttr w, double[] scale) {
        double[] v = new double[Math.toIntExact(w.numElements())];
        if (w.isSplat()) {
            Arrays.fill(v, w.getDouble(0));
        } else {
            w.rawData().asDoubleBuffer().get(v);
        }
        int per = v.length / scale.length;
        for (int m = 0, i = 0; m < scale.length; m++) {
            for (int end = i + per; i < end; i++) {
                v[i] *= scale[m];
            }
        }
        return f64(v);
    }

    private static ByteBuffer f32(float[] v) {
        ByteBuffer out = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        out.asFloatBuffer().put(v);
        return out;
    }

    private static ByteBuffer f32(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return f32(f);
    }

    private static ByteBuffer f64(double[] v) {
        ByteBuffer out = ByteBuffer.allocate(v.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        out.asDoubleBuffer().put(v);
        return out;
    }

    private static Value newConstant(PatternRewriter rewriter, Operation before, ShapedType type, ByteBuffer raw) {
        return OnnxRewrites.create(rewriter, before, OnnxDialect.CONSTANT, List.of(), type,
                Map.of("value", DenseElementsAttr.fromRaw(type, raw))).result(0);
    }
}
