package org.hipep.ir.builtin;

import java.math.BigInteger;
import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;

/**
 * An integer constant of an integer or index type ({@code 42 : i32}). The value is kept
 * exactly; signless and signed values are stored sign-extended, unsigned values as their
 * non-negative magnitude. {@code i1} constants are {@link BoolAttr}s.
 *
 * @param type an {@link IntegerType} other than i1, or {@link IndexType}
 * @param value the value, already truncated to the type's width
 */
public record IntegerAttr(Type type, BigInteger value) implements TypedAttribute {
    public IntegerAttr {
        if (!(type instanceof IntegerType) && !(type instanceof IndexType)) {
            throw new IllegalArgumentException("integer attribute of non-integer type " + type);
        }
        if (type instanceof IntegerType it && it.width() == 1) {
            throw new IllegalArgumentException("an i1 constant is a BoolAttr");
        }
        if (value == null) {
            throw new IllegalArgumentException("value is required");
        }
    }

    /** An integer attribute of a given type from a long, wrapped to the type's width. */
    public static IntegerAttr of(Type type, long value) {
        return new IntegerAttr(type, wrap(type, BigInteger.valueOf(value)));
    }

    /** An i64 attribute. */
    public static IntegerAttr i64(long value) {
        return of(IntegerType.I64, value);
    }

    /** An index attribute. */
    public static IntegerAttr index(long value) {
        return of(IndexType.INSTANCE, value);
    }

    /** The value as a long (the low 64 bits). */
    public long longValue() {
        return value.longValue();
    }

    /**
     * Wraps a value to the width of an integer type, as two's complement for signless and
     * signed types and modulo 2^width for unsigned ones. Index is 64 bits.
     */
    public static BigInteger wrap(Type type, BigInteger v) {
        int width = type instanceof IntegerType it ? it.width() : 64;
        boolean unsigned = type instanceof IntegerType it && it.signedness() == IntegerType.Signedness.UNSIGNED;
        if (!unsigned && v.bitLength() < width) {
            return v;
        }
        if (unsigned && v.signum() >= 0 && v.bitLength() <= width) {
            return v;
        }
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        BigInteger r = v.mod(mod);
        if (!unsigned && r.testBit(width - 1)) {
            r = r.subtract(mod);
        }
        return r;
    }
}
