package org.hipep.api;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files so that a reader sees the old content or the whole new one, never part of it: the
 * bytes go to a temporary file in the target's folder (created when missing), which is then moved
 * over the target (atomically where the file system can). What every tool and artifact writer of
 * the project uses; a failure leaves no temporary file behind. A target that exists and is neither
 * a regular file nor a folder -- a device such as {@code /dev/null} or {@code /dev/stdout}, a FIFO
 * -- is written in place: a file moved over it would take its place (as root, {@code -o /dev/null}
 * replaced the machine's null device with a regular file).
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** What {@link #write(Path, Content)} streams into the file. */
    @FunctionalInterface
    public interface Content {
        /** Writes the file's bytes to {@code out} (the caller closes it). */
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code bytes} to {@code target}. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, out -> out.write(bytes));
    }

    /**
     * Writes what {@code content} streams to {@code target}, for files too large to build in memory
     * first; a {@code content} that throws leaves the target as it was.
     */
    public static void write(Path target, Content content) throws IOException {
        Path abs = target.toAbsolutePath();
        if (Files.exists(abs) && !Files.isRegularFile(abs) && !Files.isDirectory(abs)) {
            try (OutputStream out = Files.newOutputStream(abs)) {
                content.writeTo(out);
            }
            return;
        }
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes {@code text} as UTF-8 to {@code target}. */
    public static void write(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }
}
