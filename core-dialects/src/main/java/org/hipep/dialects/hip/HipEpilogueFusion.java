package org.hipep.dialects.hip;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FusedLoc;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePatternSet;

/**
 * The {@code canonicalize} patterns that fuse an elementwise epilogue into the op producing its
 * input (issue #9, "fusion of elementwise chains into their producer"), so that the producer's
 * kernel applies it as it writes each value instead of a second kernel making another pass over
 * the whole result: a bias row into a matrix product ({@link MatMulBias}), and a clamp
 * {@code y = min(max(y, clamp_min), clamp_max)} into a conv or a float arithmetic op. Clamp
 * producers: {@code hip.conv} (to each output tile while it is in cache; ONNX Conv + Relu) and the
 * float arithmetic {@code hip.add / sub / mul / div} (as ONNX Runtime fuses an activation into its
 * producer: ResNet's residual Add + Relu in one pass); a Gelu into a matrix product
 * ({@link MatMulGelu}); a residual Add into the LayerNorm after it ({@link SkipLayerNorm}); and a
 * Mul by a constant into the Softmax after it ({@link SoftmaxScale}); and a channels-last max pool
 * into the convolution before it ({@link ConvMaxPool}).
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
 * The fused op's location fuses those of the ops it replaces ({@link FusedLoc#of}, as MLIR's
 * fusions do), so diagnostics and the profiler name every ONNX node it stands for.
 */
public final class HipEpilogueFusion {
    static final String CLAMP_MIN = "clamp_min";
    static final String CLAMP_MAX = "clamp_max";
    /** The fused activation of a {@code hip.matmul}: one of {@link #ACTIVATIONS}, absent for none. */
    public static final String ACTIVATION = "activation";
    /** The fused scale of a {@code hip.softmax} ({@link SoftmaxScale}): a float, 1 when absent. */
    public static final String SCALE = "scale";
    /** {@code hip.gelu} with {@code approximate = "none"} and with {@code "tanh"}. */
    public static final List<String> ACTIVATIONS = List.of("gelu", "gelu_tanh");

    private HipEpilogueFusion() {
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
                Operation producer = singleUse(op, op.operand(i), PRODUCERS);
                Double c = producer == null ? null : splat(op.operand(1 - i), producer);
                if (c == null || (i == 1 && c == 0.0)) {
                    continue; // max(0, -0) is -0 where the fused clamp gives +0
                }
                if (max && producer.attribute(CLAMP_MAX) != null) {
                    return rewriter.notifyMatchFailure(op, "the producer already has clamp_max (max after min)");
                }
                String name = max ? CLAMP_MIN : CLAMP_MAX;
                double old = bound(producer, name, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
                fuse(op, producer, List.of(), Map.of(name, FloatAttr.f64(max ? Math.max(old, c) : Math.min(old, c))),
                        rewriter);
                return LogicalResult.success();
            }
            return rewriter.notifyMatchFailure(op,
                    "not a single-use conv or float add/sub/mul/div and a scalar-like splat constant");
        }
    }

    /**
     * {@code hip.add(hip.matmul(A, B), bias)} (either order) → {@code hip.matmul(A, B, bias)}: an
     * f32 product of a matrix B whose single-use result gets a 1-D {@code [N]} bias row added
     * (ONNX MatMul + Add, the projections and FFNs of transformers). The kernel adds the bias as it
     * writes each product (oneDNN's bias with constant weights): one pass less over the result.
     * Not an add that already carries a fused clamp, nor a product that has an activation (the bias
     * goes before it).
     */
    static final class MatMulBias extends HipCanonicalization.TensorFormPattern {
        MatMulBias() {
            super("hip.add", 1, "hip.matmul-bias-fusion");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 3 || op.numResults() != 1 || op.attribute(CLAMP_MIN) != null
                    || op.attribute(CLAMP_MAX) != null) {
                return rewriter.notifyMatchFailure(op, "expected two inputs, a destination and no clamp");
            }
            for (int i = 0; i < 2; i++) {
                Operation mm = singleUse(op, op.operand(i), Set.of("hip.matmul"));
                Value bias = op.operand(1 - i);
                if (mm != null && mm.numOperands() == 3 && mm.attribute(ACTIVATION) == null
                        && mm.operand(1).type() instanceof ShapedType b
                        && b.rank() >= 2 && !b.isDynamicDim(b.rank() - 1) && bias.type() instanceof ShapedType t
                        && t.rank() == 1 && !t.isDynamicDim(0) && t.shape().get(0).equals(b.shape().get(b.rank() - 1))
                        && t.elementType().equals(FloatType.F32) && b.elementType().equals(FloatType.F32)) {
                    fuse(op, mm, List.of(bias), Map.of(), rewriter);
                    return LogicalResult.success();
                }
            }
            return rewriter.notifyMatchFailure(op, "not a single-use f32 hip.matmul of a matrix and a 1-D [N] bias");
        }
    }

    /**
     * {@code hip.gelu(hip.matmul(A, B[, bias]))} → {@code hip.matmul(A, B[, bias]) {activation =
     * "gelu"}} ({@code "gelu_tanh"} for {@code approximate = "tanh"}): a float product whose
     * single-use result goes through Gelu (the up-projection of a transformer's feed-forward block,
     * ONNX MatMul + Add + Gelu). The kernel applies Gelu as it writes each product (oneDNN's post-op
     * with constant weights, else the runtime's Gelu over the result): one pass less over the
     * widest activation of the block. Not a product that already has an activation.
     */
    static final class MatMulGelu extends HipCanonicalization.TensorFormPattern {
        MatMulGelu() {
            super("hip.gelu", 1, "hip.matmul-gelu-fusion");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 2 || op.numResults() != 1) {
                return rewriter.notifyMatchFailure(op, "expected an input and a destination");
            }
            Operation mm = singleUse(op, op.operand(0), Set.of("hip.matmul"));
            if (mm == null || mm.attribute(ACTIVATION) != null) {
                return rewriter.notifyMatchFailure(op, "not a single-use float hip.matmul without an activation");
            }
            boolean tanh = op.attribute("approximate") instanceof StringAttr s && s.value().equals("tanh");
            fuse(op, mm, List.of(), Map.of(ACTIVATION, new StringAttr(tanh ? "gelu_tanh" : "gelu")), rewriter);
            return LogicalResult.success();
        }
    }

    /**
     * {@code hip.max_pool(hip.conv(...))}, both channels-last (after {@code hip-conv-channels-last})
     * → {@code hip.conv(...) {max_pool = [kh, kw, sh, sw, top, left, bottom, right]}}: a 2-D max
     * pool of a single-use f32 convolution's result (a CNN's stem: SqueezeNet's and ResNet's
     * Conv + Relu + MaxPool, mnist-8's second). The runtime pools the convolution's rows while
     * they are in cache (docs/kernel-abi.md, the {@code _maxpool} kernels) instead of writing the
     * whole output and reading it back. Only a pool of one result (no indices), no dilation,
     * explicit pads (auto_pad NOTSET or VALID: the kernel's arithmetic), and a {@code ceil_mode}
     * that does not change the pooled size; not a conv that already has one. A conv with SAME
     * pads and static sizes (mnist-8's) takes them explicitly ({@link #samePads}).
     */
    static final class ConvMaxPool extends HipCanonicalization.TensorFormPattern {
        ConvMaxPool() {
            super("hip.max_pool", 1, "hip.conv-max-pool-fusion");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 2 || op.numResults() != 1 || !channelsLast(op)
                    || !(op.result(0).type() instanceof RankedTensorType y) || y.rank() != 4
                    || !y.elementType().equals(FloatType.F32)) {
                return rewriter.notifyMatchFailure(op, "expected a channels-last f32 max pool of one result");
            }
            Value x = op.operand(0);
            Operation conv = x.definingOp();
            if (conv == null || !conv.is("hip.conv") || conv.numResults() != 1 || !channelsLast(conv)
                    || conv.attribute(HipConvOps.MAX_POOL) != null || conv.attribute(HipConvOps.ACCUMULATE) != null
                    || !x.hasOneUse() || !(x.type() instanceof RankedTensorType c)) {
                return rewriter.notifyMatchFailure(op, "X is not a single-use channels-last hip.conv without a pool");
            }
            Map<String, Attribute> attrs = new HashMap<>();
            if (!explicitPads(conv) && !samePads(conv, c, attrs)) {
                return rewriter.notifyMatchFailure(op, "the conv's SAME pads depend on dynamic sizes");
            }
            long[] k = ints(op, "kernel_shape", null);
            long[] s = ints(op, "strides", new long[] {1, 1});
            long[] d = ints(op, "dilations", new long[] {1, 1});
            boolean valid = op.attribute("auto_pad") instanceof StringAttr a && a.value().equals("VALID");
            long[] p = valid ? new long[4] : ints(op, "pads", new long[4]);
            if (k == null || s == null || d == null || p == null || k.length != 2 || s.length != 2 || d.length != 2
                    || d[0] != 1 || d[1] != 1 || p.length != 4 || !explicitPads(op)) {
                return rewriter.notifyMatchFailure(op, "not a 2-D undilated window with explicit pads");
            }
            long[] pool = {k[0], k[1], s[0], s[1], p[0], p[1], p[2], p[3]};
            for (int i = 0; i < 2; i++) {
                long in = c.shape().get(1 + i);
                if (k[i] < 1 || s[i] < 1 || p[i] < 0 || p[2 + i] < 0 || p[i] >= k[i] || p[2 + i] >= k[i]
                        || c.isDynamicDim(1 + i) || in + p[i] + p[2 + i] < k[i]
                        || (in + p[i] + p[2 + i] - k[i]) / s[i] + 1 != y.shape().get(1 + i)) {
                    return rewriter.notifyMatchFailure(op, "the pooled size is not the floor division's");
                }
            }
            attrs.put(HipConvOps.MAX_POOL, DenseArrayAttr.i64(pool));
            fuse(op, conv, List.of(), attrs, rewriter);
            return LogicalResult.success();
        }

        private static boolean channelsLast(Operation op) {
            return op.attribute(HipConvOps.CHANNELS_LAST) instanceof BoolAttr b && b.value();
        }

        private static boolean explicitPads(Operation op) {
            Attribute a = op.attribute("auto_pad");
            return a == null || a instanceof StringAttr s && (s.value().equals("NOTSET") || s.value().equals("VALID"));
        }

        /**
         * The explicit pads of a conv with SAME_UPPER / SAME_LOWER pads ({@code y} its NHWC result)
         * into {@code attrs} (auto_pad NOTSET and {@link HipShapes#samePads}); false when a size it
         * needs is dynamic.
         */
        private static boolean samePads(Operation conv, RankedTensorType y, Map<String, Attribute> attrs) {
            if (!(conv.attribute("auto_pad") instanceof StringAttr a)
                    || !(a.value().equals("SAME_UPPER") || a.value().equals("SAME_LOWER"))
                    || !(conv.operand(0).type() instanceof RankedTensorType x)
                    || !(conv.operand(1).type() instanceof RankedTensorType w) || !w.hasStaticShape()) {
                return false;
            }
            long[] s = ints(conv, "strides", new long[] {1, 1});
            long[] d = ints(conv, "dilations", new long[] {1, 1});
            if (s == null || d == null || s.length != 2 || d.length != 2) {
                return false;
            }
            HipShapes.AutoPad mode = HipShapes.AutoPad.valueOf(a.value());
            long[] pads = new long[4];
            for (int i = 0; i < 2; i++) {
                if (x.isDynamicDim(1 + i) || y.isDynamicDim(1 + i)) {
                    return false;
                }
                long[] p = HipShapes.samePads(x.shape().get(1 + i), y.shape().get(1 + i), w.shape().get(2 + i), s[i],
                        d[i], mode);
                pads[i] = p[0];
                pads[2 + i] = p[1];
            }
            attrs.put("auto_pad", new StringAttr("NOTSET"));
            attrs.put("pads", DenseArrayAttr.i64(pads));
            return true;
        }

        private static long[] ints(Operation op, String name, long[] absent) {
            Attribute a = op.attribute(name);
            return a == null ? absent : a instanceof DenseArrayAttr d && !d.isFloat() ? d.asLongs() : null;
        }
    }

    /**
     * {@code hip.layer_norm(hip.add(a, b), scale[, bias])} → {@code hip.skip_layer_norm(a, b,
     * scale[, bias])}: a residual Add whose single-use f32 result is layer-normalised (a post-LN
     * transformer's two residual connections per layer, ONNX Add + LayerNormalization; ONNX Runtime
     * fuses the same pair into its SkipLayerNormalization). The kernel adds each row as it
     * normalises it, with the Add kernel's float sums: one pass less over the sum (its write and its
     * read). Only when a, b and the sum have one type (no broadcasting), the add carries no clamp
     * and the normalisation has one result (no mean or inv_std_dev).
     */
    static final class SkipLayerNorm extends HipCanonicalization.TensorFormPattern {
        SkipLayerNorm() {
            super("hip.layer_norm", 1, "hip.skip-layer-norm-fusion");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numResults() != 1 || op.numOperands() < 3 || op.numOperands() > 4) {
                return rewriter.notifyMatchFailure(op, "expected X, scale, [bias], a destination and one result");
            }
            Operation add = singleUse(op, op.operand(0), Set.of("hip.add"));
            Type t = op.operand(0).type();
            if (add == null || add.numOperands() != 3 || add.attribute(CLAMP_MIN) != null
                    || add.attribute(CLAMP_MAX) != null || !add.operand(0).type().equals(t)
                    || !add.operand(1).type().equals(t) || !(t instanceof ShapedType s)
                    || !s.elementType().equals(FloatType.F32)) {
                return rewriter.notifyMatchFailure(op, "X is not a single-use f32 hip.add of two X-typed operands");
            }
            List<Value> operands = new ArrayList<>(List.of(add.operand(0), add.operand(1)));
            operands.addAll(op.operands().subList(1, op.numOperands()));
            Value r = rewriter.create(FusedLoc.of(List.of(add.location(), op.location())), "hip.skip_layer_norm",
                    operands, op.resultTypes(), HipOps.allAttributes(op)).result(0);
            rewriter.replaceOp(op, List.of(r));
            eraseFused(add, rewriter);
            return LogicalResult.success();
        }
    }

    /**
     * {@code hip.softmax(hip.mul(x, c))} (either order of the product) → {@code hip.softmax(x)
     * {scale = c}}: an f32 softmax of a single-use product by a splat constant (attention's scores
     * scaled by 1 / sqrt(head size) before their Softmax, ONNX MatMul + Mul + Softmax; ONNX Runtime
     * folds the same scale into its FusedMatMul). The kernel multiplies each value by the scale as it
     * reads it, in float as the Mul kernel does, so the probabilities come out the same, bit for bit,
     * and the scores take one pass less (the product's write and read). Only f32 (an f16 or bf16
     * product would be rounded to its type before the softmax), x of the product's type (no
     * broadcasting), a mul without a fused clamp and a softmax without a scale.
     */
    static final class SoftmaxScale extends HipCanonicalization.TensorFormPattern {
        SoftmaxScale() {
            super("hip.softmax", 1, "hip.softmax-scale-fusion");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 2 || op.numResults() != 1 || op.attribute(SCALE) != null
                    || !(op.result(0).type() instanceof ShapedType t) || !t.elementType().equals(FloatType.F32)) {
                return rewriter.notifyMatchFailure(op, "expected an f32 softmax without a scale");
            }
            Operation mul = singleUse(op, op.operand(0), Set.of("hip.mul"));
            if (mul == null || mul.numOperands() != 3 || clamped(mul)) {
                return rewriter.notifyMatchFailure(op, "X is not a single-use hip.mul without a clamp");
            }
            for (int i = 0; i < 2; i++) {
                Double c = splat(mul.operand(1 - i), mul);
                Value x = mul.operand(i);
                if (c != null && x.type().equals(mul.result(0).type())) {
                    Map<String, Attribute> attrs = HipOps.allAttributes(op);
                    attrs.put(SCALE, FloatAttr.f64(c));
                    Value r = rewriter.create(FusedLoc.of(List.of(mul.location(), op.location())), "hip.softmax",
                            List.of(x, op.operand(1)), op.resultTypes(), attrs).result(0);
                    rewriter.replaceOp(op, List.of(r));
                    eraseFused(mul, rewriter);
                    return LogicalResult.success();
                }
            }
            return rewriter.notifyMatchFailure(op, "not a product of X-typed values and a scalar-like splat constant");
        }
    }

    /**
     * Gelu's erf formula, {@code x (1 + erf(x / sqrt 2)) / 2} as ONNX models before opset 20 write
     * it (Div or Mul by the constant, Erf, Add 1, then Mul by x and by 0.5 in any order and
     * grouping: {@code (x * t) * 0.5}, {@code x * (t * 0.5)}, {@code (x * 0.5) * t}) →
     * {@code hip.gelu(x)} into the last Mul's destination, as ONNX Runtime's Gelu fusion does: one
     * kernel instead of five passes over the tensor, which {@link MatMulGelu} then fuses into the
     * product before it. Every intermediate value is read by the next op only, all have the result's
     * type, the constants are splats ({@link #splat}) of 0.5, 1 and sqrt 2 (or 1 / sqrt 2 for a Mul;
     * within 1e-6, as float32 rounds them), and no op of the chain carries a fused clamp. The Gelu
     * kernel computes {@code x erfc(-x / sqrt 2) / 2}: the same function without the cancellation of
     * {@code 1 + erf} for x below about -3 (there its result is the more accurate one).
     */
    static final class GeluFromErf extends HipCanonicalization.TensorFormPattern {
        private static final double SQRT2 = Math.sqrt(2);

        GeluFromErf() {
            super("hip.mul", 1, "hip.gelu-from-erf");
        }

        @Override
        LogicalResult rewriteTensorForm(Operation op, PatternRewriter rewriter) {
            if (op.numOperands() != 3 || op.numResults() != 1 || clamped(op)
                    || !(op.result(0).type() instanceof ShapedType t) || !HipOps.isFloat(t.elementType())) {
                return rewriter.notifyMatchFailure(op, "expected a float mul without a clamp");
            }
            // the factors of op, with one single-use mul operand opened up: x, the erf term and 0.5
            List<Value> factors = new ArrayList<>();
            List<Operation> chain = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Operation inner = onlyUser(op.operand(i), "hip.mul", op);
                if (inner != null && chain.isEmpty()) {
                    chain.add(inner);
                    factors.add(inner.operand(0));
                    factors.add(inner.operand(1));
                } else {
                    factors.add(op.operand(i));
                }
            }
            if (factors.size() != 3) {
                return rewriter.notifyMatchFailure(op, "not a product of three factors");
            }
            for (int h = 0; h < 3; h++) {
                Double half = splat(factors.get(h), op);
                if (half == null || half != 0.5) {
                    continue;
                }
                for (int e = 0; e < 3; e++) {
                    if (e == h) {
                        continue;
                    }
                    Value x = factors.get(3 - h - e);
                    Operation user = chain.isEmpty() || !chain.get(0).operands().contains(factors.get(e)) ? op
                            : chain.get(0);
                    List<Operation> term = erfTerm(factors.get(e), user, x);
                    if (term != null && x.type().equals(op.result(0).type())) {
                        List<Location> fused = new ArrayList<>();
                        term.forEach(o -> fused.add(o.location()));
                        chain.forEach(o -> fused.add(o.location()));
                        fused.add(op.location());
                        Value g = rewriter.create(FusedLoc.of(fused), "hip.gelu", List.of(x, op.operand(2)),
                                op.resultTypes(), Map.of()).result(0);
                        rewriter.replaceOp(op, List.of(g));
                        chain.addAll(term);
                        for (Operation dead : chain) {
                            rewriter.eraseOp(dead);
                        }
                        return LogicalResult.success();
                    }
                }
            }
            return rewriter.notifyMatchFailure(op, "not x (1 + erf(x / sqrt 2)) / 2");
        }

        /**
         * The ops of {@code 1 + erf(x / sqrt 2)} defining {@code t} (read by {@code user} only), in
         * the order they can be erased once {@code user} is gone; {@code null} when it is not that.
         */
        private static List<Operation> erfTerm(Value t, Operation user, Value x) {
            Operation add = onlyUser(t, "hip.add", user);
            if (add == null) {
                return null;
            }
            for (int i = 0; i < 2; i++) {
                Double one = splat(add.operand(1 - i), add);
                Operation erf = onlyUser(add.operand(i), "hip.erf", add);
                if (one == null || one != 1.0 || erf == null) {
                    continue;
                }
                Operation scale = onlyUser(erf.operand(0), "hip.div", erf);
                if (scale != null && scale.operand(0).equals(x) && near(splat(scale.operand(1), scale), SQRT2)) {
                    return List.of(add, erf, scale);
                }
                scale = onlyUser(erf.operand(0), "hip.mul", erf);
                for (int j = 0; scale != null && j < 2; j++) {
                    if (scale.operand(j).equals(x) && near(splat(scale.operand(1 - j), scale), 1 / SQRT2)) {
                        return List.of(add, erf, scale);
                    }
                }
            }
            return null;
        }

        private static boolean near(Double c, double want) {
            return c != null && Math.abs(c - want) <= 1e-6;
        }
    }

    /**
     * The op named {@code name} defining {@code v} when {@code v} has one use, by {@code user}, and
     * {@code user}'s result type, and that op has one result and no fused clamp; else {@code null}.
     */
    private static Operation onlyUser(Value v, String name, Operation user) {
        Operation p = v.definingOp();
        return p != null && p.nameString().equals(name) && p.numResults() == 1 && !clamped(p) && v.hasOneUse()
                && v.users().get(0) == user && v.type().equals(user.result(0).type()) ? p : null;
    }

    private static boolean clamped(Operation op) {
        return op.attribute(CLAMP_MIN) != null || op.attribute(CLAMP_MAX) != null;
    }

    /**
     * The tensor-form op of {@code names} defining {@code v}, of a float element type, when
     * {@code op} is its only user but for {@code tensor.dim}s (a dynamic size of the next
     * destination) and has its type; else {@code null}.
     */
    private static Operation singleUse(Operation op, Value v, Set<String> names) {
        Operation p = v.definingOp();
        if (p == null || !names.contains(p.nameString()) || p.numResults() != 1
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

    /**
     * Replaces {@code op} by a copy of {@code producer} with {@code more} inputs after its own and
     * {@code extra} attributes, into {@code op}'s destination.
     */
    static void fuse(Operation op, Operation producer, List<Value> more, Map<String, Attribute> extra,
            PatternRewriter rewriter) {
        List<Value> operands = new ArrayList<>(producer.operands().subList(0, producer.numOperands() - 1));
        operands.addAll(more);
        operands.add(op.operand(op.numOperands() - 1));
        Map<String, Attribute> attrs = HipOps.allAttributes(producer);
        attrs.putAll(extra);
        Value r = rewriter.create(FusedLoc.of(List.of(producer.location(), op.location())), producer.nameString(),
                operands, op.resultTypes(), attrs).result(0);
        rewriter.replaceOp(op, List.of(r));
        eraseFused(producer, rewriter);
    }

    /**
     * Erases {@code producer}, whose single use a fusion replaced: the {@code tensor.dim}s left on
     * its result read the sizes from its destination (the same type) instead.
     */
    private static void eraseFused(Operation producer, PatternRewriter rewriter) {
        Value init = producer.operand(producer.numOperands() - 1);
        for (Operation dim : List.copyOf(producer.result(0).users())) {
            rewriter.modifyOpInPlace(dim, () -> dim.setOperand(0, init));
        }
        rewriter.eraseOp(producer);
    }

    /**
     * Adds the fusion patterns to {@code patterns}. {@code canonicalize} has them (on hip.max,
     * hip.min, hip.add, hip.gelu, hip.mul, hip.layer_norm, hip.softmax and hip.max_pool); {@code hip-infer-shapes} applies
     * them at its end, while the bounds are still {@code hip.constant} carriers with their values
     * ({@code hip-externalize-constants}, which follows, moves constants out of the IR, after which
     * no canonicalize could read them).
     */
    public static RewritePatternSet populate(RewritePatternSet patterns) {
        patterns.add(new MinMax(true));
        patterns.add(new MinMax(false));
        patterns.add(new MatMulBias());
        patterns.add(new MatMulGelu());
        patterns.add(new GeluFromErf());
        patterns.add(new SkipLayerNorm());
        patterns.add(new SoftmaxScale());
        patterns.add(new ConvMaxPool());
        return patterns;
    }
}
