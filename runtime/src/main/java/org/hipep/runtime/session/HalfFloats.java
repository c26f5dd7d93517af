package org.hipep.runtime.session;

/** IEEE binary16 and bfloat16 bit patterns to and from {@code float} (round to nearest even). */
final class HalfFloats {
    private HalfFloats() {
    }

    static float fromHalf(short h) {
        int bits = h & 0xffff;
        int sign = (bits & 0x8000) << 16;
        int exp = (bits >> 10) & 0x1f;
        int mant = bits & 0x3ff;
        if (exp == 0) {
            float v = mant * 0x1p-24f; // subnormal (or zero)
            return sign != 0 ? -v : v;
        }
        if (exp == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13));
        }
        return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
    }

    static short toHalf(float f) {
        int x = Float.floatToRawIntBits(f);
        int sign = (x >>> 16) & 0x8000;
        int abs = x & 0x7fffffff;
        if (abs >= 0x7f800000) {
            return (short) (sign | (abs > 0x7f800000 ? 0x7e00 : 0x7c00));
        }
        if (abs >= 0x477ff000) {
            return (short) (sign | 0x7c00);
        }
        if (abs < 0x38800000) {
            // subnormal in binary16: the value in units of 2^-24, rounded to nearest even
            float scaled = Float.intBitsToFloat(abs) * 0x1p24f;
            return (short) (sign | (int) Math.rint(scaled));
        }
        int q = (abs >> 13) - (112 << 10);
        int rem = abs & 0x1fff;
        if (rem > 0x1000 || (rem == 0x1000 && (q & 1) != 0)) {
            q++;
        }
        return (short) (sign | q);
    }

    static float fromBfloat16(short b) {
        return Float.intBitsToFloat((b & 0xffff) << 16);
    }

    static short toBfloat16(float f) {
        int x = Float.floatToRawIntBits(f);
        if ((x & 0x7fffffff) > 0x7f800000) {
            return (short) ((x >>> 16) | 0x40);
        }
        x += 0x7fff + ((x >>> 16) & 1);
        return (short) (x >>> 16);
    }
}
