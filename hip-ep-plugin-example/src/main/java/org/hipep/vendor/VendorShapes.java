package org.hipep.vendor;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The shape and type rules of the vendor ops (numpy broadcasting over f32, f16 and bf16), shared
 * by the verifier, the conversion pass (which claims only what passes {@link #check}) and the
 * bufferization model (which sizes the result with {@link #dynamicSource}).
 */
final class VendorShapes {
    /** The code of each supported element type, as the wrappers receive it. */
    static final List<FloatType> ELEMENT_TYPES = List.of(FloatType.F32, FloatType.F16, FloatType.BF16);

    private VendorShapes() {
    }

    /** The wrapper's element type code of {@code t} (0 f32, 1 f16, 2 bf16), or -1. */
    static int elementCode(Type t) {
        return ELEMENT_TYPES.indexOf(t);
    }

    /**
     * Why {@code a op b -> out} is not supported, or {@code null} when it is: ranked operands of
     * one supported element type, {@code out} of rank max(rank a, rank b) whose static dimensions
     * agree with numpy broadcasting, and every dynamic dimension of {@code out} either static in
     * the broadcast or provably equal to one input dimension (so that it can be allocated).
     */
    static String check(Type a, Type b, Type out) {
        if (!(a instanceof ShapedType sa && sa.hasRank()) || !(b instanceof ShapedType sb && sb.hasRank())
                || !(out instanceof ShapedType so && so.hasRank())) {
            return "expects ranked operands and result, got " + text(a) + ", " + text(b) + " -> " + text(out);
        }
        if (elementCode(sa.elementType()) < 0) {
            return "supports element types f32, f16 and bf16 only, got " + text(a);
        }
        if (!sa.elementType().equals(sb.elementType()) || !sa.elementType().equals(so.elementType())) {
            return "expects one element type for operands and result, got " + text(a) + ", " + text(b) + " -> "
                    + text(out);
        }
        List<Long> inferred;
        try {
            inferred = broadcast(sa.shape(), sb.shape());
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        if (so.shape().size() != inferred.size()) {
            return "result " + text(out) + " must have rank " + inferred.size() + " (the broadcast of " + text(a)
                    + " and " + text(b) + ")";
        }
        for (int d = 0; d < inferred.size(); d++) {
            long want = inferred.get(d);
            long have = so.shape().get(d);
            if (have != ShapedType.DYNAMIC && want != ShapedType.DYNAMIC && have != want) {
                return "result dimension " + d + " is " + have + " but the operands broadcast to " + want;
            }
            if (have == ShapedType.DYNAMIC && want == ShapedType.DYNAMIC
                    && dynamicSource(sa.shape(), sb.shape(), inferred.size(), d) == null) {
                return "result dimension " + d + " is dynamic in both operands (? against ?): vendor ops cannot size"
                        + " it at compile time (one of them could be 1)";
            }
        }
        return null;
    }

    /**
     * The numpy broadcast of two shapes ({@link ShapedType#DYNAMIC} where unknown).
     *
     * @throws IllegalArgumentException when two static dimensions differ and neither is 1
     */
    static List<Long> broadcast(List<Long> a, List<Long> b) {
        int rank = Math.max(a.size(), b.size());
        List<Long> out = new ArrayList<>(rank);
        for (int d = 0; d < rank; d++) {
            long x = dim(a, rank, d);
            long y = dim(b, rank, d);
            if (x == 1) {
                out.add(y);
            } else if (y == 1) {
                out.add(x);
            } else if (x == ShapedType.DYNAMIC) {
                out.add(y);
            } else if (y == ShapedType.DYNAMIC || x == y) {
                out.add(x);
            } else {
                throw new IllegalArgumentException("operand shapes " + a + " and " + b + " do not broadcast"
                        + " (dimension " + d + ": " + x + " against " + y + ")");
            }
        }
        return out;
    }

    /**
     * Which operand dimension a dynamic result dimension {@code d} (of a result of rank
     * {@code rank}) equals, as {@code {operand, dimension}}: the one operand that is {@code ?}
     * there while the other is 1 or absent; {@code null} when both are {@code ?}.
     */
    static int[] dynamicSource(List<Long> a, List<Long> b, int rank, int d) {
        long x = dim(a, rank, d);
        long y = dim(b, rank, d);
        if (x == ShapedType.DYNAMIC && y == ShapedType.DYNAMIC) {
            return null;
        }
        if (x == ShapedType.DYNAMIC) {
            return new int[] {0, d - (rank - a.size())};
        }
        if (y == ShapedType.DYNAMIC) {
            return new int[] {1, d - (rank - b.size())};
        }
        return null;
    }

    /** Dimension {@code d} of {@code shape} right-aligned to {@code rank}: 1 where it has none. */
    private static long dim(List<Long> shape, int rank, int d) {
        int i = d - (rank - shape.size());
        return i < 0 ? 1 : shape.get(i);
    }

    private static String text(Type t) {
        return AttrTypePrinter.typeToString(t);
    }
}
