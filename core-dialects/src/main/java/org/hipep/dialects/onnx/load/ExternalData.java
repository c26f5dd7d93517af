package org.hipep.dialects.onnx.load;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.hipep.dialects.onnx.proto.OnnxProto.StringStringEntryProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;

/**
 * Resolves and memory-maps the external data of a tensor ({@code data_location = EXTERNAL}).
 *
 * <p>The {@code location} is a path relative to the model's folder. It is refused when it is
 * absolute, when it leaves the folder lexically ({@code ..}), or when the file it names resolves
 * through symbolic links to a place outside the folder. {@code offset} and {@code length}
 * (both optional) must lie within the file.
 */
final class ExternalData {

    private ExternalData() {
    }

    /**
     * Maps the bytes of {@code tensor}'s external data read-only.
     *
     * @param expectedBytes the size the tensor's dims and type require
     * @param where the location prefix for messages
     */
    /** The {@code external_data} entries of a tensor, as written (offset and length may be absent). */
    record Entries(String location, String offsetText, String lengthText) {
    }

    /** Reads the {@code location}, {@code offset} and {@code length} entries. */
    static Entries entries(TensorProto tensor) {
        String location = null;
        String offsetText = null;
        String lengthText = null;
        for (StringStringEntryProto e : tensor.getExternalDataList()) {
            switch (e.getKey()) {
                case "location" -> location = e.getValue();
                case "offset" -> offsetText = e.getValue();
                case "length" -> lengthText = e.getValue();
                default -> {
                    // "checksum" and unknown keys carry nothing the loader needs.
                }
            }
        }
        return new Entries(location, offsetText, lengthText);
    }

    static ByteBuffer map(TensorProto tensor, Path baseDir, long expectedBytes, String where) {
        Entries entries = entries(tensor);
        String location = entries.location();
        String offsetText = entries.offsetText();
        String lengthText = entries.lengthText();
        if (location == null || location.isEmpty()) {
            throw new OnnxLoadException(where + "external data has no location");
        }
        if (baseDir == null) {
            throw new OnnxLoadException(where + "external data '" + location
                    + "' needs the model's folder, but none was given");
        }
        Path file = resolve(baseDir, location, where);
        long offset = parseLong(offsetText, 0, "offset", where);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = channel.size();
            if (offset > fileSize) {
                throw new OnnxLoadException(where + "external data offset " + offset + " is beyond the end of '"
                        + location + "' (" + fileSize + " bytes)");
            }
            long length = parseLong(lengthText, fileSize - offset, "length", where);
            if (length > fileSize - offset) {
                throw new OnnxLoadException(where + "external data [offset " + offset + ", length " + length
                        + "] is beyond the end of '" + location + "' (" + fileSize + " bytes)");
            }
            if (length != expectedBytes) {
                throw new OnnxLoadException(where + "external data has " + length + " bytes but dims and type need "
                        + expectedBytes);
            }
            if (length > Integer.MAX_VALUE) {
                throw new OnnxLoadException(where + "external data of " + length
                        + " bytes is larger than one buffer can map (2 GiB - 1)");
            }
            return channel.map(FileChannel.MapMode.READ_ONLY, offset, length).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new OnnxLoadException(where + "cannot map external data '" + location + "': " + e, e);
        }
    }

    /** The real path of {@code location} inside {@code baseDir}, or an exception saying why not. */
    static Path resolve(Path baseDir, String location, String where) {
        Path relative;
        try {
            relative = Path.of(location);
        } catch (InvalidPathException e) {
            throw new OnnxLoadException(where + "external data location '" + location + "' is not a valid path", e);
        }
        if (relative.isAbsolute() || location.startsWith("/") || location.startsWith("\\")) {
            throw new OnnxLoadException(where + "external data location '" + location
                    + "' is absolute; it must be relative to the model's folder");
        }
        Path base = baseDir.toAbsolutePath().normalize();
        Path lexical = base.resolve(relative).normalize();
        if (!lexical.startsWith(base) || lexical.equals(base)) {
            throw new OnnxLoadException(where + "external data location '" + location
                    + "' escapes the model's folder " + base);
        }
        Path real;
        Path realBase;
        try {
            realBase = base.toRealPath();
            real = lexical.toRealPath();
        } catch (NoSuchFileException e) {
            throw new OnnxLoadException(where + "external data file '" + location + "' does not exist in " + base, e);
        } catch (IOException e) {
            throw new OnnxLoadException(where + "cannot resolve external data location '" + location + "': " + e, e);
        }
        if (!real.startsWith(realBase)) {
            throw new OnnxLoadException(where + "external data location '" + location + "' resolves to " + real
                    + ", outside the model's folder " + realBase + " (through a symbolic link)");
        }
        if (!Files.isRegularFile(real)) {
            throw new OnnxLoadException(where + "external data location '" + location + "' is not a regular file");
        }
        return real;
    }

    private static long parseLong(String text, long absent, String key, String where) {
        if (text == null || text.isEmpty()) {
            return absent;
        }
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new OnnxLoadException(where + "external data " + key + " '" + text + "' is not a number", e);
        }
        if (value < 0) {
            throw new OnnxLoadException(where + "external data " + key + " " + value + " is negative");
        }
        return value;
    }
}
