package org.hipep.dialects.onnx.load;

import com.google.protobuf.ByteString;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;

/**
 * Decodes ONNX {@code TensorProto} messages into {@link TensorData}.
 *
 * <p>Every storage form of the ONNX IR is read: {@code raw_data} (kept as a view, not copied);
 * the typed fields {@code float_data} (FLOAT, COMPLEX64), {@code int32_data} (INT32, INT16,
 * INT8, UINT16, UINT8, BOOL, FLOAT16 and BFLOAT16 bit patterns, the FLOAT8 kinds, and one
 * packed byte per entry for the 4-bit and 2-bit kinds), {@code int64_data} (INT64),
 * {@code double_data} (DOUBLE, COMPLEX128), {@code uint64_data} (UINT32, UINT64) and
 * {@code string_data} (STRING); and external data ({@code data_location = EXTERNAL}), which is
 * memory-mapped read-only from a file inside the model's folder.
 *
 * <p>The number of elements is the product of the dims; a negative dim, a product that
 * overflows a long, or data whose size does not match is refused naming the tensor.
 */
public final class OnnxTensors {

    private OnnxTensors() {
    }

    /**
     * Decodes one tensor.
     *
     * @param tensor the message
     * @param baseDir the model's folder, against which external data locations resolve; may be
     *     null when the tensor has no external data
     * @param context where the tensor comes from, for messages (e.g. {@code "initializer"} or a
     *     file name); may be null
     * @throws OnnxLoadException when the tensor is invalid
     */
    public static TensorData decode(TensorProto tensor, Path baseDir, String context) {
        String where = (context == null || context.isEmpty() ? "" : context + ": ")
                + "tensor '" + tensor.getName() + "': ";
        OnnxDataType dtype = dataType(tensor, where);
        long[] dims = tensor.getDimsList().stream().mapToLong(Long::longValue).toArray();
        long count = elementCount(dims, where);
        if (tensor.hasSegment()) {
            throw new OnnxLoadException(where + "segmented tensors (TensorProto.segment) are not supported");
        }
        boolean external = tensor.getDataLocation() == TensorProto.DataLocation.EXTERNAL;
        if (dtype == OnnxDataType.STRING) {
            return strings(tensor, dims, count, external, where);
        }
        long bytes;
        try {
            bytes = dtype.byteSize(count);
        } catch (ArithmeticException e) {
            throw new OnnxLoadException(where + count + " elements of " + dtype.displayName()
                    + " overflow a long byte size", e);
        }
        ByteBuffer data;
        if (external) {
            data = ExternalData.map(tensor, baseDir, bytes, where);
        } else if (tensor.hasRawData()) {
            ByteString raw = tensor.getRawData();
            if (raw.size() != bytes) {
                throw new OnnxLoadException(where + "raw_data has " + raw.size() + " bytes but dims "
                        + Arrays.toString(dims) + " of " + dtype.displayName() + " need " + bytes);
            }
            data = raw.asReadOnlyByteBuffer();
        } else {
            data = TypedFields.pack(tensor, dtype, count, bytes, where + "dims " + Arrays.toString(dims) + " of "
                    + dtype.displayName() + " need ");
        }
        return new TensorData(tensor.getName(), dtype, dims, data.order(ByteOrder.LITTLE_ENDIAN), List.of());
    }

    /**
     * Reads a serialized {@code TensorProto} file (such as the {@code input_0.pb} files of the
     * ONNX test data) with the default limits and decodes it; external data resolves against
     * the file's folder.
     *
     * @throws OnnxLoadException when the file cannot be parsed or the tensor is invalid
     */
    public static TensorData read(Path pbFile) {
        return read(pbFile, LoaderLimits.defaults());
    }

    /** {@link #read(Path)} with explicit limits. */
    public static TensorData read(Path pbFile, LoaderLimits limits) {
        TensorProto proto = ProtoFiles.parse(pbFile, limits, TensorProto.parser(), "TensorProto");
        Path dir = pbFile.toAbsolutePath().getParent();
        return decode(proto, dir, pbFile.toString());
    }

    /**
     * Reads a serialized {@code TensorProto} from a stream (all of it) and decodes it.
     *
     * @param name the stream's name for messages
     * @param baseDir the folder for external data; may be null
     */
    public static TensorData read(InputStream stream, String name, Path baseDir, LoaderLimits limits) {
        TensorProto proto = ProtoFiles.parse(stream, name, limits, TensorProto.parser(), "TensorProto");
        return decode(proto, baseDir, name);
    }

    /** The element count of {@code dims}, refusing negative dims and overflow. */
    static long elementCount(long[] dims, String where) {
        long count = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 0) {
                throw new OnnxLoadException(where + "dimension " + i + " is negative in dims " + Arrays.toString(dims));
            }
            try {
                count = Math.multiplyExact(count, dims[i]);
            } catch (ArithmeticException e) {
                throw new OnnxLoadException(where + "the product of dims " + Arrays.toString(dims)
                        + " overflows a long", e);
            }
        }
        return count;
    }

    private static OnnxDataType dataType(TensorProto tensor, String where) {
        try {
            return OnnxDataType.fromNumber(tensor.getDataType());
        } catch (OnnxLoadException e) {
            throw new OnnxLoadException(where + e.detail(), e);
        }
    }

    private static TensorData strings(TensorProto tensor, long[] dims, long count, boolean external, String where) {
        if (external || tensor.hasRawData()) {
            throw new OnnxLoadException(where + "string tensors must use string_data, not "
                    + (external ? "external data" : "raw_data"));
        }
        if (tensor.getStringDataCount() != count) {
            throw new OnnxLoadException(where + "string_data holds " + tensor.getStringDataCount()
                    + " strings but dims " + Arrays.toString(dims) + " need " + count);
        }
        List<byte[]> strings = new ArrayList<>(tensor.getStringDataCount());
        for (ByteString s : tensor.getStringDataList()) {
            strings.add(s.toByteArray());
        }
        return new TensorData(tensor.getName(), OnnxDataType.STRING, dims, ByteBuffer.allocate(0), strings);
    }

    /**
     * Where a tensor's external data is: its {@code location} (relative to the model's folder),
     * offset and length in bytes; empty for a tensor with inline data. Call after {@link #decode}
     * has checked the reference (location inside the folder, range inside the file).
     */
    public static java.util.Optional<ExternalReference> externalReference(TensorProto tensor, long byteSize) {
        if (tensor.getDataLocation() != TensorProto.DataLocation.EXTERNAL) {
            return java.util.Optional.empty();
        }
        ExternalData.Entries e = ExternalData.entries(tensor);
        long offset = e.offsetText() == null ? 0 : Long.parseLong(e.offsetText());
        long length = e.lengthText() == null ? byteSize : Long.parseLong(e.lengthText());
        return java.util.Optional.of(new ExternalReference(e.location(), offset, length));
    }

    /** A checked reference to external tensor data. */
    public record ExternalReference(String location, long offset, long length) {
    }
}
