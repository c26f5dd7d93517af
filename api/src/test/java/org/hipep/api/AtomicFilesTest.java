package org.hipep.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @Test
    void writesIntoNewFoldersAndReplacesWithoutLeavingTemporaryFiles(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("a/b/out.txt");
        AtomicFiles.write(target, "first");
        AtomicFiles.write(target, "second");
        assertThat(Files.readString(target)).isEqualTo("second");
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("out.txt");
        }
    }

    /**
     * A FIFO (as a device such as /dev/null) is written through, not replaced by a regular file:
     * the reader opened before the write gets the bytes, and the path stays a FIFO.
     */
    @Test
    void aTargetThatIsNoRegularFileIsWrittenInPlace(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor()).as("mkfifo %s", fifo).isZero();
        ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fifo-reader");
            t.setDaemon(true); // left blocked on the FIFO if the write went elsewhere
            return t;
        });
        try {
            Future<byte[]> read = reader.submit(() -> Files.readAllBytes(fifo));
            AtomicFiles.write(fifo, "through the pipe");
            assertThat(new String(read.get(30, TimeUnit.SECONDS), StandardCharsets.UTF_8)).isEqualTo("through the pipe");
            assertThat(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)).as("%s replaced by a file", fifo).isFalse();
        } finally {
            reader.shutdownNow();
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("pipe");
        }
    }

    @Test
    void streamedContentLandsWholeOrNotAtAll(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("sub").resolve("trace.json");
        AtomicFiles.write(target, out -> {
            out.write(new byte[] {'[', '1'});
            out.write(']');
        });
        assertThat(Files.readString(target)).isEqualTo("[1]");
        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write(new byte[] {'[', '2'});
            throw new IOException("the content failed half-way");
        })).isInstanceOf(IOException.class).hasMessage("the content failed half-way");
        assertThat(Files.readString(target)).isEqualTo("[1]");
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("trace.json");
        }
    }

    @Test
    void aFailedWriteLeavesTheOldContentAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out");
        Files.createDirectories(target.resolve("inner")); // a non-empty folder cannot be replaced by a file
        assertThatThrownBy(() -> AtomicFiles.write(target, new byte[] {1, 2})).isInstanceOf(IOException.class);
        assertThat(target.resolve("inner")).isDirectory();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("out");
        }
    }
}
