package org.hipep.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CodeDigest}: a file's digest is its SHA-256; it is remembered for a file that has not
 * changed for a while and computed again once the file changes, even when the change keeps the
 * file's size and modification time; a file changed just now, a broken memo and a memo of another
 * file are not trusted.
 */
class CodeDigestTest {
    @TempDir
    Path dir;

    private final AtomicInteger computed = new AtomicInteger();

    private Supplier<byte[]> counting(Path file) {
        return () -> {
            computed.incrementAndGet();
            return CodeDigest.sha256(file);
        };
    }

    private static Instant later() {
        return Instant.now().plusSeconds(60);
    }

    @Test
    void aFileDigestIsTheSha256OfItsBytes() throws Exception {
        byte[] bytes = new byte[200_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        Path f = Files.write(dir.resolve("code.jar"), bytes);
        assertThat(CodeDigest.file(f)).isEqualTo(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void anUnchangedFileIsReadOnceAndAChangedOneAgain() throws Exception {
        Path memos = dir.resolve("memos");
        Path f = Files.write(dir.resolve("code.jar"), new byte[] {1, 2, 3, 4});
        byte[] first = CodeDigest.memoised(f, "file", counting(f), memos, later());
        byte[] second = CodeDigest.memoised(f, "file", counting(f), memos, later());
        assertThat(second).isEqualTo(first);
        assertThat(computed).hasValue(1);
        try (Stream<Path> s = Files.list(memos)) {
            assertThat(s.filter(p -> !p.getFileName().toString().startsWith(".")).count()).isEqualTo(1);
        }

        // the same size and modification time, other bytes: only the status-change time tells
        CodeDigest.Stamp before = CodeDigest.stamp(f);
        FileTime modified = Files.getLastModifiedTime(f);
        Thread.sleep(50);
        Files.write(f, new byte[] {1, 2, 3, 5});
        Files.setLastModifiedTime(f, modified);
        assertThat(CodeDigest.stamp(f)).isNotEqualTo(before);
        byte[] third = CodeDigest.memoised(f, "file", counting(f), memos, later());
        assertThat(computed).hasValue(2);
        assertThat(third).isNotEqualTo(first).isEqualTo(CodeDigest.sha256(f));
    }

    /**
     * A remembered digest vouches for bytes read from the file while it kept the stamp the digest
     * is remembered for: not for another digest, another purpose, the file rewritten (its size and
     * modification time kept) or a file changed just now (never remembered).
     */
    @Test
    void aRememberedDigestVouchesForTheFileWhileItKeepsItsStamp() throws Exception {
        Path memos = dir.resolve("memos");
        Path f = Files.write(dir.resolve("model.onnx"), new byte[] {1, 2, 3, 4});
        String stamp = CodeDigest.stampLine(f);
        byte[] digest = CodeDigest.memoised(f, "model", counting(f), memos, later());
        assertThat(CodeDigest.remembers(f, "model", stamp, digest, memos)).isTrue();
        byte[] other = digest.clone();
        other[0] ^= 1;
        assertThat(CodeDigest.remembers(f, "model", stamp, other, memos)).isFalse();
        assertThat(CodeDigest.remembers(f, "file", stamp, digest, memos)).isFalse();
        assertThat(CodeDigest.remembers(f, "model", stamp, digest, null)).isFalse();

        FileTime modified = Files.getLastModifiedTime(f);
        Thread.sleep(50);
        Files.write(f, new byte[] {1, 2, 3, 4});
        Files.setLastModifiedTime(f, modified);
        assertThat(CodeDigest.remembers(f, "model", stamp, digest, memos)).as("rewritten with the same bytes").isFalse();

        Path g = Files.write(dir.resolve("new.onnx"), new byte[] {9});
        String gStamp = CodeDigest.stampLine(g);
        byte[] gDigest = CodeDigest.memoised(g, "model", counting(g), memos, Instant.now());
        assertThat(CodeDigest.remembers(g, "model", gStamp, gDigest, memos)).as("changed just now").isFalse();
    }

    @Test
    void aFileChangedJustNowIsNotRemembered() throws Exception {
        Path memos = dir.resolve("memos");
        Path f = Files.write(dir.resolve("code.jar"), new byte[] {5, 6});
        CodeDigest.memoised(f, "file", counting(f), memos, Instant.now());
        CodeDigest.memoised(f, "file", counting(f), memos, Instant.now());
        assertThat(computed).hasValue(2);
        assertThat(memos).doesNotExist();
    }

    @Test
    void aBrokenMemoIsComputedAgainAndAMemoBelongsToOneFileAndPurpose() throws Exception {
        Path memos = dir.resolve("memos");
        Path f = Files.write(dir.resolve("a.jar"), new byte[] {1});
        Path g = Files.write(dir.resolve("b.jar"), new byte[] {2});
        byte[] a = CodeDigest.memoised(f, "file", counting(f), memos, later());
        byte[] b = CodeDigest.memoised(g, "file", counting(g), memos, later());
        assertThat(a).isNotEqualTo(b);
        byte[] other = CodeDigest.memoised(f, "resource", () -> new byte[32], memos, later());
        assertThat(other).isEqualTo(new byte[32]);
        assertThat(computed).hasValue(2);

        try (Stream<Path> s = Files.list(memos)) {
            for (Path memo : s.toList()) {
                Files.writeString(memo, "not a memo");
            }
        }
        assertThat(CodeDigest.memoised(f, "file", counting(f), memos, later())).isEqualTo(a);
        assertThat(computed).hasValue(3);
        assertThat(CodeDigest.memoised(f, "file", counting(f), memos, later())).isEqualTo(a);
        assertThat(computed).hasValue(3);
    }

    @Test
    void aFolderOrAMissingFileIsNeverRemembered() throws Exception {
        Path memos = dir.resolve("memos");
        Path folder = Files.createDirectories(dir.resolve("classes"));
        CodeDigest.memoised(folder, "file", () -> {
            computed.incrementAndGet();
            return new byte[32];
        }, memos, later());
        assertThat(CodeDigest.stamp(folder)).isNull();
        assertThat(CodeDigest.stamp(dir.resolve("missing.jar"))).isNull();
        assertThat(memos).doesNotExist();
    }

    /**
     * A text (what {@code PresetLibrary} keeps: lines of stamps and paths) comes back as it was
     * remembered while its file is unchanged, not once the file changed, not when remembered for
     * a file changed just now, and not under another purpose; a digest memo is no text's.
     */
    @Test
    void aTextIsRecalledWhileItsFileIsUnchanged() throws Exception {
        Path memos = dir.resolve("memos");
        Path f = Files.write(dir.resolve("preset.jar"), new byte[] {7, 7, 7});
        String text = "12 34 56 1:2\t/a path/with spaces/libx.so.1\nline two \u00e9";
        assertThat(CodeDigest.recall(f, "libraries", memos)).isNull();
        CodeDigest.remember(f, "libraries", text, memos, later());
        assertThat(CodeDigest.recall(f, "libraries", memos)).isEqualTo(text);
        assertThat(CodeDigest.recall(f, "other libraries", memos)).isNull();
        assertThat(CodeDigest.stampLine(f)).isEqualTo(CodeDigest.stamp(f).line()).doesNotContain("\t", "\n");
        assertThat(CodeDigest.stampLine(dir)).isNull();

        Thread.sleep(50);
        Files.write(f, new byte[] {7, 7, 8});
        assertThat(CodeDigest.recall(f, "libraries", memos)).isNull();

        CodeDigest.remember(f, "libraries", text, memos, Instant.now());
        assertThat(CodeDigest.recall(f, "libraries", memos)).as("a file changed just now").isNull();

        // a text memo is never taken for a digest, whatever its length
        CodeDigest.remember(f, "file", text, memos, later());
        assertThat(CodeDigest.memoised(f, "file", counting(f), memos, later())).isEqualTo(CodeDigest.sha256(f));
        assertThat(computed).hasValue(1);
    }

    @Test
    void aClassComesFromItsJarOrTheRuntimeImage() throws Exception {
        assertThat(CodeDigest.container(Test.class)).isRegularFile().hasFileName(
                Path.of(Test.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString());
        assertThat(CodeDigest.container(Object.class))
                .isEqualTo(Path.of(System.getProperty("java.home"), "lib", "modules"));
        // a build's class folder is hashed each time, never remembered
        assertThat(CodeDigest.container(CodeDigestTest.class)).isNull();
    }
}
