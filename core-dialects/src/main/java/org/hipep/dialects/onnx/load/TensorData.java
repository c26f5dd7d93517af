package org.hipep.dialects.onnx.load;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A decoded ONNX tensor: name, element type, dimensions and the elements packed little-endian.
 *
 * <p>{@link #data()} holds the elements row-major in the width of {@link #dtype()} (see
 * {@link OnnxDataType}); for tensors stored in {@code raw_data} it is a view of the parsed
 * message and for external data a read-only memory mapping, so nothing is copied. For
 * {@link OnnxDataType#STRING} tensors the data buffer is empty and {@link #strings()} holds one
 * byte array per element; for other types {@link #strings()} is empty.
 *
 * @param name the tensor's name (may be empty)
 * @param dtype the element type
 * @param dims the dimensions; empty for a scalar
 * @param data the packed elements: the remaining bytes of the buffer given (kept read-only,
 *     little-endian)
 * @param strings the elements of a string tensor
 */
public record TensorData(String name, OnnxDataType dtype, long[] dims, ByteBuffer data, List<byte[]> strings) {

    /** Copies the dimensions and makes the buffer a read-only little-endian view. */
    public TensorData {
        dims = dims.clone();
        data = data.slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        strings = List.copyOf(strings);
    }

    /** The dimensions (a copy). */
    @Override
    public long[] dims() {
        return dims.clone();
    }

    /** A fresh read-only little-endian view of the elements, positioned at 0. */
    @Override
    public ByteBuffer data() {
        return data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The number of elements: the product of the dimensions (1 for a scalar). */
    public long elementCount() {
        long n = 1;
        for (long d : dims) {
            n *= d;
        }
        return n;
    }

    /** The rank: the number of dimensions. */
    public int rank() {
        return dims.length;
    }

    /** Whether both tensors have the same name, type, dimensions and elements. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TensorData other)) {
            return false;
        }
        if (!name.equals(other.name) || dtype != other.dtype || !Arrays.equals(dims, other.dims)
                || !data.equals(other.data) || strings.size() != other.strings.size()) {
            return false;
        }
        for (int i = 0; i < strings.size(); i++) {
            if (!Arrays.equals(strings.get(i), other.strings.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** A hash of name, type and dimensions. */
    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + dtype.hashCode()) + Arrays.hashCode(dims);
    }

    /** Name, type and shape, e.g. {@code w: float32[64, 3, 7, 7]}. */
    @Override
    public String toString() {
        return name + ": " + dtype.displayName() + Arrays.toString(dims);
    }
}
