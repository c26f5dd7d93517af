package org.hipep.ir.builtin;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;

/**
 * A constant tensor: {@code dense<[1.0, 2.0]> : tensor<2xf32>}, its splat form
 * {@code dense<0.0> : tensor<1000xf32>} and its hex form {@code dense<"0x0000803F..."> }.
 *
 * <p>Storage is one little-endian buffer of packed elements (one element when the attribute is a
 * splat), never a Java object per element: a 100 MB weight costs 100 MB. Integer elements take
 * {@code ceil(width / 8)} bytes (i1: one byte, 0 or 1), index 8 bytes, floats their width. The
 * buffer may be a memory-mapped file region. A buffer whose elements are all equal is stored as a
 * splat, so equal values compare equal whatever form they were written in.
 */
public final class DenseElementsAttr implements TypedAttribute {
    private final ShapedType type;
    private final ByteBuffer data;
    private final boolean splat;
    /** The type's element count, kept: every element read checks its index against it. */
    private final long numElements;
    private int hash;

    private DenseElementsAttr(ShapedType type, ByteBuffer data, boolean splat) {
        this.type = type;
        this.data = data.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        this.splat = splat;
        this.numElements = type.numElements();
    }

    /**
     * An attribute over a raw buffer of packed little-endian elements: either one element
     * (a splat) or exactly one per element of the type. The buffer is used from its position
     * to its limit and must not change afterwards.
     *
     * @throws IllegalArgumentException when the size fits neither form or the type is not a
     *     static shape of a supported element type
     */
    public static DenseElementsAttr fromRaw(ShapedType type, ByteBuffer raw) {
        int width = elementBytes(checkType(type).elementType());
        long n = type.numElements();
        long size = raw.remaining();
        if (size == width && n != 1) {
            return new DenseElementsAttr(type, raw.slice(), true);
        }
        if (size != n * width) {
            throw new IllegalArgumentException("raw data of " + size + " bytes does not fit " + n
                    + " elements of " + width + " bytes (" + type.elementType() + ") nor one splat element");
        }
        ByteBuffer slice = raw.slice();
        if (n > 1 && allEqual(slice, width)) {
            return new DenseElementsAttr(type, slice.slice(0, width), true);
        }
        return new DenseElementsAttr(type, slice, n == 1);
    }

    /** An attribute over a copy of {@code raw}. */
    public static DenseElementsAttr fromRaw(ShapedType type, byte[] raw) {
        return fromRaw(type, ByteBuffer.wrap(raw.clone()));
    }

    /** A splat of one value (an integer, float or bool attribute of the element type). */
    public static DenseElementsAttr splat(ShapedType type, Attribute value) {
        int width = elementBytes(checkType(type).elementType());
        ByteBuffer b = ByteBuffer.allocate(width).order(ByteOrder.LITTLE_ENDIAN);
        putElement(b, type.elementType(), value);
        b.flip();
        return new DenseElementsAttr(type, b, true);
    }

    /** Float elements (the element type must be a float type). */
    public static DenseElementsAttr ofDoubles(ShapedType type, double... values) {
        int width = elementBytes(checkType(type).elementType());
        if (!(type.elementType() instanceof FloatType ft)) {
            throw new IllegalArgumentException("float values for element type " + type.elementType());
        }
        ByteBuffer b = ByteBuffer.allocate(width * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            putBits(b, width, FloatBits.toBits(ft, v));
        }
        b.flip();
        return fromRaw(type, b);
    }

    /** Integer or index elements (wrapped to the element width). */
    public static DenseElementsAttr ofLongs(ShapedType type, long... values) {
        int width = elementBytes(checkType(type).elementType());
        if (!(type.elementType() instanceof IntegerType) && !(type.elementType() instanceof IndexType)) {
            throw new IllegalArgumentException("integer values for element type " + type.elementType());
        }
        ByteBuffer b = ByteBuffer.allocate(width * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            putBits(b, width, v);
        }
        b.flip();
        return fromRaw(type, b);
    }

    @Override
    public ShapedType type() {
        return type;
    }

    /** The element type. */
    public Type elementType() {
        return type.elementType();
    }

    /** Whether all elements are one stored value. */
    public boolean isSplat() {
        return splat;
    }

    /** The number of elements of the type. */
    public long numElements() {
        return numElements;
    }

    /** Bytes per element in the raw buffer. */
    public int elementByteWidth() {
        return elementBytes(type.elementType());
    }

    /** A read-only little-endian view of the stored bytes (one element when splat). */
    public ByteBuffer rawData() {
        return data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The raw bits of element {@code i}, zero-extended into a long. */
    public long rawBits(long i) {
        int width = elementByteWidth();
        long index = splat ? 0 : i;
        if (i < 0 || i >= numElements()) {
            throw new IndexOutOfBoundsException("element " + i + " of " + numElements());
        }
        if (width > 8) {
            throw new UnsupportedOperationException("elements wider than 64 bits: " + type.elementType());
        }
        long bits = 0;
        int base = Math.toIntExact(index * width);
        for (int k = 0; k < width; k++) {
            bits |= (data.get(base + k) & 0xFFL) << (8 * k);
        }
        return bits;
    }

    /** Element {@code i} of an integer or index attribute, sign-extended unless unsigned. */
    public long getLong(long i) {
        long bits = rawBits(i);
        Type et = type.elementType();
        int w = et instanceof IntegerType it ? it.width() : 64;
        boolean unsigned = et instanceof IntegerType it && it.signedness() == IntegerType.Signedness.UNSIGNED;
        if (w < 64 && !unsigned) {
            bits = (bits << (64 - w)) >> (64 - w);
        }
        return bits;
    }

    /** Element {@code i} of a float attribute. */
    public double getDouble(long i) {
        if (!(type.elementType() instanceof FloatType ft)) {
            throw new IllegalStateException("float element of " + type);
        }
        return FloatBits.fromBits(ft, rawBits(i));
    }

    /** Element {@code i} as an attribute of the element type. */
    public Attribute getElement(long i) {
        Type et = type.elementType();
        if (et instanceof FloatType ft) {
            return new FloatAttr(ft, getDouble(i));
        }
        if (et instanceof IntegerType it && it.width() == 1) {
            return BoolAttr.of(rawBits(i) != 0);
        }
        if (et instanceof IntegerType it && it.signedness() == IntegerType.Signedness.UNSIGNED && it.width() == 64) {
            return new IntegerAttr(et, new BigInteger(Long.toUnsignedString(rawBits(i))));
        }
        return new IntegerAttr(et, BigInteger.valueOf(getLong(i)));
    }

    /** Bytes per stored element of an element type. */
    public static int elementBytes(Type elementType) {
        if (elementType instanceof IntegerType it) {
            return (it.width() + 7) / 8;
        }
        if (elementType instanceof IndexType) {
            return 8;
        }
        if (elementType instanceof FloatType ft) {
            return ft.width() / 8;
        }
        throw new IllegalArgumentException("unsupported dense element type " + elementType);
    }

    private static ShapedType checkType(ShapedType type) {
        if (!type.hasStaticShape()) {
            throw new IllegalArgumentException("dense elements need a static shape, got " + type);
        }
        elementBytes(type.elementType());
        return type;
    }

    private static void putElement(ByteBuffer b, Type et, Attribute value) {
        int width = elementBytes(et);
        if (et instanceof FloatType ft && value instanceof FloatAttr f) {
            putBits(b, width, FloatBits.toBits(ft, f.value()));
        } else if (value instanceof BoolAttr bool && et instanceof IntegerType it && it.width() == 1) {
            b.put((byte) (bool.value() ? 1 : 0));
        } else if (value instanceof IntegerAttr ia && (et instanceof IntegerType || et instanceof IndexType)) {
            putBits(b, width, ia.value().longValue());
        } else {
            throw new IllegalArgumentException("value " + value + " does not fit element type " + et);
        }
    }

    private static void putBits(ByteBuffer b, int width, long bits) {
        for (int k = 0; k < width; k++) {
            b.put((byte) (bits >>> (8 * k)));
        }
    }

    private static boolean allEqual(ByteBuffer b, int width) {
        int n = b.remaining();
        for (int i = width; i < n; i++) {
            if (b.get(i) != b.get(i % width)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DenseElementsAttr d && d.splat == splat && d.type.equals(type) && d.data.equals(data);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = type.hashCode() * 31 + data.hashCode();
            hash = h == 0 ? 1 : h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "DenseElementsAttr(" + type + (splat ? ", splat" : "") + ", " + data.remaining() + " bytes)";
    }
}
