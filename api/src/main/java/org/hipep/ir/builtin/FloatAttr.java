package org.hipep.ir.builtin;

import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;

/**
 * A floating-point constant ({@code 1.5 : f32}). The value is kept as a double that is exactly
 * representable in the attribute's type (f16/bf16/f32 values are rounded on construction).
 *
 * @param type the float type
 * @param value the value
 */
public record FloatAttr(FloatType type, double value) implements TypedAttribute {
    public FloatAttr {
        if (type == null) {
            throw new IllegalArgumentException("float attribute needs a float type");
        }
        value = FloatBits.roundTo(type, value);
    }

    /** An f32 attribute. */
    public static FloatAttr f32(double value) {
        return new FloatAttr(FloatType.F32, value);
    }

    /** An f64 attribute. */
    public static FloatAttr f64(double value) {
        return new FloatAttr(FloatType.F64, value);
    }

    @Override
    public boolean equals(Object o) {
        // Bitwise, so that NaN payloads and signed zeros are distinguished and equals is reflexive.
        return o instanceof FloatAttr f && f.type.equals(type)
                && Double.doubleToRawLongBits(f.value) == Double.doubleToRawLongBits(value);
    }

    @Override
    public int hashCode() {
        return type.hashCode() * 31 + Long.hashCode(Double.doubleToRawLongBits(value));
    }
}
