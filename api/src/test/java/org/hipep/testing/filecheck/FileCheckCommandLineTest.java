package org.hipep.testing.filecheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line entry point {@link FileCheck#run}. */
class FileCheckCommandLineTest {
    @TempDir
    Path dir;

    private final StringBuilder err = new StringBuilder();

    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("checks.txt"), "POS: hello [[NAME]]\nNEG: absent\n");
        Files.writeString(dir.resolve("input.txt"), "hello world\n");
    }

    private int run(String stdin, String... args) {
        return FileCheck.run(List.of(args), stdin, dir, err);
    }

    @Test
    void readsInputFileWithEqualsForm() {
        assertThat(run("", "checks.txt", "--input-file=input.txt", "--check-prefix=POS",
                "-DNAME=world")).isZero();
        assertThat(err).isEmpty();
    }

    @Test
    void acceptsSeparateValuesAndSingleDashes() {
        assertThat(run("", "-input-file", "input.txt", "-check-prefix", "POS", "-D", "NAME=world",
                "checks.txt", "--dump-input=never", "-dump-input", "fail", "-v")).isZero();
    }

    @Test
    void readsStdinByDefault() {
        assertThat(run("hello world\n", "checks.txt", "--check-prefixes=POS", "-DNAME=world")).isZero();
        assertThat(run("hello there\n", "checks.txt", "--check-prefixes=POS", "-DNAME=world"))
                .isEqualTo(1);
        assertThat(err.toString()).startsWith(
                "checks.txt:1:6: error: POS: expected string not found in input\n");
        assertThat(err.toString()).contains("<stdin>:1:1: note: scanning from here");
    }

    @Test
    void inputFileNameAppearsInDiagnostics() {
        assertThat(run("", "checks.txt", "--input-file=input.txt", "--check-prefix=NEG")).isEqualTo(1);
        assertThat(err.toString()).contains("input.txt:1:1: note: scanning from here");
    }

    @Test
    void checkPrefixesAcceptsAList() {
        assertThat(run("hello world\n", "checks.txt", "--check-prefixes=POS,NEG", "-DNAME=world"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("error: NEG: expected string not found");
    }

    @Test
    void checkPrefixTakesASinglePrefix() {
        assertThat(run("hello world\n", "checks.txt", "--check-prefix=POS,NEG")).isEqualTo(2);
        assertThat(err.toString()).contains("prefix must start with a letter and contain only "
                + "alphanumeric characters, hyphens, and underscores: 'POS,NEG'");
    }

    @Test
    void implicitCheckNotIsRepeatable() {
        assertThat(run("hello world\nhello again\n", "checks.txt", "--check-prefix=POS",
                "-DNAME=world", "--implicit-check-not=foo", "--implicit-check-not", "hello")).isEqualTo(1);
        assertThat(err.toString()).contains("command line:1:22: error: IMPLICIT-CHECK-NOT: excluded "
                + "string found in input\n-implicit-check-not='hello'");
    }

    @Test
    void booleanFlagsAreAccepted() {
        assertThat(run("  hello world\n", "checks.txt", "--check-prefix=POS", "-DNAME=world",
                "--match-full-lines", "--strict-whitespace")).isEqualTo(1);
        assertThat(run("", "checks.txt", "--check-prefix=NEG", "--allow-empty")).isEqualTo(1);
        assertThat(err.toString()).doesNotContain("is empty");
    }

    @Test
    void emptyInputReportsItsName() {
        assertThat(run("", "checks.txt", "--check-prefix=NEG")).isEqualTo(2);
        assertThat(err).hasToString("FileCheck error: '<stdin>' is empty.\n");
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertThat(run("x", "checks.txt", "--bogus")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown command line argument '--bogus'");
    }

    @Test
    void missingFilesAreReported() {
        assertThat(run("x", "nope.txt")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("Could not open check file 'nope.txt': No such file or directory\n");
        err.setLength(0);
        assertThat(run("x", "checks.txt", "--input-file=nope.txt")).isEqualTo(2);
        assertThat(err.toString()).contains("Could not open input file 'nope.txt'");
    }

    @Test
    void checkFileIsRequired() {
        assertThat(run("x", "--check-prefix=POS")).isEqualTo(2);
        assertThat(err.toString()).contains("Not enough positional command line arguments");
    }
}
