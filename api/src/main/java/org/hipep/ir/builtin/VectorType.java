package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Type;

/**
 * {@code vector<4xf32>}, {@code vector<2x[4]xi32>} (the bracketed dims scalable) or the 0-d
 * {@code vector<f32>}: a static, positive shape of integers, floats or indices. The LLVM
 * lowering produces vectors for SIMD math, and {@code llvm.switch} and {@code cf.switch} keep
 * their case values as a dense vector attribute.
 *
 * @param shape dimensions, all static and positive
 * @param elementType element type
 * @param scalableDims one flag per dimension, {@code true} where the dim is scalable
 */
public record VectorType(List<Long> shape, Type elementType, List<Boolean> scalableDims) implements ShapedType {
    public VectorType {
        shape = List.copyOf(shape);
        scalableDims = List.copyOf(scalableDims);
        if (elementType == null) {
            throw new IllegalArgumentException("element type is required");
        }
        if (scalableDims.size() != shape.size()) {
            throw new IllegalArgumentException("one scalable flag per dimension is required");
        }
        for (long d : shape) {
            if (d <= 0) {
                throw new IllegalArgumentException("vector types must have positive constant sizes but got " + d);
            }
        }
    }

    /** A fixed-size (not scalable) vector. */
    public static VectorType of(Type elementType, long... shape) {
        List<Long> dims = java.util.Arrays.stream(shape).boxed().toList();
        return new VectorType(dims, elementType, dims.stream().map(d -> false).toList());
    }

    /** Whether some dimension is scalable. */
    public boolean isScalable() {
        return scalableDims.contains(true);
    }

    @Override
    public boolean hasRank() {
        return true;
    }
}
