package org.hipep.dialects.hip;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The shape arithmetic of the {@code hip} ops, on shapes given as lists of dimensions where
 * {@link ShapedType#DYNAMIC} is a dynamic ({@code ?}) dimension. Named ONNX dimensions
 * ({@code dim_param}) are dynamic here: the importer keeps their names beside the function
 * signature ({@code onnx.dim_params}), not in the type. Failures throw {@link ShapeError} with a
 * message that names the shapes involved.
 */
public final class HipShapes {
    private static final long DYN = ShapedType.DYNAMIC;

    private HipShapes() {
    }

    /** A shape that does not fit an op's rules. */
    public static final class ShapeError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** An error with its message. */
        public ShapeError(String message) {
            super(message, null, false, false);
        }
    }

    /** {@code [2, ?, 3]}. */
    public static String format(List<Long> shape) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < shape.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(shape.get(i) == DYN ? "?" : String.valueOf(shape.get(i)));
        }
        return sb.append("]").toString();
    }

    /** A shape from dimensions, {@code -1} standing for {@code ?} (for tables and tests). */
    public static List<Long> shape(long... dims) {
        List<Long> out = new ArrayList<>();
        for (long d : dims) {
            out.add(d == -1 ? DYN : d);
        }
        return out;
    }

    /**
     * Numpy (ONNX multidirectional) broadcasting of any number of shapes: shapes are aligned at
     * the right, a dimension of 1 stretches, {@code ?} against 1 or {@code ?} stays {@code ?},
     * {@code ?} against a static {@code n != 1} gives {@code n}, and two different static
     * dimensions, neither 1, are an error.
     */
    public static List<Long> broadcast(List<List<Long>> shapes) {
        int rank = shapes.stream().mapToInt(List::size).max().orElse(0);
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            long acc = 1;
            for (List<Long> s : shapes) {
                int j = i - (rank - s.size());
                if (j < 0) {
                    continue;
                }
                long d = s.get(j);
                if (d == 1 || d == acc) {
                    continue;
                }
                if (acc == 1) {
                    acc = d;
                } else if (d == DYN) {
                    continue;
                } else if (acc == DYN) {
                    acc = d;
                } else {
                    throw new ShapeError("shapes " + list(shapes) + " are not broadcast-compatible");
                }
            }
            out.add(acc);
        }
        return out;
    }

    /** {@code [2], [3] and [3]}. */
    private static String list(List<List<Long>> shapes) {
        List<String> parts = shapes.stream().map(HipShapes::format).toList();
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    /** Two-shape {@link #broadcast(List)}. */
    public static List<Long> broadcast(List<Long> a, List<Long> b) {
        return broadcast(List.of(a, b));
    }

    /**
     * Whether {@code from} broadcasts to {@code to} without changing it (ONNX unidirectional
     * broadcasting): {@code from} is not longer, and each of its dimensions is 1, {@code ?} or the
     * target's dimension (or the target's is {@code ?}).
     */
    public static boolean unidirectional(List<Long> from, List<Long> to) {
        if (from.size() > to.size()) {
            return false;
        }
        for (int i = 0; i < from.size(); i++) {
            long f = from.get(i);
            long t = to.get(to.size() - from.size() + i);
            if (f != 1 && f != DYN && t != DYN && f != t) {
                return false;
            }
        }
        return true;
    }

    /** Two dimensions that must be equal: the static one of the two, or an error. */
    static long same(long a, long b, String what) {
        if (a == DYN) {
            return b;
        }
        if (b == DYN || a == b) {
            return a;
        }
        throw new ShapeError(what + " differ: " + a + " vs " + b);
    }

    /**
     * ONNX MatMul (numpy matmul): a 1-D first operand is promoted to {@code [1, K]} and a 1-D
     * second one to {@code [K, 1]}, the promoted dimension being dropped from the result; the
     * batch dimensions broadcast; the contracted dimensions must agree.
     */
    public static List<Long> matmul(List<Long> a, List<Long> b) {
        if (a.isEmpty() || b.isEmpty()) {
            throw new ShapeError("matmul operands must have rank >= 1, got " + format(a) + " and " + format(b));
        }
        List<Long> pa = a.size() == 1 ? List.of(1L, a.get(0)) : a;
        List<Long> pb = b.size() == 1 ? List.of(b.get(0), 1L) : b;
        long ka = pa.get(pa.size() - 1);
        long kb = pb.get(pb.size() - 2);
        if (ka != DYN && kb != DYN && ka != kb) {
            throw new ShapeError("contracting dimensions of " + format(a) + " and " + format(b) + " differ: " + ka
                    + " vs " + kb);
        }
        List<Long> batch = broadcastBatch(pa.subList(0, pa.size() - 2), pb.subList(0, pb.size() - 2), a, b);
        List<Long> out = new ArrayList<>(batch);
        if (a.size() > 1) {
            out.add(pa.get(pa.size() - 2));
        }
        if (b.size() > 1) {
            out.add(pb.get(pb.size() - 1));
        }
        return out;
    }

    private static List<Long> broadcastBatch(List<Long> a, List<Long> b, List<Long> fullA, List<Long> fullB) {
        try {
            return broadcast(a, b);
        } catch (ShapeError e) {
            throw new ShapeError("batch dimensions of " + format(fullA) + " and " + format(fullB)
                    + " are not broadcast-compatible");
        }
    }

    /**
     * ONNX Gemm: {@code A} and {@code B} are 2-D (transposed first when asked), {@code C}
     * ({@code null} when absent) must broadcast unidirectionally to {@code [M, N]}.
     */
    public static List<Long> gemm(List<Long> a, List<Long> b, List<Long> c, boolean transA, boolean transB) {
        if (a.size() != 2 || b.size() != 2) {
            throw new ShapeError("gemm operands A and B must be 2-D, got " + format(a) + " and " + format(b));
        }
        long m = transA ? a.get(1) : a.get(0);
        long ka = transA ? a.get(0) : a.get(1);
        long kb = transB ? b.get(1) : b.get(0);
        long n = transB ? b.get(0) : b.get(1);
        if (ka != DYN && kb != DYN && ka != kb) {
            throw new ShapeError("contracting dimensions of A " + format(a) + " and B " + format(b) + " differ: " + ka
                    + " vs " + kb);
        }
        List<Long> out = List.of(m, n);
        if (c != null && !unidirectional(c, out)) {
            throw new ShapeError("C " + format(c) + " does not broadcast to the result " + format(out));
        }
        return out;
    }

    /** An axis in {@code [-rank, rank)} normalised to {@code [0, rank)}. */
    public static int normalizeAxis(long axis, int rank) {
        if (axis < -rank || axis >= rank) {
            throw new ShapeError("axis " + axis + " is out of range for rank " + rank + " (expected [" + -rank + ", "
                    + rank + "))");
        }
        return (int) (axis < 0 ? axis + rank : axis);
    }

    /**
     * The shape of a reduction over {@code axes} ({@code null} or empty: all of them); the
     * reduced dimensions become 1 with {@code keepdims} and are dropped without it. Repeated
     * axes are an error.
     */
    public static List<Long> reduce(List<Long> shape, long[] axes, boolean keepdims) {
        boolean[] reduced = new boolean[shape.size()];
        if (axes == null || axes.length == 0) {
            Arrays.fill(reduced, true);
        } else {
            for (long a : axes) {
                int n = normalizeAxis(a, shape.size());
                if (reduced[n]) {
                    throw new ShapeError("axis " + a + " is repeated in the axes " + Arrays.toString(axes));
                }
                reduced[n] = true;
            }
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < shape.size(); i++) {
            if (!reduced[i]) {
                out.add(shape.get(i));
            } else if (keepdims) {
                out.add(1L);
            }
        }
        return out;
    }

    /** How a convolution or pooling window pads its input (ONNX {@code auto_pad}). */
    public enum AutoPad {
        /** Explicit {@code pads}. */
        NOTSET,
        /** No padding. */
        VALID,
        /** Pad so that the output is {@code ceil(in / stride)}, extra padding at the end. */
        SAME_UPPER,
        /** Like {@link #SAME_UPPER}, extra padding at the beginning. */
        SAME_LOWER
    }

    /**
     * One spatial output dimension of a convolution or pooling window (ONNX Conv, MaxPool,
     * AveragePool), {@code window = dilation * (kernel - 1) + 1}:
     * <ul>
     * <li>explicit pads: {@code floor((in + padBegin + padEnd - window) / stride) + 1}; with
     * {@code ceilMode} the division rounds up instead, and then a last window that would start in
     * the end padding ({@code (out - 1) * stride >= in + padBegin}) is dropped, as ONNX
     * ("sliding windows that would start in the right padded region are ignored") and PyTorch
     * do;</li>
     * <li>{@code SAME_UPPER}, {@code SAME_LOWER}: {@code ceil(in / stride)}, with or without
     * {@code ceilMode};</li>
     * <li>{@code VALID}: no padding, {@code floor((in - window) / stride) + 1}, which is also the
     * spec's ceil-mode formula {@code ceil((in - window + 1) / stride)}.</li>
     * </ul>
     * A dynamic input gives {@code ?}, and so does a dynamic kernel except with {@code SAME_*}.
     */
    public static long windowOutput(long in, long kernel, long stride, long dilation, long padBegin, long padEnd,
            AutoPad autoPad, boolean ceilMode) {
        if (in == DYN) {
            return DYN;
        }
        if (autoPad == AutoPad.SAME_UPPER || autoPad == AutoPad.SAME_LOWER) {
            return Math.floorDiv(in + stride - 1, stride);
        }
        if (kernel == DYN) {
            return DYN;
        }
        boolean valid = autoPad == AutoPad.VALID;
        long begin = valid ? 0 : padBegin;
        long pads = valid ? 0 : padBegin + padEnd;
        long span = in + pads - dilation * (kernel - 1) - 1;
        if (span < 0) {
            throw new ShapeError("the window (kernel " + kernel + ", dilation " + dilation + ") is larger than the"
                    + " padded input dimension " + (in + pads));
        }
        if (!ceilMode || valid) {
            return Math.floorDiv(span, stride) + 1;
        }
        long out = Math.floorDiv(span + stride - 1, stride) + 1;
        return (out - 1) * stride >= in + begin ? out - 1 : out;
    }

    /**
     * The pads {@code {begin, end}} that {@code SAME_UPPER} / {@code SAME_LOWER} give one spatial
     * dimension of a convolution or pooling window with output {@code out} (as the runtime's kernels
     * derive them): the total {@code max(0, (out - 1) * stride + window - in)}, {@code window =
     * dilation * (kernel - 1) + 1}, split with the odd one at the end for {@code SAME_UPPER}, at the
     * beginning for {@code SAME_LOWER}. Static sizes only.
     */
    public static long[] samePads(long in, long out, long kernel, long stride, long dilation, AutoPad autoPad) {
        if (autoPad != AutoPad.SAME_UPPER && autoPad != AutoPad.SAME_LOWER) {
            throw new IllegalArgumentException("SAME pads of auto_pad " + autoPad);
        }
        long total = Math.max(0, (out - 1) * stride + dilation * (kernel - 1) + 1 - in);
        long begin = autoPad == AutoPad.SAME_UPPER ? total / 2 : total - total / 2;
        return new long[] {begin, total - begin};
    }

    /**
     * One spatial output dimension of a transposed convolution (ONNX ConvTranspose):
     * {@code stride * (in - 1) + outputPadding + dilation * (kernel - 1) + 1 - padBegin - padEnd};
     * {@code SAME_*}: {@code in * stride}. A dynamic input or kernel gives {@code ?}.
     */
    public static long transposedOutput(long in, long kernel, long stride, long dilation, long padBegin,
            long padEnd, long outputPadding, AutoPad autoPad) {
        if (in == DYN) {
            return DYN;
        }
        if (autoPad == AutoPad.SAME_UPPER || autoPad == AutoPad.SAME_LOWER) {
            return in * stride;
        }
        if (kernel == DYN) {
            return DYN;
        }
        long pads = autoPad == AutoPad.VALID ? 0 : padBegin + padEnd;
        long out = stride * (in - 1) + outputPadding + dilation * (kernel - 1) + 1 - pads;
        if (out <= 0) {
            throw new ShapeError("the transposed convolution of input dimension " + in + " has no output (" + out
                    + ")");
        }
        return out;
    }

    /** ONNX Transpose: result dimension {@code i} is input dimension {@code perm[i]}. */
    public static List<Long> transpose(List<Long> shape, long[] perm) {
        if (perm.length != shape.size()) {
            throw new ShapeError("'perm' " + Arrays.toString(perm) + " must have one entry per dimension of "
                    + format(shape));
        }
        boolean[] seen = new boolean[perm.length];
        List<Long> out = new ArrayList<>();
        for (long p : perm) {
            if (p < 0 || p >= perm.length || seen[(int) p]) {
                throw new ShapeError("'perm' " + Arrays.toString(perm) + " is not a permutation of [0, "
                        + perm.length + ")");
            }
            seen[(int) p] = true;
            out.add(shape.get((int) p));
        }
        return out;
    }

    /**
     * ONNX Reshape with a static target: {@code 0} copies the input dimension at the same index
     * (a literal 0 with {@code allowZero}), one {@code -1} is inferred from the element count. A
     * dynamic dimension that is not copied makes the inferred one {@code ?}; static element counts must
     * agree.
     */
    public static List<Long> reshape(List<Long> in, long[] target, boolean allowZero) {
        List<Long> out = new ArrayList<>();
        int infer = -1;
        boolean zero = false;
        for (int i = 0; i < target.length; i++) {
            long t = target[i];
            if (t < -1) {
                throw new ShapeError("'shape' " + Arrays.toString(target) + " has a dimension < -1");
            }
            if (t == -1) {
                if (infer >= 0) {
                    throw new ShapeError("'shape' " + Arrays.toString(target) + " has more than one -1");
                }
                infer = i;
                out.add(DYN);
            } else if (t == 0 && !allowZero) {
                if (i >= in.size()) {
                    throw new ShapeError("'shape' " + Arrays.toString(target) + " copies dimension " + i
                            + " (0), which " + format(in) + " does not have");
                }
                out.add(in.get(i));
            } else {
                zero |= t == 0;
                out.add(t);
            }
        }
        if (allowZero && zero && infer >= 0) {
            throw new ShapeError("'shape' " + Arrays.toString(target) + " cannot have both 0 and -1 with allowzero");
        }
        // Copied dimensions (0) are the same on both sides and cancel, so [?, 3, 4] to [0, -1] gives [?, 12].
        List<Long> rest = new ArrayList<>();
        long known = 1;
        for (int i = 0; i < in.size(); i++) {
            if (!(i < target.length && target[i] == 0 && !allowZero)) {
                rest.add(in.get(i));
            }
        }
        for (int i = 0; i < out.size(); i++) {
            if (i == infer || (target[i] == 0 && !allowZero)) {
                continue;
            }
            known *= out.get(i);
        }
        long total = HipDataOps.product(rest);
        if (infer >= 0) {
            if (total != DYN) {
                if (known == 0 || total % known != 0) {
                    throw new ShapeError("cannot reshape " + format(in) + " to " + Arrays.toString(target)
                            + ": " + total + " elements do not divide into " + known);
                }
                out.set(infer, total / known);
            }
        } else if (total != DYN && total != known) {
            throw new ShapeError("cannot reshape " + format(in) + " to " + format(out) + ": the element counts"
                    + " differ (" + total + " vs " + known + ")");
        }
        return out;
    }

    /** ONNX Concat: other dimensions agree, the {@code axis} dimensions add up ({@code ?} if one is). */
    public static List<Long> concat(List<List<Long>> shapes, int axis) {
        List<Long> out = new ArrayList<>(shapes.get(0));
        long sum = 0;
        for (List<Long> s : shapes) {
            for (int i = 0; i < out.size(); i++) {
                if (i == axis) {
                    continue;
                }
                long a = out.get(i);
                long b = s.get(i);
                if (a != DYN && b != DYN && a != b) {
                    throw new ShapeError("shapes " + list(shapes) + " differ outside the concatenation axis " + axis);
                }
                out.set(i, a == DYN ? b : a);
            }
            sum = sum == DYN || s.get(axis) == DYN ? DYN : sum + s.get(axis);
        }
        out.set(axis, sum);
        return out;
    }

    /**
     * ONNX Split into {@code parts} pieces along {@code axis}: sized by {@code split} (which must
     * add up to the dimension), or evenly, the last piece smaller when the dimension does not
     * divide ({@code ceil(d / parts)} each).
     */
    public static List<List<Long>> split(List<Long> shape, int axis, long[] split, int parts) {
        long d = shape.get(axis);
        long[] sizes = new long[parts];
        if (split != null) {
            if (split.length != parts) {
                throw new ShapeError("'split' " + Arrays.toString(split) + " must have one size per result ("
                        + parts + ")");
            }
            long sum = 0;
            for (long s : split) {
                if (s < 0) {
                    throw new ShapeError("'split' sizes must be >= 0, got " + Arrays.toString(split));
                }
                sum += s;
            }
            if (d != DYN && sum != d) {
                throw new ShapeError("'split' " + Arrays.toString(split) + " adds up to " + sum + ", not dimension "
                        + axis + " of " + format(shape));
            }
            sizes = split.clone();
        } else if (d == DYN) {
            Arrays.fill(sizes, DYN);
        } else {
            long chunk = Math.floorDiv(d + parts - 1, parts);
            Arrays.fill(sizes, chunk);
            sizes[parts - 1] = d - chunk * (parts - 1);
            if (sizes[parts - 1] <= 0 && parts > 1) {
                throw new ShapeError("dimension " + axis + " of " + format(shape) + " cannot be split into " + parts
                        + " pieces");
            }
        }
        List<List<Long>> out = new ArrayList<>();
        for (long s : sizes) {
            List<Long> piece = new ArrayList<>(shape);
            piece.set(axis, s);
            out.add(piece);
        }
        return out;
    }

    /**
     * ONNX Slice with static parameters: negative starts and ends count from the end; starts are
     * clamped to {@code [0, d]} ({@code [0, d - 1]} for negative steps), ends to {@code [0, d]}
     * ({@code [-1, d - 1]} for negative steps); the size is {@code ceil((end - start) / step)},
     * at least 0. A dynamic dimension stays {@code ?}.
     */
    public static List<Long> slice(List<Long> shape, long[] starts, long[] ends, long[] axes, long[] steps) {
        if (starts.length != ends.length) {
            throw new ShapeError("'starts' " + Arrays.toString(starts) + " and 'ends' " + Arrays.toString(ends)
                    + " must have the same length");
        }
        if (axes == null) {
            if (starts.length > shape.size()) {
                throw new ShapeError("'starts' " + Arrays.toString(starts) + " is longer than the rank of "
                        + format(shape));
            }
            axes = new long[starts.length];
            for (int i = 0; i < axes.length; i++) {
                axes[i] = i;
            }
        } else if (axes.length != starts.length) {
            throw new ShapeError("'axes' " + Arrays.toString(axes) + " must have the length of 'starts'");
        }
        if (steps != null && steps.length != starts.length) {
            throw new ShapeError("'steps' " + Arrays.toString(steps) + " must have the length of 'starts'");
        }
        int[] norm = HipDataOps.distinctAxes(axes, shape.size());
        List<Long> out = new ArrayList<>(shape);
        for (int i = 0; i < norm.length; i++) {
            long step = steps == null ? 1 : steps[i];
            if (step == 0) {
                throw new ShapeError("'steps' must not be 0, got " + Arrays.toString(steps));
            }
            long d = shape.get(norm[i]);
            if (d == DYN) {
                continue;
            }
            long start = starts[i] < 0 ? starts[i] + d : starts[i];
            long end = ends[i] < 0 ? ends[i] + d : ends[i];
            long size;
            if (step > 0) {
                start = Math.max(0, Math.min(start, d));
                end = Math.max(0, Math.min(end, d));
                size = end > start ? Math.floorDiv(end - start + step - 1, step) : 0;
            } else {
                start = Math.max(0, Math.min(start, d - 1));
                end = Math.max(-1, Math.min(end, d - 1));
                size = start > end ? Math.floorDiv(start - end - step - 1, -step) : 0;
            }
            out.set(norm[i], size);
        }
        return out;
    }

    /** ONNX Pad: {@code pads} holds all begins then all ends; negative values crop. */
    public static List<Long> pad(List<Long> shape, long[] pads) {
        if (pads.length != 2 * shape.size()) {
            throw new ShapeError("'pads' " + Arrays.toString(pads) + " must have 2 * rank values for "
                    + format(shape));
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < shape.size(); i++) {
            long d = shape.get(i);
            long r = d == DYN ? DYN : d + pads[i] + pads[shape.size() + i];
            if (r != DYN && r < 0) {
                throw new ShapeError("'pads' " + Arrays.toString(pads) + " crop dimension " + i + " of "
                        + format(shape) + " below 0");
            }
            out.add(r);
        }
        return out;
    }

    /**
     * Whether a declared type fits an inferred one: both ranked tensors of the same element type
     * and rank, whose dimensions are equal or dynamic on either side.
     */
    public static boolean compatible(Type declared, Type inferred) {
        if (!(declared instanceof RankedTensorType d) || !(inferred instanceof RankedTensorType i)) {
            return declared.equals(inferred);
        }
        if (!d.elementType().equals(i.elementType()) || d.rank() != i.rank()) {
            return false;
        }
        for (int k = 0; k < d.rank(); k++) {
            long x = d.shape().get(k);
            long y = i.shape().get(k);
            if (x != DYN && y != DYN && x != y) {
                return false;
            }
        }
        return true;
    }

    /**
     * The most static of two {@linkplain #compatible compatible} tensor types: each dimension is
     * the static one of the two when either is static (what {@code hip-infer-shapes} writes back).
     *
     * @throws ShapeError when the types are not compatible
     */
    public static Type refine(Type declared, Type inferred) {
        if (!compatible(declared, inferred)) {
            throw new ShapeError(text(declared) + " is incompatible with the inferred type " + text(inferred));
        }
        if (!(declared instanceof RankedTensorType d) || !(inferred instanceof RankedTensorType i)) {
            return declared;
        }
        List<Long> out = new ArrayList<>();
        for (int k = 0; k < d.rank(); k++) {
            out.add(d.shape().get(k) == DYN ? i.shape().get(k) : d.shape().get(k));
        }
        return new RankedTensorType(out, d.elementType(), d.encoding());
    }

    /** A type as text. */
    static String text(Type t) {
        return AttrTypePrinter.typeToString(t);
    }
}
