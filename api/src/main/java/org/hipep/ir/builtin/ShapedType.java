package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Type;

/**
 * A type with an element type and, when ranked, a shape: tensors, memrefs and vectors. Dynamic
 * dimensions ({@code ?}) are {@link #DYNAMIC}.
 */
public interface ShapedType extends Type {
    /** The value of a dynamic dimension or offset/stride. */
    long DYNAMIC = Long.MIN_VALUE;

    /** The element type. */
    Type elementType();

    /** Whether the rank is known. */
    boolean hasRank();

    /** The dimensions; only for ranked types. */
    List<Long> shape();

    /** The rank; only for ranked types. */
    default int rank() {
        return shape().size();
    }

    /** Whether dimension {@code i} is dynamic. */
    default boolean isDynamicDim(int i) {
        return shape().get(i) == DYNAMIC;
    }

    /** Whether the rank and every dimension are known. */
    default boolean hasStaticShape() {
        return hasRank() && shape().stream().noneMatch(d -> d == DYNAMIC);
    }

    /** The number of elements of a static shape. */
    default long numElements() {
        if (!hasStaticShape()) {
            throw new IllegalStateException("number of elements of a dynamic or unranked shape: " + this);
        }
        long n = 1;
        for (long d : shape()) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    /** Validates a shape: every dimension is {@code >= 0} or {@link #DYNAMIC}. */
    static List<Long> checkShape(List<Long> shape) {
        for (Long d : shape) {
            if (d == null || (d < 0 && d != DYNAMIC)) {
                throw new IllegalArgumentException("invalid dimension " + d + " in shape " + shape);
            }
        }
        return List.copyOf(shape);
    }
}
