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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
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
 * <p>Failing to read or write a memo costs only the time: the digest is then computed. The same
 * memos keep short texts derived from a jar ({@link #recallFor}, {@link #rememberFor}: which native
 * library files a JavaCPP preset loaded).
 */
public final class CodeDigest {
    /**
     * Files changed more recently than this are hashed but not remembered: a session created from
     * a model file written less than this before hashes the whole file (a tool timing sessions of
     * a model it has just written waits this long first).
     */
    public static final Duration RACY = Duration.ofSeconds(2);

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
    static byte[] memoised(Path file, String what, Supplier<byte[]> compute) {
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
     * Text remembered by {@link #rememberFor} under {@code what} for {@code c}, as long as the jar
     * or runtime image {@code c} was loaded from is unchanged; {@code null} when there is none (or
     * {@code c} comes from a folder or from somewhere that is not a file).
     */
    public static String recallFor(Class<?> c, String what) {
        Path container = container(c);
        return container == null ? null : recall(container, what + " of " + c.getName(), memoFolder());
    }

    /**
     * Remembers {@code text} under {@code what} for {@code c} (see {@link #recallFor}), unless the
     * jar changed in the last two seconds; nothing when {@code c} does not come from a file. Failing
     * to write costs only the time.
     */
    public static void rememberFor(Class<?> c, String what, String text) {
        Path container = container(c);
        if (container != null) {
            remember(container, what + " of " + c.getName(), text, memoFolder(), Instant.now());
        }
    }

    /**
     * What identifies this version of {@code file} (size, times, inode) as one line without tabs or
     * line breaks, or {@code null} for what is not a regular file.
     */
    public static String stampLine(Path file) {
        Stamp stamp = stamp(file);
        return stamp == null ? null : stamp.line();
    }

    /**
     * The readable jar or class folder {@code c} was loaded from, or {@code null} when its code
     * source is not a file (a runtime image's {@code jrt:}, an OSGi bundle).
     */
    public static Path location(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        URL url = cs == null ? null : cs.getLocation();
        if (url == null || !"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            Path p = Path.of(url.toURI());
            return Files.isReadable(p) ? p : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The jar {@code c} was loaded from, the runtime image's {@code lib/modules} for a {@code jrt:}
     * module, else {@code null}.
     */
    static Path container(Class<?> c) {
        try {
            Path p = location(c);
            if (p != null) {
                return Files.isRegularFile(p) ? p : null;
            }
            Module m = c.getModule();
            boolean inImage = m.isNamed() && m.getLayer() != null && m.getLayer().configuration()
                    .findModule(m.getName()).flatMap(r -> r.reference().location())
                    .map(u -> "jrt".equals(u.getScheme())).orElse(false);
            Path image = Path.of(System.getProperty("java.home"), "lib", "modules");
            return inImage && Files.isRegularFile(image) ? image : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    static byte[] memoised(Path file, String what, Supplier<byte[]> compute, Path memos, Instant now) {
        Stamp stamp = stamp(file);
        Path memo = memos == null || stamp == null ? null : memos.resolve(name(file, what));
        if (memo != null) {
            byte[] known = read(memo, stamp.line());
            if (known != null && known.length == 32) {
                return known;
            }
        }
        byte[] digest = compute.get();
        // a change after the stamp was read gives the file another stamp: this memo then goes unused
        if (memo != null && digest.length == 32 && stamp.lastChange().plus(RACY).isBefore(now)) {
            write(memo, stamp.line() + " " + HexFormat.of().formatHex(digest) + "\n");
        }
        return digest;
    }

    /**
     * Whether {@code memos} remember {@code digest} under {@code what} for {@code file} with the
     * stamp {@code stampLine} (a {@link #stampLine} taken earlier) and the file still has that
     * stamp. Bytes read from the file in between are then those the digest was taken of: a write
     * gives the file another status-change time, and a file changed within {@link #RACY} of its
     * hashing has no memo.
     */
    static boolean remembers(Path file, String what, String stampLine, byte[] digest, Path memos) {
        if (memos == null || stampLine == null || digest == null) {
            return false;
        }
        Stamp now = stamp(file);
        return now != null && now.line().equals(stampLine)
                && Arrays.equals(read(memos.resolve(name(file, what)), stampLine), digest);
    }

    /**
     * A memo of {@code files} to remember as a text ({@link #rememberFor}): one line per file, in
     * order, its stamp and its path apart by a tab; {@code null} when a file has no stamp or a path
     * holds a line break.
     */
    public static String stampedFiles(List<Path> files) {
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            String stamp = stampLine(f);
            String path = f.toString();
            if (stamp == null || path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0) {
                return null;
            }
            lines.add(stamp + "\t" + path);
        }
        return String.join("\n", lines);
    }

    /**
     * The files of a {@link #stampedFiles} memo, in its order, when each still has its stamp;
     * {@code null} when the memo is absent, malformed or a file changed.
     */
    public static List<Path> unchangedFiles(String memo) {
        if (memo == null || memo.isBlank()) {
            return null;
        }
        List<Path> files = new ArrayList<>();
        for (String line : memo.split("\n")) {
            int tab = line.indexOf('\t');
            if (tab < 0) {
                return null;
            }
            Path file = Path.of(line.substring(tab + 1));
            if (!line.substring(0, tab).equals(stampLine(file))) {
                return null;
            }
            files.add(file);
        }
        return files;
    }

    /** The text remembered under {@code what} while {@code file} has its present stamp, else {@code null}. */
    static String recall(Path file, String what, Path memos) {
        Stamp stamp = stamp(file);
        if (memos == null || stamp == null) {
            return null;
        }
        byte[] known = read(memos.resolve(name(file, what)), stamp.line());
        return known == null ? null : new String(known, StandardCharsets.UTF_8);
    }

    /** Remembers {@code text} under {@code what} for {@code file}'s present stamp (as digests are). */
    static void remember(Path file, String what, String text, Path memos, Instant now) {
        Stamp stamp = stamp(file);
        if (memos != null && stamp != null && stamp.lastChange().plus(RACY).isBefore(now)) {
            write(memos.resolve(name(file, what)),
                    stamp.line() + " " + HexFormat.of().formatHex(text.getBytes(StandardCharsets.UTF_8)) + "\n");
        }
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

    /**
     * What identifies a version of a file: its size, times and inode as one line, and when it last
     * changed (the later of its modification and status-change times).
     */
    record Stamp(String line, Instant lastChange) {
    }

    /** The file's {@link Stamp}, or {@code null} for what is not a regular file. */
    static Stamp stamp(Path file) {
        try {
            Map<String, Object> unix = unixAttributes(file);
            if (unix != null) {
                if (!Boolean.TRUE.equals(unix.get("isRegularFile"))) {
                    return null;
                }
                FileTime modified = (FileTime) unix.get("lastModifiedTime");
                FileTime changed = (FileTime) unix.get("ctime");
                return new Stamp(unix.get("size") + " " + nanos(modified) + " " + nanos(changed) + " " + unix.get("dev")
                        + ":" + unix.get("ino"), later(modified, changed));
            }
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (!a.isRegularFile()) {
                return null;
            }
            return new Stamp(a.size() + " " + nanos(a.lastModifiedTime()) + " " + nanos(a.creationTime()) + " "
                    + a.fileKey(), later(a.lastModifiedTime(), a.creationTime()));
        } catch (IOException e) {
            return null;
        }
    }

    private static Instant later(FileTime a, FileTime b) {
        return (a.compareTo(b) >= 0 ? a : b).toInstant();
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

    /** The memo's bytes (a digest, or a text's) when its stamp is {@code stamp}, else {@code null}. */
    private static byte[] read(Path memo, String stamp) {
        try {
            String line = Files.readString(memo, StandardCharsets.UTF_8).strip();
            int cut = line.lastIndexOf(' ');
            if (cut < 0 || !line.substring(0, cut).equals(stamp)) {
                return null;
            }
            return HexFormat.of().parseHex(line.substring(cut + 1));
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
