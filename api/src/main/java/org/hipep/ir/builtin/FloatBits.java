package org.hipep.ir.builtin;

/**
 * Conversions between doubles and the bit patterns of the builtin float types, with IEEE
 * round-to-nearest-even for the narrowing ones.
 */
public final class FloatBits {
    private FloatBits() {
    }

    /** Rounds a double to the nearest value of the given float type. */
    public static double roundTo(FloatType type, double v) {
        return switch (type.kind()) {
            case F64 -> v;
            case F32 -> (float) v;
            case F16 -> halfToDouble(doubleToHalf(v));
            case BF16 -> bf16ToDouble(doubleToBf16(v));
        };
    }

    /** The raw bits of {@code v} in the given type, right-aligned in a long. */
    public static long toBits(FloatType type, double v) {
        return switch (type.kind()) {
            case F64 -> Double.doubleToRawLongBits(v);
            case F32 -> Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
            case F16 -> doubleToHalf(v) & 0xFFFFL;
            case BF16 -> doubleToBf16(v) & 0xFFFFL;
        };
    }

    /** The value of raw bits in the given type. */
    public static double fromBits(FloatType type, long bits) {
        return switch (type.kind()) {
            case F64 -> Double.longBitsToDouble(bits);
            case F32 -> Float.intBitsToFloat((int) bits);
            case F16 -> halfToDouble((short) bits);
            case BF16 -> bf16ToDouble((short) bits);
        };
    }

    /** IEEE binary16 bits of a double (round to nearest even). */
    public static short doubleToHalf(double d) {
        // Going through float first is exact for every value a half can round to, except for
        // double rounding on ties; handle that by rounding from the double's bits directly.
        long bits = Double.doubleToRawLongBits(d);
        int sign = (int) (bits >>> 63) << 15;
        int exp = (int) ((bits >>> 52) & 0x7FF);
        long mant = bits & 0xFFFFFFFFFFFFFL;
        if (exp == 0x7FF) {
            return (short) (sign | 0x7C00 | (mant != 0 ? 0x200 | (int) (mant >>> 42) : 0));
        }
        int e = exp - 1023 + 15;
        if (e >= 0x1F) {
            return (short) (sign | 0x7C00);
        }
        long full = mant | (exp != 0 ? 1L << 52 : 0);
        int shift;
        if (e <= 0) {
            shift = 42 + 1 - e;
            if (shift > 63) {
                return (short) sign;
            }
            e = 0;
        } else {
            shift = 42;
            full &= 0xFFFFFFFFFFFFFL;
        }
        long m = full >>> shift;
        long rem = full & ((1L << shift) - 1);
        long half = 1L << (shift - 1);
        if (rem > half || (rem == half && (m & 1) == 1)) {
            m++;
        }
        int r = (e << 10) + (int) m;
        return (short) (sign | r);
    }

    /** The value of IEEE binary16 bits. */
    public static double halfToDouble(short h) {
        int bits = h & 0xFFFF;
        int sign = bits >>> 15;
        int exp = (bits >>> 10) & 0x1F;
        int mant = bits & 0x3FF;
        double v;
        if (exp == 0) {
            v = mant * Math.pow(2, -24);
        } else if (exp == 0x1F) {
            v = mant == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else {
            v = (1 + mant / 1024.0) * Math.pow(2, exp - 15);
        }
        return sign == 1 ? -v : v;
    }

    /** bfloat16 bits of a double (round to nearest even through f32). */
    public static short doubleToBf16(double d) {
        float f = (float) d;
        int bits = Float.floatToRawIntBits(f);
        if (Float.isNaN(f)) {
            return (short) ((bits >>> 16) | 0x40);
        }
        int lsb = (bits >>> 16) & 1;
        return (short) ((bits + 0x7FFF + lsb) >>> 16);
    }

    /** The value of bfloat16 bits. */
    public static double bf16ToDouble(short b) {
        return Float.intBitsToFloat((b & 0xFFFF) << 16);
    }
}
