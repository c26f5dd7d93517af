package org.hipep.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The parent POM compiles string concatenation to {@code StringBuilder} calls
 * ({@code -XDstringConcat=inline}): an {@code invokedynamic} concatenation builds its method handles
 * the first time it runs, and a session's creation in a fresh JVM ran many of them (~50 ms of
 * mnist-8's ~300, docs/BENCHMARKS.md). Read from this module's compiled classes: none names the
 * JDK's concatenation bootstrap {@code makeConcatWithConstants}.
 */
class StringConcatCompilationTest {
    @Test
    void noClassOfTheRuntimeConcatenatesThroughInvokedynamic() throws Exception {
        Path classes = Path.of(HipEnvironment.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(classes).as("the runtime's classes, compiled by this build").isDirectory();
        List<Path> files;
        try (Stream<Path> s = Files.walk(classes)) {
            files = s.filter(p -> p.toString().endsWith(".class")).toList();
        }
        assertThat(files).hasSizeGreaterThan(50);
        assertThat(files).filteredOn(StringConcatCompilationTest::bootstrapsConcatenation).isEmpty();
    }

    private static boolean bootstrapsConcatenation(Path classFile) {
        try {
            return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1)
                    .contains("makeConcatWithConstants");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + classFile, e);
        }
    }
}
