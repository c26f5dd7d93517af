package org.hipep.runtime.session;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A dense row-major tensor in native memory: element type, shape and a direct {@link ByteBuffer}
 * in native byte order. Inputs are made from Java arrays (copied once into native memory) or from
 * direct buffers (used as they are, no copy); outputs of {@link HipSession#run} wrap the memory the
 * runtime wrote them to, without a copy, and free it on {@link #close()}.
 *
 * <p>Modelled on ONNX Runtime's {@code OnnxTensor}: {@code FLOAT16} and {@code BFLOAT16} are held as
 * their 16-bit patterns and read as {@code float}s by {@link #toFloatArray()}; {@code BOOL} holds one
 * byte per element (0 or 1).
 */
public final class Tensor implements AutoCloseable {
    private final ElementType type;
    private final long[] shape;
    /**
     * The data; for an output of a run made on first use ({@link #buffer()}): a run whose outputs
     * are not read then costs no buffer object (as ONNX Runtime's {@code OnnxTensor}, whose buffer
     * is made when asked for).
     */
    private volatile ByteBuffer data;
    /** The first byte's address: given for runtime memory, else found on first use; -1 until then. */
    private volatile long address;
    private final Runnable release;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Tensor(ElementType type, long[] shape, ByteBuffer data, long address, Runnable release) {
        this.type = type;
        this.shape = shape;
        this.data = data;
        this.address = address;
        this.release = release;
    }

    private Tensor(ElementType type, long[] shape, ByteBuffer data, Runnable release) {
        this(type, shape, data, -1, release);
    }

    // ---------------------------------------------------------------- factories

    /** A tensor of {@code type} and {@code shape} in new native memory, zero-filled. */
    public static Tensor allocate(ElementType type, long... shape) {
        long bytes = byteSize(type, shape);
        ByteBuffer b = ByteBuffer.allocateDirect(Math.toIntExact(Math.max(bytes, 1))).order(ByteOrder.nativeOrder());
        b.limit(Math.toIntExact(bytes));
        return new Tensor(type, shape.clone(), b, null);
    }

    /**
     * The tensor over {@code buffer}'s remaining bytes: a direct buffer is used without a copy (keep
     * it unchanged while a run reads it); a heap buffer is copied.
     */
    public static Tensor fromBuffer(ByteBuffer buffer, ElementType type, long... shape) {
        long bytes = byteSize(type, shape);
        if (buffer.remaining() != bytes) {
            throw new IllegalArgumentException("a " + type + " tensor of shape " + Arrays.toString(shape) + " needs "
                    + bytes + " bytes, the buffer has " + buffer.remaining());
        }
        if (buffer.isDirect()) {
            return new Tensor(type, shape.clone(), buffer.slice().order(ByteOrder.nativeOrder()), null);
        }
        Tensor t = allocate(type, shape);
        t.data.duplicate().put(buffer.duplicate());
        return t;
    }

    public static Tensor fromArray(float[] values, long... shape) {
        Tensor t = allocate(ElementType.FLOAT, checkCount(values.length, shape));
        t.data.duplicate().order(ByteOrder.nativeOrder()).asFloatBuffer().put(values);
        return t;
    }

    public static Tensor fromArray(double[] values, long... shape) {
        Tensor t = allocate(ElementType.DOUBLE, checkCount(values.length, shape));
        t.data.duplicate().order(ByteOrder.nativeOrder()).asDoubleBuffer().put(values);
        return t;
    }

    public static Tensor fromArray(long[] values, long... shape) {
        Tensor t = allocate(ElementType.INT64, checkCount(values.length, shape));
        t.data.duplicate().order(ByteOrder.nativeOrder()).asLongBuffer().put(values);
        return t;
    }

    public static Tensor fromArray(int[] values, long... shape) {
        Tensor t = allocate(ElementType.INT32, checkCount(values.length, shape));
        t.data.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer().put(values);
        return t;
    }

    public static Tensor fromArray(short[] values, long... shape) {
        Tensor t = allocate(ElementType.INT16, checkCount(values.length, shape));
        t.data.duplicate().order(ByteOrder.nativeOrder()).asShortBuffer().put(values);
        return t;
    }

    /** {@code INT8} data; use {@link #fromBuffer} for {@code UINT8}. */
    public static Tensor fromArray(byte[] values, long... shape) {
        Tensor t = allocate(ElementType.INT8, checkCount(values.length, shape));
        t.data.duplicate().put(values);
        return t;
    }

    public static Tensor fromArray(boolean[] values, long... shape) {
        Tensor t = allocate(ElementType.BOOL, checkCount(values.length, shape));
        ByteBuffer b = t.data.duplicate();
        for (boolean v : values) {
            b.put((byte) (v ? 1 : 0));
        }
        return t;
    }

    /** {@code values} converted to {@code FLOAT16} or {@code BFLOAT16} (round to nearest even). */
    public static Tensor fromFloats(ElementType halfType, float[] values, long... shape) {
        if (halfType != ElementType.FLOAT16 && halfType != ElementType.BFLOAT16) {
            throw new IllegalArgumentException("fromFloats makes FLOAT16 or BFLOAT16 tensors, not " + halfType);
        }
        Tensor t = allocate(halfType, checkCount(values.length, shape));
        var b = t.data.duplicate().order(ByteOrder.nativeOrder()).asShortBuffer();
        for (float v : values) {
            b.put(halfType == ElementType.FLOAT16 ? HalfFloats.toHalf(v) : HalfFloats.toBfloat16(v));
        }
        return t;
    }

    /**
     * Wraps native memory the runtime allocated (taking {@code shape}, which the caller no longer
     * uses); {@code release} frees it once, on close. The buffer over it is made on first use.
     */
    static Tensor wrapNative(ElementType type, long[] shape, long address, Runnable release) {
        byteSize(type, shape); // checks the shape
        return new Tensor(type, shape, null, address, release);
    }

    // ---------------------------------------------------------------- accessors

    public ElementType type() {
        return type;
    }

    /** A copy of the shape. */
    public long[] shape() {
        return shape.clone();
    }

    public long elementCount() {
        return elementCount(shape);
    }

    /** The data: a read-write view in native byte order, position 0, limit the byte size. */
    public ByteBuffer buffer() {
        checkOpen();
        return data().duplicate().order(ByteOrder.nativeOrder());
    }

    private ByteBuffer data() {
        ByteBuffer b = data;
        if (b == null) {
            long bytes = byteSize(type, shape);
            b = bytes == 0 ? ByteBuffer.allocateDirect(0) : NativeMemory.wrap(address, bytes);
            b.order(ByteOrder.nativeOrder());
            data = b;
        }
        return b;
    }

    /** The address of the first byte (for the runtime's ABI), found once. */
    long address() {
        checkOpen();
        long a = address;
        if (a == -1) {
            a = NativeMemory.address(data);
            address = a;
        }
        return a;
    }

    /** The shape itself, not a copy: for the session's checks, which do not change it. */
    long[] shapeRef() {
        return shape;
    }

    public float[] toFloatArray() {
        float[] out = new float[Math.toIntExact(elementCount())];
        switch (type) {
            case FLOAT -> buffer().asFloatBuffer().get(out);
            case FLOAT16, BFLOAT16 -> {
                var b = buffer().asShortBuffer();
                for (int i = 0; i < out.length; i++) {
                    short s = b.get(i);
                    out[i] = type == ElementType.FLOAT16 ? HalfFloats.fromHalf(s) : HalfFloats.fromBfloat16(s);
                }
            }
            default -> throw wrongType("toFloatArray", "FLOAT, FLOAT16 or BFLOAT16");
        }
        return out;
    }

    public double[] toDoubleArray() {
        expect(ElementType.DOUBLE, "toDoubleArray");
        double[] out = new double[Math.toIntExact(elementCount())];
        buffer().asDoubleBuffer().get(out);
        return out;
    }

    /** {@code INT64} or {@code UINT64} (as the same bits) data. */
    public long[] toLongArray() {
        if (type != ElementType.INT64 && type != ElementType.UINT64) {
            throw wrongType("toLongArray", "INT64 or UINT64");
        }
        long[] out = new long[Math.toIntExact(elementCount())];
        buffer().asLongBuffer().get(out);
        return out;
    }

    /** {@code INT32} or {@code UINT32} (as the same bits) data. */
    public int[] toIntArray() {
        if (type != ElementType.INT32 && type != ElementType.UINT32) {
            throw wrongType("toIntArray", "INT32 or UINT32");
        }
        int[] out = new int[Math.toIntExact(elementCount())];
        buffer().asIntBuffer().get(out);
        return out;
    }

    /** {@code INT16} or {@code UINT16} (as the same bits) data. */
    public short[] toShortArray() {
        if (type != ElementType.INT16 && type != ElementType.UINT16) {
            throw wrongType("toShortArray", "INT16 or UINT16");
        }
        short[] out = new short[Math.toIntExact(elementCount())];
        buffer().asShortBuffer().get(out);
        return out;
    }

    /** {@code INT8}, {@code UINT8} or {@code BOOL} data as bytes. */
    public byte[] toByteArray() {
        if (type != ElementType.INT8 && type != ElementType.UINT8 && type != ElementType.BOOL) {
            throw wrongType("toByteArray", "INT8, UINT8 or BOOL");
        }
        byte[] out = new byte[Math.toIntExact(elementCount())];
        buffer().get(out);
        return out;
    }

    public boolean[] toBooleanArray() {
        expect(ElementType.BOOL, "toBooleanArray");
        byte[] bytes = toByteArray();
        boolean[] out = new boolean[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[i] != 0;
        }
        return out;
    }

    /**
     * Element {@code i} (row-major) as a {@code double}, whatever the type: integers exactly up to
     * 2^53, unsigned types as unsigned, booleans as 0 or 1.
     */
    public double getAsDouble(long i) {
        ByteBuffer b = buffer();
        int at = Math.toIntExact(i * type.byteSize());
        return switch (type) {
            case FLOAT -> b.getFloat(at);
            case DOUBLE -> b.getDouble(at);
            case FLOAT16 -> HalfFloats.fromHalf(b.getShort(at));
            case BFLOAT16 -> HalfFloats.fromBfloat16(b.getShort(at));
            case INT8 -> b.get(at);
            case UINT8, BOOL -> Byte.toUnsignedInt(b.get(at));
            case INT16 -> b.getShort(at);
            case UINT16 -> Short.toUnsignedInt(b.getShort(at));
            case INT32 -> b.getInt(at);
            case UINT32 -> Integer.toUnsignedLong(b.getInt(at));
            case INT64 -> b.getLong(at);
            case UINT64 -> {
                long v = b.getLong(at);
                yield v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
            }
        };
    }

    /** Frees runtime-owned memory (once); the tensor cannot be read afterwards. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && release != null) {
            release.run();
        }
    }

    @Override
    public String toString() {
        return "Tensor(" + type + Arrays.toString(shape) + ")";
    }

    // ---------------------------------------------------------------- helpers

    static long elementCount(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            }
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    private static long byteSize(ElementType type, long[] shape) {
        Objects.requireNonNull(type, "type");
        return Math.multiplyExact(elementCount(shape), type.byteSize());
    }

    private static long[] checkCount(int count, long[] shape) {
        if (elementCount(shape) != count) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " holds " + elementCount(shape)
                    + " elements, the array has " + count);
        }
        return shape;
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("the tensor is closed");
        }
    }

    private void expect(ElementType t, String method) {
        if (type != t) {
            throw wrongType(method, t.name());
        }
    }

    private IllegalStateException wrongType(String method, String expected) {
        return new IllegalStateException(method + " reads " + expected + " data; this tensor is " + type);
    }
}
