package org.hipep.runtime.session;

import java.util.Locale;

/**
 * The element types a {@link Tensor} can hold, with their ONNX {@code TensorProto.DataType} number,
 * the MLIR spelling the compiler uses in metadata and kernel symbols, and the byte size of one
 * element in memory (booleans take one byte; {@code FLOAT16} and {@code BFLOAT16} two, as bit
 * patterns).
 */
public enum ElementType {
    FLOAT(1, "f32", 4),
    UINT8(2, "ui8", 1),
    INT8(3, "i8", 1),
    UINT16(4, "ui16", 2),
    INT16(5, "i16", 2),
    INT32(6, "i32", 4),
    INT64(7, "i64", 8),
    BOOL(9, "i1", 1),
    FLOAT16(10, "f16", 2),
    DOUBLE(11, "f64", 8),
    UINT32(12, "ui32", 4),
    UINT64(13, "ui64", 8),
    BFLOAT16(16, "bf16", 2);

    private final int onnx;
    private final String mlir;
    private final int size;

    ElementType(int onnx, String mlir, int size) {
        this.onnx = onnx;
        this.mlir = mlir;
        this.size = size;
    }

    /** The ONNX {@code TensorProto.DataType} number. */
    public int onnxNumber() {
        return onnx;
    }

    /** The MLIR element type ({@code f32}, {@code i64}, {@code i1}, ...). */
    public String mlirName() {
        return mlir;
    }

    /** Bytes per element in memory. */
    public int byteSize() {
        return size;
    }

    /** The type with ONNX number {@code number}; an unsupported one is an {@link IllegalArgumentException}. */
    public static ElementType fromOnnx(int number) {
        for (ElementType t : values()) {
            if (t.onnx == number) {
                return t;
            }
        }
        throw new IllegalArgumentException("ONNX element type " + number + " is not supported by the CPU runtime");
    }

    /**
     * The type the compiler spells {@code name} ({@code f32}, {@code si64}, {@code ui8}, ...; a
     * signed {@code si<N>} reads as the signless {@code i<N>}).
     */
    public static ElementType fromMlir(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.startsWith("si")) {
            n = n.substring(1);
        }
        for (ElementType t : values()) {
            if (t.mlir.equals(n)) {
                return t;
            }
        }
        throw new IllegalArgumentException("element type '" + name + "' is not supported by the CPU runtime");
    }
}
