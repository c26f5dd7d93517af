package org.hipep.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ModelDigest}: SHA-256 over the tag, the size and each 4 MiB piece's SHA-256, the same
 * from a file as from memory, for sizes around the pieces' bounds; a byte changed on either side of
 * a bound changes it; a file that cannot be read is named.
 */
class ModelDigestTest {
    @TempDir
    Path dir;

    private static final int P = ModelDigest.PIECE;

    /** The definition, computed here piece after piece on one thread. */
    private static byte[] expected(byte[] bytes) throws Exception {
        MessageDigest all = MessageDigest.getInstance("SHA-256");
        all.update("hip-ep model pieces\0".getBytes(StandardCharsets.US_ASCII));
        all.update(ByteBuffer.allocate(8).putLong(bytes.length).array());
        for (int from = 0; from < bytes.length; from += P) {
            all.update(MessageDigest.getInstance("SHA-256")
                    .digest(Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + P))));
        }
        return all.digest();
    }

    @Test
    void fileAndMemoryGiveTheDefinitionsDigestAroundThePiecesBounds() throws Exception {
        Random random = new Random(53);
        for (int size : new int[] {0, 1, P - 1, P, P + 1, 3 * P + 5}) {
            byte[] bytes = new byte[size];
            random.nextBytes(bytes);
            Path file = Files.write(dir.resolve("m" + size + ".onnx"), bytes);
            byte[] want = expected(bytes);
            assertThat(ModelDigest.of(bytes)).as("bytes, size %d", size).isEqualTo(want);
            assertThat(ModelDigest.of(file)).as("file, size %d", size).isEqualTo(want);
            assertThat(want).as("not the bytes' plain SHA-256, size %d", size)
                    .isNotEqualTo(MessageDigest.getInstance("SHA-256").digest(bytes));
        }
    }

    @Test
    void aByteChangedOnEitherSideOfABoundChangesTheDigest() {
        byte[] bytes = new byte[2 * P + 100];
        new Random(7).nextBytes(bytes);
        byte[] base = ModelDigest.of(bytes);
        for (int at : new int[] {0, P - 1, P, 2 * P + 99}) {
            byte[] changed = bytes.clone();
            changed[at] ^= 1;
            assertThat(ModelDigest.of(changed)).as("byte %d changed", at).isNotEqualTo(base);
        }
        assertThat(ModelDigest.of(Arrays.copyOf(bytes, bytes.length + 1))).as("a zero byte appended")
                .isNotEqualTo(base);
    }

    @Test
    void aFileThatCannotBeReadIsNamed() {
        Path missing = dir.resolve("missing.onnx");
        assertThatThrownBy(() -> ModelDigest.of(missing)).isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("cannot read " + missing + ": ");
    }
}
