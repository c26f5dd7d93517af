package org.hipep.dialects.onnx.load;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;

/**
 * Packs the typed repeated fields of a {@code TensorProto} ({@code float_data},
 * {@code int32_data}, {@code int64_data}, {@code double_data}, {@code uint64_data}) into the
 * little-endian layout of {@code raw_data}.
 */
final class TypedFields {

    private TypedFields() {
    }

    /**
     * The elements of {@code tensor}'s typed field for {@code dtype}, packed.
     *
     * @param count the element count from the dims
     * @param bytes the packed size from the dims
     * @param need the message prefix for a count mismatch, ending in "need "
     */
    static ByteBuffer pack(TensorProto tensor, OnnxDataType dtype, long count, long bytes, String need) {
        ByteBuffer out;
        switch (dtype) {
            case FLOAT, COMPLEX64 -> {
                long values = dtype == OnnxDataType.COMPLEX64 ? 2 * count : count;
                check("float_data", tensor.getFloatDataCount(), values, need);
                out = allocate(bytes);
                for (int i = 0; i < tensor.getFloatDataCount(); i++) {
                    out.putFloat(tensor.getFloatData(i));
                }
            }
            case DOUBLE, COMPLEX128 -> {
                long values = dtype == OnnxDataType.COMPLEX128 ? 2 * count : count;
                check("double_data", tensor.getDoubleDataCount(), values, need);
                out = allocate(bytes);
                for (int i = 0; i < tensor.getDoubleDataCount(); i++) {
                    out.putDouble(tensor.getDoubleData(i));
                }
            }
            case INT64 -> {
                check("int64_data", tensor.getInt64DataCount(), count, need);
                out = allocate(bytes);
                for (int i = 0; i < tensor.getInt64DataCount(); i++) {
                    out.putLong(tensor.getInt64Data(i));
                }
            }
            case UINT32, UINT64 -> {
                check("uint64_data", tensor.getUint64DataCount(), count, need);
                out = allocate(bytes);
                for (int i = 0; i < tensor.getUint64DataCount(); i++) {
                    long v = tensor.getUint64Data(i);
                    if (dtype == OnnxDataType.UINT32) {
                        out.putInt((int) v);
                    } else {
                        out.putLong(v);
                    }
                }
            }
            case STRING -> throw new IllegalArgumentException("string tensors have no packed form");
            default -> out = int32Field(tensor, dtype, count, bytes, need);
        }
        return out.flip();
    }

    /** INT32 and every narrower type: one int32_data entry per element, or per packed byte. */
    private static ByteBuffer int32Field(TensorProto tensor, OnnxDataType dtype, long count, long bytes, String need) {
        int n = tensor.getInt32DataCount();
        check("int32_data", n, dtype.isSubByte() ? bytes : count, need);
        ByteBuffer out = allocate(bytes);
        int width = dtype.isSubByte() ? 1 : dtype.byteWidth();
        for (int i = 0; i < n; i++) {
            int v = tensor.getInt32Data(i);
            switch (width) {
                case 1 -> out.put((byte) v);
                case 2 -> out.putShort((short) v);
                default -> out.putInt(v);
            }
        }
        return out;
    }

    private static void check(String field, int have, long want, String need) {
        if (have != want) {
            throw new OnnxLoadException(need + want + " values in " + field + ", which holds " + have);
        }
    }

    private static ByteBuffer allocate(long bytes) {
        // The count check above bounds bytes by the message size, so it fits an int.
        return ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN);
    }
}
