package org.hipep.dialects.onnx.load;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import com.google.protobuf.UnsafeByteOperations;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Parses one protobuf message from a file or stream with {@link LoaderLimits} applied, turning
 * every failure into an {@link OnnxLoadException} that names the file.
 *
 * <p>A file is memory-mapped and parsed with aliasing enabled. protobuf-java 4 has no decoder over
 * a direct buffer: it copies the mapping into one array, whose {@code bytes} fields such as
 * {@code raw_data} then stay views of it (one copy of the file in the heap, not one per field, and
 * no temporary direct buffer as large as the file, which {@code Files.readAllBytes} would leave
 * cached for the thread). The {@code bytes} fields of a byte array given stay views of it.
 */
final class ProtoFiles {

    private ProtoFiles() {
    }

    /** Parses {@code file} as one message of {@code parser}'s type. */
    static <T> T parse(Path file, LoaderLimits limits, Parser<T> parser, String what) {
        String name = file.toString();
        if (Files.isDirectory(file)) {
            throw new OnnxLoadException(name, -1, null, null, "is a directory, not " + what, null);
        }
        ByteBuffer mapped;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > limits.maxModelBytes()) {
                throw new OnnxLoadException(name, -1, null, null, "file of " + size + " bytes exceeds the limit of "
                        + limits.maxModelBytes() + " bytes for one protobuf message", null);
            }
            mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
        } catch (NoSuchFileException e) {
            throw new OnnxLoadException(name, -1, null, null, "no such file", e);
        } catch (IOException e) {
            throw new OnnxLoadException(name, -1, null, null, "cannot read: " + e, e);
        }
        CodedInputStream in = UnsafeByteOperations.unsafeWrap(mapped).newCodedInput();
        in.enableAliasing(true);
        return parse(in, limits, parser, name, what);
    }

    /**
     * Parses {@code bytes} as one message of {@code parser}'s type, with aliasing enabled: {@code
     * bytes} fields stay views of the array (which the caller must not change afterwards).
     */
    static <T> T parse(byte[] bytes, String name, LoaderLimits limits, Parser<T> parser, String what) {
        if (bytes.length > limits.maxModelBytes()) {
            throw new OnnxLoadException(name, -1, null, null, bytes.length + " bytes exceed the limit of "
                    + limits.maxModelBytes() + " bytes for one protobuf message", null);
        }
        // through a ByteString: a CodedInputStream made straight from an array copies bytes fields
        // even with aliasing enabled (it cannot assume the array stays unchanged)
        CodedInputStream in = UnsafeByteOperations.unsafeWrap(bytes).newCodedInput();
        in.enableAliasing(true);
        return parse(in, limits, parser, name, what);
    }

    /** Parses all of {@code stream} as one message of {@code parser}'s type. */
    static <T> T parse(InputStream stream, String name, LoaderLimits limits, Parser<T> parser, String what) {
        return parse(CodedInputStream.newInstance(stream), limits, parser, name, what);
    }

    private static <T> T parse(CodedInputStream in, LoaderLimits limits, Parser<T> parser, String name, String what) {
        in.setSizeLimit((int) limits.maxModelBytes());
        in.setRecursionLimit(limits.recursionLimit());
        try {
            T message = parser.parseFrom(in, ExtensionRegistryLite.getEmptyRegistry());
            in.checkLastTagWas(0);
            return message;
        } catch (InvalidProtocolBufferException e) {
            throw new OnnxLoadException(name, -1, null, null, "not a valid " + what + " (truncated or not ONNX): "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            // Defensive: a malformed input must surface as a load error, never as a raw exception.
            throw new OnnxLoadException(name, -1, null, null, "not a valid " + what + ": " + e, e);
        }
    }
}
