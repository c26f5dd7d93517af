package org.hipep.runtime.session;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What a model input or output is: its name, element type and shape, where {@code -1} marks a
 * dimension known only at run time; {@code dimNames} gives such a dimension's symbolic name
 * ({@code "batch"}) when the model names it, else {@code null} at that position.
 */
public record TensorInfo(String name, ElementType type, long[] shape, List<String> dimNames) {
    /** Validates and copies. */
    public TensorInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        shape = shape.clone();
        if (dimNames == null) {
            dimNames = java.util.Collections.nCopies(shape.length, null);
        } else if (dimNames.size() != shape.length) {
            throw new IllegalArgumentException("dimNames has " + dimNames.size() + " entries for rank " + shape.length);
        } else {
            dimNames = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(dimNames));
        }
    }

    /** A copy of the shape. */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /** The rank. */
    public int rank() {
        return shape.length;
    }

    /** Whether every dimension is known. */
    public boolean isStatic() {
        return Arrays.stream(shape).allMatch(d -> d >= 0);
    }

    /** {@code name: f32[1, batch, 3]}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(name).append(": ").append(type.mlirName()).append('[');
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(shape[i] >= 0 ? Long.toString(shape[i]) : dimNames.get(i) != null ? dimNames.get(i) : "?");
        }
        return b.append(']').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TensorInfo t && t.name.equals(name) && t.type == type && Arrays.equals(t.shape, shape)
                && t.dimNames.equals(dimNames);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, type, Arrays.hashCode(shape), dimNames);
    }
}
