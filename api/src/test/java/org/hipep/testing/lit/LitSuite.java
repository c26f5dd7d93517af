package org.hipep.testing.lit;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicNode;

/**
  * Turns a directory of lit test files into JUnit 5 dynamic tests, for use from a
  * {@code @TestFactory}: one {@code DynamicContainer} per file (named by its path relative to the
  * root) holding one {@code DynamicTest} per RUN line (named {@code <file>:<line>}, with a source URI
  * pointing at that line). RUN lines of a file run in order; each gets the file's directory as
  * working directory. A file without RUN lines, a missing root and a root without test files are
  * reported as failing tests.
  *
  * <p>{@code XFAIL} files: a failing RUN line passes (later ones are skipped) and an extra test
  * {@code <file>:XFAIL} fails if no RUN line failed. {@code REQUIRES}/{@code UNSUPPORTED} skip all
  * tests of the file through a JUnit assumption (see {@link LitTestFile#skipReason}).
  */
public final class LitSuite {
    private LitSuite() {
    }

    /**
      * Discovers {@code *.mlir} tests with the given tools.
      *
      * @param root  the directory to walk
      * @param tools the tool registry
      * @return one container per test file
      */
    public static Stream<DynamicNode> discover(Path root, ToolRegistry tools) {
        return discover(root, LitConfig.defaults(tools));
    }

    /**
      * Discovers tests according to {@code config}.
      *
      * @param root   the directory to walk
      * @param config suffixes, features, substitutions, tools
      * @return one container per test file
      */
    public static Stream<DynamicNode> discover(Path root, LitConfig config) {
        if (!Files.isDirectory(root)) {
            return Stream.of(dynamicTest("lit suite root " + root, () -> Assertions.fail(
                    "lit suite root directory does not exist: " + root.toAbsolutePath())));
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> config.suffixes().stream().anyMatch(s -> p.getFileName().toString().endsWith(s)))
                    .sorted(Comparator.comparing(p -> relative(root, p)))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk lit suite root " + root, e);
        }
        if (files.isEmpty()) {
            return Stream.of(dynamicTest("lit suite root " + root, () -> Assertions.fail(
                    "no lit test files with suffix " + config.suffixes().stream().sorted()
                            .collect(Collectors.joining(", ")) + " found under " + root.toAbsolutePath())));
        }
        TempRoot temp = new TempRoot(config.tempRoot());
        LitRunner runner = new LitRunner(config.tools());
        return files.stream().map(f -> fileNode(root, f, config, runner, temp));
    }

    private static DynamicNode fileNode(Path root, Path file, LitConfig config, LitRunner runner,
            TempRoot temp) {
        String rel = relative(root, file);
        URI uri = file.toAbsolutePath().toUri();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return dynamicContainer(rel, uri, Stream.of(dynamicTest(rel, uri,
                    () -> Assertions.fail("cannot read lit test file " + file + ": " + e))));
        }
        LitTestFile test = LitTestFile.parse(text);
        boolean xfail = test.isExpectedToFail(config.availableFeatures());
        Optional<String> skip = test.skipReason(config.availableFeatures(), config.absentFeatures());
        boolean[] failedAsExpected = {false};
        List<DynamicNode> nodes = new ArrayList<>();
        if (!test.errors().isEmpty()) {
            nodes.add(dynamicTest(rel, uri, () -> Assertions.fail(rel + ": " + String.join("\n", test.errors()))));
        }
        if (test.runLines().isEmpty()) {
            nodes.add(dynamicTest(rel, uri, () -> Assertions.fail(rel
                    + ": no RUN lines found; every lit test file needs at least one 'RUN:' line")));
        }
        for (RunLine line : test.runLines()) {
            URI lineUri = URI.create(uri + "?line=" + line.line());
            nodes.add(dynamicTest(rel + ":" + line.line(), lineUri, () -> {
                skip.ifPresent(reason -> Assumptions.abort("skipped: " + reason));
                if (xfail && failedAsExpected[0]) {
                    Assumptions.abort("skipped: an earlier RUN line already failed as expected (XFAIL)");
                }
                Path tempDir = temp.forFile(rel);
                Substitutions subs = Substitutions.forTest(file, tempDir);
                for (var e : config.substitutions().entrySet()) {
                    subs = subs.with(e.getKey(), e.getValue());
                }
                RunResult result = runner.run(line, subs, file.toAbsolutePath().getParent());
                if (xfail) {
                    failedAsExpected[0] |= !result.passed();
                } else if (!result.passed()) {
                    Assertions.fail("lit test failed: " + rel + ":" + line.line() + "\n" + result.report());
                }
            }));
        }
        if (xfail && !test.runLines().isEmpty()) {
            nodes.add(dynamicTest(rel + ":XFAIL", uri, () -> {
                skip.ifPresent(reason -> Assumptions.abort("skipped: " + reason));
                if (!failedAsExpected[0]) {
                    Assertions.fail("XPASS: " + rel + " is marked XFAIL but all its RUN lines passed");
                }
            }));
        }
        return dynamicContainer(rel, uri, nodes.stream());
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    /**
     * Lazily created root for per-file temp directories: the configured one, else a new folder in
     * {@code hipep.test.tmp.dir} (the build tree, set by the build's test plugins), else in the
     * system's temp dir. They stay for a look after a failure, as lit's {@code %t} does.
     */
    private static final class TempRoot {
        private Path root;

        TempRoot(Path configured) {
            this.root = configured;
        }

        synchronized Path forFile(String rel) throws IOException {
            if (root == null) {
                String inBuild = System.getProperty("hipep.test.tmp.dir");
                root = inBuild == null ? Files.createTempDirectory("lit-")
                        : Files.createTempDirectory(Files.createDirectories(Path.of(inBuild)), "lit-");
            }
            Path dir = root.resolve(rel + ".d");
            Files.createDirectories(dir);
            return dir;
        }
    }
}
