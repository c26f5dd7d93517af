package org.hipep.ir.builtin;

import org.hipep.ir.Type;

/**
 * A binary floating-point type.
 *
 * @param kind which IEEE (or bfloat) format
 */
public record FloatType(Kind kind) implements Type {
    /** The supported formats, with their bit widths and mantissa bits (without the hidden bit). */
    public enum Kind {
        /** IEEE binary16. */
        F16("f16", 16, 10),
        /** bfloat16: f32's exponent, 7 mantissa bits. */
        BF16("bf16", 16, 7),
        /** IEEE binary32. */
        F32("f32", 32, 23),
        /** IEEE binary64. */
        F64("f64", 64, 52);

        private final String keyword;
        private final int width;
        private final int mantissaBits;

        Kind(String keyword, int width, int mantissaBits) {
            this.keyword = keyword;
            this.width = width;
            this.mantissaBits = mantissaBits;
        }

        /** The textual keyword ({@code f32}). */
        public String keyword() {
            return keyword;
        }
    }

    public static final FloatType F16 = new FloatType(Kind.F16);
    public static final FloatType BF16 = new FloatType(Kind.BF16);
    public static final FloatType F32 = new FloatType(Kind.F32);
    public static final FloatType F64 = new FloatType(Kind.F64);

    public FloatType {
        if (kind == null) {
            throw new IllegalArgumentException("float kind is required");
        }
    }

    /** The type for a keyword such as {@code f32}, or {@code null}. */
    public static FloatType forKeyword(String keyword) {
        for (Kind k : Kind.values()) {
            if (k.keyword.equals(keyword)) {
                return new FloatType(k);
            }
        }
        return null;
    }

    /** The storage width in bits. */
    public int width() {
        return kind.width;
    }

    /** Mantissa bits without the implicit leading one. */
    public int mantissaBits() {
        return kind.mantissaBits;
    }

    @Override
    public String toString() {
        return kind.keyword;
    }
}
