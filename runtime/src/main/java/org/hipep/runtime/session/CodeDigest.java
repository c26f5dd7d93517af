package org.hipep.runtime.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;

/**
 * SHA-256 digests of the code the compile cache key covers (the compiler's jars, the runtime
 * bitcode), remembered between processes by the identity of the file they were read from.
 *
 * <p>Each process keys its cache entries by these digests, and a fresh JVM runs SHA-256 in its
 * interpreter: 6 MB of jars took 0.4-0.5 s of every launch, a model from the cache included. As
 * ccache checks its compiler and git its index, a digest is kept in a small file under
 * {@code <default cache>/code-digests}, beside what it was computed from: the file's size,
 * modification time, status-change time and inode (where the file system reports them). Writing
 * or replacing the file changes its status-change time, which no program can set back, so a
 * changed file is read again even when its size and modification time were kept. A file changed in
 * the last two seconds is not remembered ("racy" in git's words: a second write within the clock's
 * resolution could leave every stamp as it was).
 *
 * <p>Failing to read or write a memo costs only the time: the digest is then computed.
 */
public final class CodeDigest {
    /** Files changed more recently than this are hashed but not remembered. */
    static final Duration RACY = Duration.ofSeconds(2);

    private CodeDigest() {
    }

    /** SHA-256 of the bytes of the regular file {@code file}. */
    public static byte[] file(Path file) {
        return memoised(file, "file", () -> sha256(file));
    }

    /**
     * A digest {@code compute} derives from {@code file} alone (a resource inside the jar, a module
     * of the runtime image whose {@code lib/modules} is {@code file}), remembered under
     * {@code what} for as long as {@code file} is unchanged. Only a 32-byte result is remembered (an
     * empty one can say "nothing to read" and is computed again next time).
     */
    public static byte[] memoised(Path file, String what, Supplier<byte[]> compute) {
        return memoised(file, what, compute, memoFolder(), Instant.now());
    }

    /**
     * {@code compute} (a digest of {@code c}'s code or resources), remembered for as long as the
     * jar or runtime image {@code c} was loaded from is unchanged; computed each time when {@code c}
     * comes from a folder (a build) or from somewhere that is not a file.
     */
    public static byte[] memoisedFor(Class<?> c, String what, Supplier<byte[]> compute) {
        Path container = container(c);
        return container == null ? compute.get() : memoised(container, what + " of " + c.getName(), compute);
    }

    /**
     * The jar {@code c} was loaded from, the runtime image's {@code lib/modules} for a {@code jrt:}
     * module, else {@code null}.
     */
    static Path container(Class<?> c) {
        try {
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            URL url = cs == null ? null : cs.getLocation();
            if (url != null && "file".equals(url.getProtocol())) {
                Path p = Path.of(url.toURI());
                return Files.isRegularFile(p) ? p : null;
            }
            Module m = c.getModule();
            boolean inImage = m.isNamed() && m.getLayer() != null && m.getLayer().configuration()
                    .findModule(m.getName()).flatMap(r -> r.reference().location())
                    .map(u -> "jrt".equals(u.getScheme())).orElse(false);
            Path image = Path.of(System.getProperty("java.home"), "lib", "modules");
            return inImage && Files.isRegularFile(image) ? image : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    static byte[] memoised(Path file, String what, Supplier<byte[]> compute, Path memos, Instant now) {
        String stamp = stamp(file);
        Path memo = memos == null || stamp == null ? null : memos.resolve(name(file, what));
        if (memo != null) {
            byte[] known = read(memo, stamp);
            if (known != null) {
                return known;
            }
        }
        byte[] digest = compute.get();
        if (memo != null && digest.length == 32 && settled(file, now)) {
            write(memo, stamp + " " + HexFormat.of().formatHex(digest) + "\n");
        }
        return digest;
    }

    /** {@code <default cache folder>/code-digests}, or {@code null} when there is no home to keep it in. */
    static Path memoFolder() {
        try {
            return SessionOptions.defaultCacheDir().resolve("code-digests");
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The memo's file name: a digest of the file's real path and of what is remembered. */
    private static String name(Path file, String what) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            real = file.toAbsolutePath();
        }
        MessageDigest md = sha256();
        md.update(real.toString().getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(what.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest(), 0, 16);
    }

    /** The file's size, times and inode as one line, or {@code null} for what is not a regular file. */
    static String stamp(Path file) {
        try {
            Map<String, Object> unix = unixAttributes(file);
            if (unix != null) {
                if (!Boolean.TRUE.equals(unix.get("isRegularFile"))) {
                    return null;
                }
                return unix.get("size") + " " + nanos((FileTime) unix.get("lastModifiedTime")) + " "
                        + nanos((FileTime) unix.get("ctime")) + " " + unix.get("dev") + ":" + unix.get("ino");
            }
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (!a.isRegularFile()) {
                return null;
            }
            return a.size() + " " + nanos(a.lastModifiedTime()) + " " + nanos(a.creationTime()) + " " + a.fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /** The "unix" view (status-change time, device, inode), or {@code null} where the platform has none. */
    private static Map<String, Object> unixAttributes(Path file) throws IOException {
        try {
            return Files.readAttributes(file, "unix:size,lastModifiedTime,ctime,dev,ino,isRegularFile");
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
    }

    private static long nanos(FileTime t) {
        Instant i = t.toInstant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    /** Whether the file's last change is at least {@link #RACY} before {@code now}. */
    private static boolean settled(Path file, Instant now) {
        try {
            Map<String, Object> unix = unixAttributes(file);
            FileTime changed = unix != null ? (FileTime) unix.get("ctime") : Files.getLastModifiedTime(file);
            FileTime modified = Files.getLastModifiedTime(file);
            Instant last = changed.compareTo(modified) > 0 ? changed.toInstant() : modified.toInstant();
            return last.plus(RACY).isBefore(now);
        } catch (IOException e) {
            return false;
        }
    }

    /** The memo's digest when its stamp is {@code stamp}, else {@code null}. */
    private static byte[] read(Path memo, String stamp) {
        try {
            String line = Files.readString(memo, StandardCharsets.UTF_8).strip();
            int cut = line.lastIndexOf(' ');
            if (cut < 0 || !line.substring(0, cut).equals(stamp)) {
                return null;
            }
            byte[] digest = HexFormat.of().parseHex(line.substring(cut + 1));
            return digest.length == 32 ? digest : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Writes the memo through a temporary file beside it; a failure leaves no memo, not a broken one. */
    private static void write(Path memo, String content) {
        Path tmp = null;
        try {
            Files.createDirectories(memo.getParent());
            tmp = Files.createTempFile(memo.getParent(), ".tmp-", ".digest");
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, memo, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, memo, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException | RuntimeException e) {
            // only the time is lost: the next process computes the digest again
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a leftover temporary file in the memo folder is harmless
                }
            }
        }
    }

    /** SHA-256 of a file's bytes, read as a stream. */
    static byte[] sha256(Path file) {
        MessageDigest md = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0;) {
                md.update(buf, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return md.digest();
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
