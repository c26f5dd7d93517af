package org.hipep.runtime.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

/**
 * The digest that keys a model in the compile cache: SHA-256 over {@link #TAG}, the model's size
 * in bytes (8 bytes, big-endian) and the SHA-256 of each {@link #PIECE}-byte piece of the model
 * in order (the last piece shorter; none for an empty model). The pieces are hashed in parallel
 * (the common fork-join pool and the caller), so a model of hundreds of megabytes is hashed at the
 * speed of all cores rather than one: SHA-256 runs at ~1.4 GB/s on a core here (SHA-NI), and a
 * session that compiles a model hashes all of it first. The same bytes give the same digest
 * whether they come from a file or from memory, at any number of threads.
 */
public final class ModelDigest {
    /** The bytes of one piece hashed on its own (4 MiB: a 100 MB model is ~25 tasks). */
    public static final int PIECE = 4 << 20;

    /** What the digest starts with: a model digest is never the SHA-256 of the same bytes alone. */
    public static final String TAG = "hip-ep model pieces\0";

    /**
     * Bytes read from the file at a time, into a buffer per piece (as the stream the digest was
     * read through before: with 1 MB buffers, 28 MB of them for a 113 MB model, a fresh JVM's
     * compile peaked 20-50 MB higher).
     */
    private static final int READ = 64 << 10;

    private ModelDigest() {
    }

    /** The digest of {@code model}'s bytes. */
    public static byte[] of(byte[] model) {
        byte[][] pieces = new byte[pieceCount(model.length)][];
        IntStream.range(0, pieces.length).parallel().forEach(i -> {
            MessageDigest md = CodeDigest.sha256();
            int from = i * PIECE;
            md.update(model, from, Math.min(PIECE, model.length - from));
            pieces[i] = md.digest();
        });
        return combine(model.length, pieces);
    }

    /**
     * The digest of the regular file {@code model}'s bytes, read by positional reads, each piece by
     * the thread that hashes it.
     *
     * @throws UncheckedIOException when the file cannot be read, or changes size while it is
     */
    public static byte[] of(Path model) {
        try (FileChannel ch = FileChannel.open(model)) {
            long size = ch.size();
            byte[][] pieces = new byte[pieceCount(size)][];
            AtomicReference<IOException> failed = new AtomicReference<>();
            IntStream.range(0, pieces.length).parallel().forEach(i -> {
                try {
                    pieces[i] = piece(ch, i, size);
                } catch (IOException e) {
                    failed.compareAndSet(null, e);
                }
            });
            if (failed.get() != null) {
                throw failed.get();
            }
            if (ch.size() != size) {
                throw new IOException("its size changed from " + size + " to " + ch.size() + " bytes while it was read");
            }
            return combine(size, pieces);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + model + ": " + e.getMessage(), e);
        }
    }

    private static byte[] piece(FileChannel ch, int i, long size) throws IOException {
        MessageDigest md = CodeDigest.sha256();
        long pos = (long) i * PIECE;
        long end = Math.min(size, pos + PIECE);
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min(READ, end - pos));
        while (pos < end) {
            buf.clear().limit((int) Math.min(buf.capacity(), end - pos));
            int n = ch.read(buf, pos);
            if (n < 0) {
                throw new IOException("it ended at " + pos + " of " + size + " bytes");
            }
            md.update(buf.array(), 0, n);
            pos += n;
        }
        return md.digest();
    }

    private static int pieceCount(long size) {
        return Math.toIntExact((size + PIECE - 1) / PIECE);
    }

    private static byte[] combine(long size, byte[][] pieces) {
        MessageDigest md = CodeDigest.sha256();
        md.update(TAG.getBytes(StandardCharsets.US_ASCII));
        md.update(ByteBuffer.allocate(Long.BYTES).putLong(size).array());
        for (byte[] p : pieces) {
            md.update(p);
        }
        return md.digest();
    }
}
