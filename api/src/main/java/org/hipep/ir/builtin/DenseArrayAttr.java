package org.hipep.ir.builtin;

import java.util.Arrays;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;

/**
 * A small constant array of scalars: {@code array<i64: 1, 2>}, {@code array<f32: 0.5>},
 * {@code array<i1: true>}. Integer elements are kept as longs (wrapped to the width), float
 * elements as doubles rounded to the element type.
 */
public final class DenseArrayAttr implements Attribute {
    private final Type elementType;
    private final long[] ints;
    private final double[] floats;

    private DenseArrayAttr(Type elementType, long[] ints, double[] floats) {
        this.elementType = elementType;
        this.ints = ints;
        this.floats = floats;
    }

    /** An integer array (i1, i8, i16, i32 or i64 elements). */
    public static DenseArrayAttr ofLongs(IntegerType elementType, long... values) {
        long[] copy = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            copy[i] = IntegerAttr.wrap(elementType, java.math.BigInteger.valueOf(values[i])).longValue();
        }
        return new DenseArrayAttr(elementType, copy, null);
    }

    /** An i64 array. */
    public static DenseArrayAttr i64(long... values) {
        return ofLongs(IntegerType.I64, values);
    }

    /** A float array (f16, bf16, f32 or f64 elements). */
    public static DenseArrayAttr ofDoubles(FloatType elementType, double... values) {
        double[] copy = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            copy[i] = FloatBits.roundTo(elementType, values[i]);
        }
        return new DenseArrayAttr(elementType, null, copy);
    }

    /** The element type. */
    public Type elementType() {
        return elementType;
    }

    /** Whether the elements are floats. */
    public boolean isFloat() {
        return floats != null;
    }

    /** The number of elements. */
    public int size() {
        return floats != null ? floats.length : ints.length;
    }

    /** Integer elements (a copy). */
    public long[] asLongs() {
        if (ints == null) {
            throw new IllegalStateException("integer view of a float array " + elementType);
        }
        return ints.clone();
    }

    /** Float elements (a copy). */
    public double[] asDoubles() {
        if (floats == null) {
            throw new IllegalStateException("float view of an integer array " + elementType);
        }
        return floats.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DenseArrayAttr d && d.elementType.equals(elementType)
                && Arrays.equals(d.ints, ints) && Arrays.equals(d.floats, floats);
    }

    @Override
    public int hashCode() {
        return elementType.hashCode() * 31 + Arrays.hashCode(ints) + Arrays.hashCode(floats);
    }

    @Override
    public String toString() {
        return "array<" + elementType + ": " + (ints != null ? Arrays.toString(ints) : Arrays.toString(floats)) + ">";
    }
}
