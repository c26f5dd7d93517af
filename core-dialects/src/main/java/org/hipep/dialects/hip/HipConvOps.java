package org.hipep.dialects.hip;

import static org.hipep.dialects.hip.HipShapes.format;
import static org.hipep.dialects.hip.HipShapes.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipOps.Rule;
import org.hipep.dialects.hip.HipOps.Spec;
import org.hipep.dialects.hip.HipShapes.AutoPad;
import org.hipep.dialects.hip.HipShapes.ShapeError;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;

/**
 * The windowed ops of the {@code hip} dialect: {@code conv}, {@code conv_transpose},
 * {@code max_pool}, {@code avg_pool}, {@code global_max_pool} and {@code global_avg_pool}, over
 * {@code [N, C, D1, ..., Dn]} inputs, with ONNX's window attributes ({@code kernel_shape},
 * {@code strides}, {@code pads} as all begins then all ends, {@code dilations}, {@code group},
 * {@code auto_pad}) and output-shape arithmetic.
 *
 * <p>{@code conv}, {@code max_pool} (without indices), {@code avg_pool} and the global pools also
 * take {@code channels_last} (bool, default false): X is then {@code [N, H, W, C]} and Y
 * {@code [N, OH, OW, M]}, rank 4 and f32 only; W stays {@code [M, C/group, KH, KW]}. The
 * {@code hip-conv-channels-last} pass sets it; the kernels carry it in their symbol
 * ({@code _nhwc}, docs/kernel-abi.md).
 *
 * <p>A channels-last {@code conv} also takes {@code max_pool} (8 i64s: kernel, strides, pads as
 * top, left, bottom, right): a max pool fused into it (dilation 1, floor division), so Y is the
 * pool's output; hip's epilogue fusion sets it ({@code HipEpilogueFusion.ConvMaxPool}), the
 * kernels carry it in their symbol ({@code _maxpool}).
 *
 * <p>{@code conv} also takes {@code accumulate} (bool, default false), in the memref form only:
 * the op adds its result to what its destination holds ({@code Y = Y + conv(X, W) + B}, then the
 * fused clamp). {@code hip-conv-add-in-place} sets it when it folds a residual {@code hip.add}
 * into the convolution; the kernels carry it in their symbol ({@code _acc}).
 *
 * <p>A clamped memref-form {@code conv} also takes bound slots (non-negative integers, absent: none),
 * set by {@code hip-conv-bound-slots}: {@code bound_slot}, the slot of the run's state where the
 * kernel leaves a bound of {@code |Y|} as it wrote it (+inf when it proved none), and
 * {@code x_bound_slot} / {@code acc_bound_slot}, slots that a conv before it in its block filled
 * with a bound of its X / of its destination's old values ({@code accumulate}), so that the kernel
 * need not read them to prove its fused clamp safe (docs/kernel-abi.md).
 */
final class HipConvOps {
    private static final long DYN = ShapedType.DYNAMIC;

    /** The attribute of a memref-form conv that adds to its destination (see the class documentation). */
    static final String ACCUMULATE = "accumulate";

    /** The bound slots of a memref-form conv (see the class documentation). */
    static final List<String> BOUND_SLOTS = List.of("x_bound_slot", "acc_bound_slot", "bound_slot");

    /** The attributes of a conv that only its memref form takes. */
    static final List<String> MEMREF_ONLY = List.of(ACCUMULATE, BOUND_SLOTS.get(0), BOUND_SLOTS.get(1),
            BOUND_SLOTS.get(2));

    private HipConvOps() {
    }

    /** The window attributes of one op, checked against its spatial rank. */
    private record Window(long[] kernel, long[] strides, long[] pads, long[] dilations, AutoPad autoPad) {
    }

    private static long[] ints(Map<String, Attribute> attrs, String name, int length, long dflt, long min) {
        long[] v = HipOps.axesAttr(attrs, name);
        if (v == null) {
            v = new long[length];
            Arrays.fill(v, dflt);
            return v;
        }
        if (v.length != length) {
            throw new ShapeError("'" + name + "' must have " + length + " values, got " + v.length);
        }
        for (long x : v) {
            if (x < min) {
                throw new ShapeError("'" + name + "' values must be >= " + min + ", got " + Arrays.toString(v));
            }
        }
        return v;
    }

    private static AutoPad autoPad(Map<String, Attribute> attrs) {
        Attribute a = attrs.get("auto_pad");
        if (a == null) {
            return AutoPad.NOTSET;
        }
        if (a instanceof StringAttr s) {
            for (AutoPad p : AutoPad.values()) {
                if (p.name().equals(s.value())) {
                    return p;
                }
            }
        }
        throw new ShapeError("'auto_pad' must be \"NOTSET\", \"VALID\", \"SAME_UPPER\" or \"SAME_LOWER\"");
    }

    /** Reads the window attributes; {@code weights} are the kernel dims from W, or {@code null}. */
    private static Window window(Map<String, Attribute> attrs, int spatial, List<Long> weights) {
        long[] kernel;
        if (weights == null) {
            if (!attrs.containsKey("kernel_shape")) {
                throw new ShapeError("'kernel_shape' is required");
            }
            kernel = ints(attrs, "kernel_shape", spatial, 1, 1);
        } else {
            kernel = weights.stream().mapToLong(Long::longValue).toArray();
            if (attrs.containsKey("kernel_shape")) {
                long[] declared = ints(attrs, "kernel_shape", spatial, 1, 1);
                for (int i = 0; i < spatial; i++) {
                    if (kernel[i] != DYN && kernel[i] != declared[i]) {
                        throw new ShapeError("'kernel_shape' " + Arrays.toString(declared)
                                + " does not match the weights' spatial dimensions " + format(weights));
                    }
                    kernel[i] = declared[i];
                }
            }
        }
        AutoPad auto = autoPad(attrs);
        if (auto != AutoPad.NOTSET && attrs.containsKey("pads")) {
            throw new ShapeError("'pads' cannot be used with 'auto_pad' " + auto);
        }
        return new Window(kernel, ints(attrs, "strides", spatial, 1, 1), ints(attrs, "pads", 2 * spatial, 0, 0),
                ints(attrs, "dilations", spatial, 1, 1), auto);
    }

    private static RankedTensorType image(List<RankedTensorType> in, HipOps.Kind kind) {
        RankedTensorType x = in.get(0);
        kind.check(x, "X");
        if (x.rank() < 3) {
            throw new ShapeError("X must have rank >= 3 ([N, C, D1, ...]), got " + text(x));
        }
        for (RankedTensorType t : in) {
            if (!t.elementType().equals(x.elementType())) {
                throw new ShapeError("operands must have the same element type, got " + text(x) + " and " + text(t));
            }
        }
        return x;
    }

    private static void checkBias(List<RankedTensorType> in, long channels) {
        if (in.size() < 3) {
            return;
        }
        RankedTensorType b = in.get(2);
        if (b.rank() != 1 || (b.shape().get(0) != DYN && channels != DYN && b.shape().get(0) != channels)) {
            throw new ShapeError("bias " + format(b.shape()) + " must be [" + (channels == DYN ? "?" : channels)
                    + "], the output channels");
        }
    }

    private static long group(Map<String, Attribute> attrs) {
        long group = HipOps.intAttr(attrs, "group", 1);
        if (group <= 0) {
            throw new ShapeError("'group' must be > 0, got " + group);
        }
        return group;
    }

    private static final Rule CONV = (in, attrs, n) -> {
        RankedTensorType x = image(in, HipOps.Kind.FLOAT);
        RankedTensorType w = in.get(1);
        if (w.rank() != x.rank()) {
            throw new ShapeError("W " + format(w.shape()) + " must have the rank of X " + format(x.shape()));
        }
        long group = group(attrs);
        long c = x.shape().get(1);
        long m = w.shape().get(0);
        long cw = w.shape().get(1);
        if (c != DYN && cw != DYN && c != cw * group) {
            throw new ShapeError("X has " + c + " channels but W " + format(w.shape()) + " with group " + group
                    + " expects " + cw * group);
        }
        if (m != DYN && m % group != 0) {
            throw new ShapeError("W's " + m + " output channels are not divisible by 'group' " + group);
        }
        checkBias(in, m);
        // The fused activation (HipCanonicalization.ConvClamp): y = min(max(conv, clamp_min), clamp_max).
        HipOps.floatAttr(attrs, "clamp_min", Double.NEGATIVE_INFINITY);
        HipOps.floatAttr(attrs, "clamp_max", Double.POSITIVE_INFINITY);
        HipOps.flag(attrs, ACCUMULATE, false);
        for (String slot : BOUND_SLOTS) {
            if (HipOps.intAttr(attrs, slot, 0) < 0) {
                throw new ShapeError("'" + slot + "' must be a non-negative slot number");
            }
        }
        int spatial = x.rank() - 2;
        Window win = window(attrs, spatial, w.shape().subList(2, w.rank()));
        List<Long> out = new ArrayList<>(List.of(x.shape().get(0), m));
        for (int i = 0; i < spatial; i++) {
            out.add(HipShapes.windowOutput(x.shape().get(2 + i), win.kernel()[i], win.strides()[i],
                    win.dilations()[i], win.pads()[i], win.pads()[spatial + i], win.autoPad(), false));
        }
        return List.of(RankedTensorType.of(out, x.elementType()));
    };

    private static final Rule CONV_TRANSPOSE = (in, attrs, n) -> {
        RankedTensorType x = image(in, HipOps.Kind.FLOAT);
        RankedTensorType w = in.get(1);
        if (w.rank() != x.rank()) {
            throw new ShapeError("W " + format(w.shape()) + " must have the rank of X " + format(x.shape()));
        }
        long group = group(attrs);
        long c = x.shape().get(1);
        long cw = w.shape().get(0);
        if (c != DYN && cw != DYN && c != cw) {
            throw new ShapeError("X has " + c + " channels but W " + format(w.shape()) + " expects " + cw);
        }
        long m = w.shape().get(1) == DYN ? DYN : w.shape().get(1) * group;
        checkBias(in, m);
        int spatial = x.rank() - 2;
        Window win = window(attrs, spatial, w.shape().subList(2, w.rank()));
        long[] outputPadding = ints(attrs, "output_padding", spatial, 0, 0);
        for (int i = 0; i < spatial; i++) {
            if (outputPadding[i] >= Math.max(win.strides()[i], win.dilations()[i])) {
                throw new ShapeError("'output_padding' " + Arrays.toString(outputPadding)
                        + " must be smaller than the stride or the dilation");
            }
        }
        List<Long> out = new ArrayList<>(List.of(x.shape().get(0), m));
        if (attrs.containsKey("output_shape")) {
            long[] shape = ints(attrs, "output_shape", spatial, 1, 1);
            for (long d : shape) {
                out.add(d);
            }
            return List.of(RankedTensorType.of(out, x.elementType()));
        }
        for (int i = 0; i < spatial; i++) {
            out.add(HipShapes.transposedOutput(x.shape().get(2 + i), win.kernel()[i], win.strides()[i],
                    win.dilations()[i], win.pads()[i], win.pads()[spatial + i], outputPadding[i], win.autoPad()));
        }
        return List.of(RankedTensorType.of(out, x.elementType()));
    };

    private static Rule pool(HipOps.Kind kind, boolean indices) {
        return (in, attrs, n) -> {
            RankedTensorType x = image(in, kind);
            if (!indices && n > 1) {
                throw new ShapeError("has one result");
            }
            HipOps.flag(attrs, "count_include_pad", false);
            int spatial = x.rank() - 2;
            Window win = window(attrs, spatial, null);
            boolean ceil = HipOps.flag(attrs, "ceil_mode", false);
            List<Long> out = new ArrayList<>(x.shape().subList(0, 2));
            for (int i = 0; i < spatial; i++) {
                out.add(HipShapes.windowOutput(x.shape().get(2 + i), win.kernel()[i], win.strides()[i],
                        win.dilations()[i], win.pads()[i], win.pads()[spatial + i], win.autoPad(), ceil));
            }
            RankedTensorType y = RankedTensorType.of(out, x.elementType());
            return n == 1 ? List.of(y) : List.of(y, RankedTensorType.of(out, IntegerType.I64));
        };
    }

    private static Rule global(HipOps.Kind kind) {
        return (in, attrs, n) -> {
            RankedTensorType x = image(in, kind);
            List<Long> out = new ArrayList<>(x.shape().subList(0, 2));
            while (out.size() < x.rank()) {
                out.add(1L);
            }
            return List.<Type>of(RankedTensorType.of(out, x.elementType()));
        };
    }

    /** The attribute that puts the channels last (see the class documentation). */
    static final String CHANNELS_LAST = "channels_last";

    /**
     * {@code rule} under {@link #CHANNELS_LAST}: X {@code [N, H, W, C]} is read as
     * {@code [N, C, H, W]} by {@code rule}, and its first result is put back channels-last.
     */
    private static Rule layout(Rule rule) {
        return (in, attrs, n) -> {
            if (!HipOps.flag(attrs, CHANNELS_LAST, false)) {
                return rule.apply(in, attrs, n);
            }
            RankedTensorType x = in.get(0);
            if (x.rank() != 4 || !x.elementType().equals(FloatType.F32)) {
                throw new ShapeError("'" + CHANNELS_LAST + "' needs an f32 X of rank 4 ([N, H, W, C]), got " + text(x));
            }
            if (n > 1) {
                throw new ShapeError("'" + CHANNELS_LAST + "' is not supported with indices");
            }
            List<Long> s = x.shape();
            List<RankedTensorType> first = new ArrayList<>(in);
            first.set(0, RankedTensorType.of(List.of(s.get(0), s.get(3), s.get(1), s.get(2)), x.elementType()));
            RankedTensorType y = (RankedTensorType) rule.apply(first, attrs, n).get(0);
            List<Long> o = y.shape();
            return List.of(RankedTensorType.of(List.of(o.get(0), o.get(2), o.get(3), o.get(1)), y.elementType()));
        };
    }

    /** The max pool fused into a channels-last conv (see the class documentation). */
    static final String MAX_POOL = "max_pool";

    /**
     * {@code rule} (a channels-last conv's) under {@link #MAX_POOL}: its result pooled by the
     * window {@code [kh, kw, sh, sw, top, left, bottom, right]} (floor division, dilation 1).
     */
    private static Rule pooled(Rule rule) {
        return (in, attrs, n) -> {
            List<Type> out = rule.apply(in, attrs, n);
            if (!attrs.containsKey(MAX_POOL)) {
                return out;
            }
            if (!HipOps.flag(attrs, CHANNELS_LAST, false)) {
                throw new ShapeError("'" + MAX_POOL + "' needs '" + CHANNELS_LAST + "'");
            }
            if (HipOps.flag(attrs, ACCUMULATE, false)) {
                throw new ShapeError("'" + MAX_POOL + "' and '" + ACCUMULATE + "' do not go together");
            }
            long[] p = ints(attrs, MAX_POOL, 8, 0, 0);
            RankedTensorType y = (RankedTensorType) out.get(0);
            List<Long> shape = new ArrayList<>(y.shape());
            for (int i = 0; i < 2; i++) {
                long k = p[i];
                long s = p[2 + i];
                if (k < 1 || s < 1 || p[4 + i] >= k || p[6 + i] >= k) {
                    throw new ShapeError("'" + MAX_POOL + "' " + Arrays.toString(p)
                            + ": kernel and strides must be >= 1 and each pad below the kernel");
                }
                long d = shape.get(1 + i);
                if (d != DYN) {
                    long span = d + p[4 + i] + p[6 + i] - k;
                    if (span < 0) {
                        throw new ShapeError("'" + MAX_POOL + "' " + Arrays.toString(p) + ": window larger than the"
                                + " convolution's output " + format(y.shape()));
                    }
                    shape.set(1 + i, span / s + 1);
                }
            }
            return List.of(RankedTensorType.of(shape, y.elementType()));
        };
    }

    /** The windowed ops. */
    static final List<Spec> SPECS = List.of(
            new Spec("conv", "N-d convolution: X [N, C, D...], W [M, C/group, k...], optional bias [M]; optional"
                    + " fused activation min(max(y, clamp_min), clamp_max); in memref form, with accumulate, Y"
                    + " = Y + conv(X, W) + B before the clamp", 2, 3, 1, 1,
                    List.of("kernel_shape", "strides", "pads", "dilations", "group", "auto_pad", "clamp_min",
                            "clamp_max", CHANNELS_LAST, ACCUMULATE, BOUND_SLOTS.get(0), BOUND_SLOTS.get(1),
                            BOUND_SLOTS.get(2), MAX_POOL), pooled(layout(CONV))),
            new Spec("conv_transpose", "N-d transposed convolution: X [N, C, D...], W [C, M/group, k...], optional"
                    + " bias [M]", 2, 3, 1, 1, List.of("kernel_shape", "strides", "pads", "dilations", "group",
                    "auto_pad", "output_padding", "output_shape"), CONV_TRANSPOSE),
            new Spec("max_pool", "N-d max pooling, with optional i64 indices", 1, 1, 1, 2,
                    List.of("kernel_shape", "strides", "pads", "dilations", "auto_pad", "ceil_mode", CHANNELS_LAST),
                    layout(pool(HipOps.Kind.NUMERIC, true))),
            new Spec("avg_pool", "N-d average pooling", 1, 1, 1, 1, List.of("kernel_shape", "strides", "pads",
                    "dilations", "auto_pad", "ceil_mode", "count_include_pad", CHANNELS_LAST),
                    layout(pool(HipOps.Kind.FLOAT, false))),
            new Spec("global_max_pool", "Max over all spatial dimensions, kept as 1", 1, 1, 1, 1,
                    List.of(CHANNELS_LAST), layout(global(HipOps.Kind.NUMERIC))),
            new Spec("global_avg_pool", "Average over all spatial dimensions, kept as 1", 1, 1, 1, 1,
                    List.of(CHANNELS_LAST), layout(global(HipOps.Kind.FLOAT))));
}
