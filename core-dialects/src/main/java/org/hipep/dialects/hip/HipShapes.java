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
     * AveragePool): with explicit pads {@code floor((in + padBegin + padEnd - dilation * (kernel - 1)
     * - 1) / stride) + 1} (ceiling instead of floor with {@code ceilMode}); {@code SAME_*}:
     * {@code ceil(in / stride)}; {@code VALID}: no padding. A dynamic input or kernel gives
     * {@code ?}. With {@code ceilMode} this is the plain formula of the ONNX operator text; the
     * rule that drops a last window starting in the end padding is not applied.
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
        long pads = autoPad == AutoPad.VALID ? 0 : padBegin + padEnd;
        long span = in + pads - dilation * (kernel - 1) - 1;
        if (span < 0) {
            throw new ShapeError("the window (kernel " + kernel + ", dilation " + dilation + ") is larger than the"
                    + " padded input dimension " + (in + pads));
        }
        return (ceilMode ? Math.floorDiv(span + stride - 1, stride) : Math.floorDiv(span, stride)) + 1;
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
