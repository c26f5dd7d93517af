package org.hipep.dialects.onnx.load;

/**
 * The element types of ONNX tensors ({@code TensorProto.DataType}), with their ONNX number and
 * storage width.
 *
 * <p>Widths are those of the little-endian packed form used by {@code raw_data}, external data
 * and {@link TensorData#data()}: bool is one byte, float16 and bfloat16 are two bytes as stored,
 * complex types hold the real and imaginary parts side by side, and the sub-byte kinds (4-bit and
 * 2-bit) are packed into bytes, low bits first, the last byte padded.
 */
public enum OnnxDataType {
    /** 32-bit IEEE float. */
    FLOAT(1, 32, "float32"),
    /** Unsigned 8-bit integer. */
    UINT8(2, 8, "uint8"),
    /** Signed 8-bit integer. */
    INT8(3, 8, "int8"),
    /** Unsigned 16-bit integer. */
    UINT16(4, 16, "uint16"),
    /** Signed 16-bit integer. */
    INT16(5, 16, "int16"),
    /** Signed 32-bit integer. */
    INT32(6, 32, "int32"),
    /** Signed 64-bit integer. */
    INT64(7, 64, "int64"),
    /** Byte strings (UTF-8 by convention); no fixed width. */
    STRING(8, 0, "string"),
    /** Boolean, one byte per element (0 or 1). */
    BOOL(9, 8, "bool"),
    /** IEEE half precision. */
    FLOAT16(10, 16, "float16"),
    /** 64-bit IEEE float. */
    DOUBLE(11, 64, "float64"),
    /** Unsigned 32-bit integer. */
    UINT32(12, 32, "uint32"),
    /** Unsigned 64-bit integer. */
    UINT64(13, 64, "uint64"),
    /** Complex number of two 32-bit floats. */
    COMPLEX64(14, 64, "complex64"),
    /** Complex number of two 64-bit floats. */
    COMPLEX128(15, 128, "complex128"),
    /** Brain float: the upper half of a float32. */
    BFLOAT16(16, 16, "bfloat16"),
    /** 8-bit float, 4 exponent and 3 mantissa bits, finite only. */
    FLOAT8E4M3FN(17, 8, "float8e4m3fn"),
    /** 8-bit float, 4 exponent and 3 mantissa bits, finite only, no negative zero. */
    FLOAT8E4M3FNUZ(18, 8, "float8e4m3fnuz"),
    /** 8-bit float, 5 exponent and 2 mantissa bits. */
    FLOAT8E5M2(19, 8, "float8e5m2"),
    /** 8-bit float, 5 exponent and 2 mantissa bits, finite only, no negative zero. */
    FLOAT8E5M2FNUZ(20, 8, "float8e5m2fnuz"),
    /** Unsigned 4-bit integer, two per byte. */
    UINT4(21, 4, "uint4"),
    /** Signed 4-bit integer, two per byte. */
    INT4(22, 4, "int4"),
    /** 4-bit float (1 sign, 2 exponent, 1 mantissa bit), two per byte. */
    FLOAT4E2M1(23, 4, "float4e2m1"),
    /** 8-bit exponent-only float (a power-of-two scale). */
    FLOAT8E8M0(24, 8, "float8e8m0"),
    /** Unsigned 2-bit integer, four per byte. */
    UINT2(25, 2, "uint2"),
    /** Signed 2-bit integer, four per byte. */
    INT2(26, 2, "int2");

    private static final OnnxDataType[] BY_NUMBER = new OnnxDataType[27];

    static {
        for (OnnxDataType t : values()) {
            BY_NUMBER[t.number] = t;
        }
    }

    private final int number;
    private final int bitWidth;
    private final String displayName;

    OnnxDataType(int number, int bitWidth, String displayName) {
        this.number = number;
        this.bitWidth = bitWidth;
        this.displayName = displayName;
    }

    /**
     * The type with the given ONNX {@code TensorProto.DataType} number.
     *
     * @throws OnnxLoadException "unknown data type N" for 0 (UNDEFINED) and unknown numbers
     */
    public static OnnxDataType fromNumber(int number) {
        if (number <= 0 || number >= BY_NUMBER.length || BY_NUMBER[number] == null) {
            throw new OnnxLoadException("unknown data type " + number);
        }
        return BY_NUMBER[number];
    }

    /** The ONNX {@code TensorProto.DataType} number. */
    public int number() {
        return number;
    }

    /** Bits per element in packed storage; 0 for {@link #STRING}. */
    public int bitWidth() {
        return bitWidth;
    }

    /**
     * Bytes per element; 0 for {@link #STRING} and for the sub-byte kinds (4-bit and 2-bit),
     * whose sizes come from {@link #byteSize(long)}.
     */
    public int byteWidth() {
        return bitWidth % 8 == 0 ? bitWidth / 8 : 0;
    }

    /** Whether several elements share one byte (the 4-bit and 2-bit kinds). */
    public boolean isSubByte() {
        return bitWidth > 0 && bitWidth < 8;
    }

    /**
     * The packed storage size of {@code elements} elements in bytes (rounded up for sub-byte
     * kinds); 0 for {@link #STRING}.
     *
     * @throws ArithmeticException when the size overflows a long
     */
    public long byteSize(long elements) {
        if (elements < 0) {
            throw new IllegalArgumentException("negative element count " + elements);
        }
        if (bitWidth % 8 == 0) {
            return Math.multiplyExact(elements, (long) bitWidth / 8);
        }
        long perByte = 8 / bitWidth;
        return elements / perByte + (elements % perByte == 0 ? 0 : 1);
    }

    /** The lower-case name used in messages and IR, e.g. {@code float32} or {@code bfloat16}. */
    public String displayName() {
        return displayName;
    }
}
