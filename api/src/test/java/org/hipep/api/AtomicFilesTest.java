package org.hipep.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
