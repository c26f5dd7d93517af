package org.hipep.passes.hip;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.pass.Pass;

/**
 * {@code hip-conv-channels-last}: runs f32 2-D convolutions, and what lies between them, with the
 * channels last ({@code [N, H, W, C]}), the layout in which the runtime's convolutions (oneDNN's
 * brgemm kernels) are fastest, including the 1x1 ones, which are plain GEMMs over the pixels
 * there. ONNX fixes NCHW at the model's edges only; inside, the layout is ours to choose.
 *
 * <ol>
 *   <li>Every tensor-form {@code hip.conv} with an f32 input {@code [N, C, H, W]}, static but
 *       for the batch (a dynamic batch is taken from the conv's {@code tensor.empty} destination
 *       for every new destination: it stays dimension 0), group 1 and no dilation becomes
 *       {@code transpose(conv{channels_last}(transpose(X, [0,2,3,1])), [0,3,1,2])}. A
 *       single-channel input ({@code C = 1}) qualifies from {@link #MIN_SINGLE_CHANNEL_MACS}
 *       multiply-adds: below, the NCHW kernel is faster (mnist-8's first conv, 8 against 13 µs)
 *       and the transposes around it cost more than they save.</li>
 *   <li>The transposes back to NCHW then move down through their users while the users can take
 *       the NHWC value as it is: element-wise ops (both operands transposed alike, or one of
 *       them all-ones in shape, so it broadcasts the same in either layout), {@code max_pool}
 *       without indices, {@code avg_pool}, the global pools (they take {@code channels_last}
 *       too), a {@code concat} on the channels of transposed inputs (on axis 3), and a
 *       transpose to NHWC (it cancels).</li>
 * </ol>
 * A transpose back stays where a user needs NCHW (a reshape, a matmul, a function result);
 * {@code canonicalize}, which follows, folds the pairs that meet and drops what is dead. ResNet-50
 * and SqueezeNet then transpose their input image once and a {@code [N, 1, 1, C]} pool result;
 * after bufferization {@code hip-reshape-transpose-views} makes the image's transpose a view that
 * their first convolution (three input channels) reads in place.
 */
public final class ConvChannelsLastPass extends Pass {
    /** NCHW to NHWC. */
    static final long[] TO_NHWC = {0, 2, 3, 1};
    /** NHWC to NCHW. */
    static final long[] TO_NCHW = {0, 3, 1, 2};
    /** From this many multiply-adds a single-channel conv runs channels-last. */
    static final long MIN_SINGLE_CHANNEL_MACS = 1L << 20;

    private static final String CHANNELS_LAST = "channels_last";
    private static final Set<String> UNARY = Set.of("hip.neg", "hip.abs", "hip.exp", "hip.log", "hip.sqrt",
            "hip.reciprocal", "hip.sigmoid", "hip.tanh", "hip.erf", "hip.softplus", "hip.gelu", "hip.leaky_relu",
            "hip.hard_sigmoid", "hip.clip", "hip.ceil", "hip.floor", "hip.round", "hip.sin", "hip.cos");
    private static final Set<String> BINARY = Set.of("hip.add", "hip.sub", "hip.mul", "hip.div", "hip.max",
            "hip.min", "hip.pow");
    private static final Set<String> POOLS = Set.of("hip.max_pool", "hip.avg_pool", "hip.global_avg_pool",
            "hip.global_max_pool");

    @Override
    public String argument() {
        return "hip-conv-channels-last";
    }

    @Override
    public String name() {
        return "HipConvChannelsLast";
    }

    @Override
    public String description() {
        return "Run f32 2-D convolutions and the element-wise ops, pools and concats between them channels-last (NHWC)";
    }

    @Override
    protected void runOnOperation() {
        PatternRewriter rewriter = new PatternRewriter(getContext());
        List<Operation> convs = new ArrayList<>();
        getOperation().walk(op -> {
            if (op.is("hip.conv") && eligible(op)) {
                convs.add(op);
            }
        });
        Deque<Operation> backs = new ArrayDeque<>();
        for (Operation conv : convs) {
            rewriter.setInsertionPoint(conv);
            Value x = transpose(rewriter, conv.location(), conv.operand(0), TO_NHWC, batch(conv));
            List<Value> operands = new ArrayList<>(conv.operands().subList(0, conv.numOperands() - 1));
            operands.set(0, x);
            backs.add(channelsLast(rewriter, conv, operands));
        }
        while (!backs.isEmpty()) {
            Operation back = backs.pop();
            for (Operation user : List.copyOf(back.result(0).users())) {
                if (user.block() == null) {
                    continue;
                }
                Operation moved = sink(rewriter, user);
                if (moved != null) {
                    backs.add(moved);
                }
            }
            if (back.result(0).useEmpty()) {
                rewriter.eraseOp(back);
            }
        }
    }

    /** Whether {@code conv} runs channels-last (class documentation). */
    static boolean eligible(Operation conv) {
        if (conv.numResults() != 1 || !(conv.operand(0).type() instanceof RankedTensorType x)
                || !(conv.operand(1).type() instanceof RankedTensorType w)
                || !(conv.result(0).type() instanceof RankedTensorType y) || x.rank() != 4 || !batchOnly(x)
                || !w.hasStaticShape() || !batchOnly(y) || batch(conv) == null
                || !x.elementType().equals(FloatType.F32)) {
            return false;
        }
        Map<String, Attribute> attrs = HipDps.attributes(conv);
        if (attrs.get(CHANNELS_LAST) instanceof BoolAttr b && b.value()) {
            return false;
        }
        if (attrs.get("group") instanceof IntegerAttr g && g.longValue() != 1) {
            return false;
        }
        if (attrs.get("dilations") instanceof DenseArrayAttr d && Arrays.stream(d.asLongs()).anyMatch(v -> v != 1)) {
            return false;
        }
        long c = x.shape().get(1);
        long macs = y.shape().subList(1, 4).stream().reduce(1L, (a, b) -> a * b) * c * w.shape().get(2)
                * w.shape().get(3);
        return c > 1 || macs >= MIN_SINGLE_CHANNEL_MACS;
    }

    /**
     * Rewrites {@code user} of one or more transposes back to NCHW to take their NHWC inputs, when
     * it can (class documentation); returns the transpose back that now follows it, or null. A
     * {@code tensor.dim} of the batch (the next destination's size) reads it from the NHWC value,
     * so it does not keep the transpose alive.
     */
    private static Operation sink(PatternRewriter rewriter, Operation user) {
        String name = user.nameString();
        if (name.equals("hip.transpose")) {
            Value v = nhwc(user.operand(0));
            if (user.numOperands() == 2 && v != null && Arrays.equals(perm(user), TO_NHWC)) {
                rewriter.replaceOp(user, List.of(v));
            }
            return null;
        }
        if (name.equals("tensor.dim")) {
            // A dynamic batch's size (for the next destination): the same dimension 0 of the NHWC value.
            Value v = nhwc(user.operand(0));
            Operation index = user.numOperands() == 2 ? user.operand(1).definingOp() : null;
            if (v != null && index != null && index.is("arith.constant")
                    && HipDps.attributes(index).get("value") instanceof IntegerAttr i && i.longValue() == 0) {
                user.setOperand(0, v);
            }
            return null;
        }
        if (user.numResults() != 1 || !(user.result(0).type() instanceof RankedTensorType y) || y.rank() != 4
                || !batchOnly(y) || batch(user) == null) {
            return null;
        }
        int inputs = user.numOperands() - 1;
        List<Value> operands = new ArrayList<>(user.operands().subList(0, inputs));
        Map<String, Attribute> extra = Map.of();
        if (UNARY.contains(name) || BINARY.contains(name)) {
            boolean any = false;
            for (int i = 0; i < inputs; i++) {
                Value v = nhwc(operands.get(i));
                if (v != null && operands.get(i).type().equals(y)) {
                    operands.set(i, v);
                    any = true;
                } else if (!allOnes(operands.get(i))) {
                    return null;
                }
            }
            if (!any) {
                return null;
            }
        } else if (POOLS.contains(name)) {
            Value v = nhwc(operands.get(0));
            if (v == null || !y.elementType().equals(FloatType.F32)) {
                return null;
            }
            operands.set(0, v);
            extra = Map.of(CHANNELS_LAST, BoolAttr.TRUE);
        } else if (name.equals("hip.concat")) {
            Attribute axis = HipDps.attributes(user).get("axis");
            if (!(axis instanceof IntegerAttr a) || (a.longValue() != 1 && a.longValue() != -3)) {
                return null;
            }
            for (int i = 0; i < inputs; i++) {
                Value v = nhwc(operands.get(i));
                if (v == null) {
                    return null;
                }
                operands.set(i, v);
            }
            extra = Map.of("axis", IntegerAttr.i64(3));
        } else {
            return null;
        }
        rewriter.setInsertionPoint(user);
        Map<String, Attribute> attrs = HipDps.attributes(user);
        attrs.putAll(extra);
        return replace(rewriter, user, operands, attrs);
    }

    /** {@code conv} with {@code operands} (X already NHWC) and {@code channels_last}, transposed back. */
    private static Operation channelsLast(PatternRewriter rewriter, Operation conv, List<Value> operands) {
        Map<String, Attribute> attrs = HipDps.attributes(conv);
        attrs.put(CHANNELS_LAST, BoolAttr.TRUE);
        return replace(rewriter, conv, operands, attrs);
    }

    /** Replaces {@code op} by its NHWC form on {@code inputs} with {@code attrs}, followed by a transpose back. */
    private static Operation replace(PatternRewriter rewriter, Operation op, List<Value> inputs,
            Map<String, Attribute> attrs) {
        List<Value> batch = batch(op);
        RankedTensorType y = (RankedTensorType) op.result(0).type();
        RankedTensorType t = permuted(y, TO_NHWC);
        List<Value> operands = new ArrayList<>(inputs);
        operands.add(empty(rewriter, op.location(), t, batch));
        Value r = rewriter.create(op.location(), op.nameString(), operands, List.of(t), attrs).result(0);
        Value back = transpose(rewriter, op.location(), r, TO_NCHW, batch);
        rewriter.replaceOp(op, List.of(back));
        return back.definingOp();
    }

    /** Whether {@code t}'s only dynamic dimension, if any, is the batch (dimension 0). */
    private static boolean batchOnly(RankedTensorType t) {
        for (int i = 1; i < t.rank(); i++) {
            if (t.isDynamicDim(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The size operands of a {@code tensor.empty} of {@code op}'s layout-changed result: none for a
     * static batch, else the dynamic batch size of {@code op}'s own destination (a
     * {@code tensor.empty} of it); null when that cannot be had. The batch stays dimension 0 in both
     * layouts, so every value of the chain takes it from there.
     */
    private static List<Value> batch(Operation op) {
        if (!((RankedTensorType) op.result(0).type()).isDynamicDim(0)) {
            return List.of();
        }
        Operation init = op.operand(op.numOperands() - 1).definingOp();
        return init != null && init.is("tensor.empty") && init.numOperands() == 1 ? List.of(init.operand(0)) : null;
    }

    /** The NHWC value {@code v} is the transpose back of, or null. */
    private static Value nhwc(Value v) {
        Operation def = v.definingOp();
        if (def == null || !def.is("hip.transpose") || def.numOperands() != 2
                || !(def.operand(0).type() instanceof RankedTensorType t) || t.rank() != 4
                || !Arrays.equals(perm(def), TO_NCHW)) {
            return null;
        }
        return def.operand(0);
    }

    private static boolean allOnes(Value v) {
        return v.type() instanceof RankedTensorType t && t.rank() <= 4 && t.shape().stream().allMatch(d -> d == 1);
    }

    private static long[] perm(Operation transpose) {
        return HipDps.attributes(transpose).get("perm") instanceof DenseArrayAttr d ? d.asLongs() : new long[0];
    }

    private static RankedTensorType permuted(RankedTensorType t, long[] perm) {
        List<Long> shape = new ArrayList<>();
        for (long p : perm) {
            shape.add(t.shape().get((int) p));
        }
        return new RankedTensorType(shape, t.elementType(), t.encoding());
    }

    private static Value empty(PatternRewriter rewriter, Location loc, RankedTensorType t, List<Value> batch) {
        return rewriter.create(loc, "tensor.empty", batch, List.of(t), Map.of()).result(0);
    }

    private static Value transpose(PatternRewriter rewriter, Location loc, Value v, long[] perm, List<Value> batch) {
        RankedTensorType t = permuted((RankedTensorType) v.type(), perm);
        return rewriter.create(loc, "hip.transpose", List.of(v, empty(rewriter, loc, t, batch)), List.of(t),
                Map.of("perm", DenseArrayAttr.i64(perm))).result(0);
    }
}
