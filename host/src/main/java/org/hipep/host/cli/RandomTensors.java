package org.hipep.host.cli;

import java.nio.ByteBuffer;
import java.util.Random;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.Tensor;

/** Random input tensors for the tools: floats in [-1, 1), integers in [0, 4), booleans. */
final class RandomTensors {
    private RandomTensors() {
    }

    static Tensor of(ElementType type, long[] shape, Random rnd) {
        Tensor t = Tensor.allocate(type, shape);
        ByteBuffer b = t.buffer();
        long n = t.elementCount();
        for (long i = 0; i < n; i++) {
            int at = Math.toIntExact(i * type.byteSize());
            switch (type) {
                case FLOAT -> b.putFloat(at, rnd.nextFloat() * 2 - 1);
                case DOUBLE -> b.putDouble(at, rnd.nextDouble() * 2 - 1);
                case FLOAT16, BFLOAT16 -> {
                    // Small exact values: k/8 for k in [-8, 8) have the same bits' meaning in both formats' float.
                    float v = (rnd.nextInt(16) - 8) / 8f;
                    int bits = Float.floatToRawIntBits(v);
                    short s = type == ElementType.BFLOAT16 ? (short) (bits >>> 16) : halfOfSmall(v);
                    b.putShort(at, s);
                }
                case BOOL -> b.put(at, (byte) rnd.nextInt(2));
                case INT8, UINT8 -> b.put(at, (byte) rnd.nextInt(4));
                case INT16, UINT16 -> b.putShort(at, (short) rnd.nextInt(4));
                case INT32, UINT32 -> b.putInt(at, rnd.nextInt(4));
                case INT64, UINT64 -> b.putLong(at, rnd.nextInt(4));
            }
        }
        return t;
    }

    /** binary16 bits of k/8 for k in [-8, 8). */
    private static short halfOfSmall(float v) {
        if (v == 0) {
            return 0;
        }
        int sign = v < 0 ? 0x8000 : 0;
        float a = Math.abs(v);
        int exp = Math.getExponent(a);
        int mant = Math.round((a / (float) Math.pow(2, exp) - 1) * 1024);
        return (short) (sign | ((exp + 15) << 10) | mant);
    }
}
