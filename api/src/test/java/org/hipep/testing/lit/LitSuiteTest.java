package org.hipep.testing.lit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hipep.testing.lit.DynamicNodes.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery and execution of lit test files as dynamic tests. */
class LitSuiteTest {
    @TempDir
    Path root;

    private final ToolRegistry tools = ToolRegistry.withBuiltins();

    private void write(String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private List<Outcome> run(LitConfig config) {
        return DynamicNodes.execute(LitSuite.discover(root, config.withTempRoot(root.resolve("out"))));
    }

    private List<Outcome> run() {
        return run(LitConfig.defaults(tools));
    }

    @Test
    void oneContainerPerFileAndOneTestPerRunLine() throws IOException {
        write("b.mlir", "// RUN: echo b | FileCheck %s\n// CHECK: b\n");
        write("sub/a.mlir", "// RUN: echo a | FileCheck %s\n\n// RUN: echo a | count 1\n// CHECK: a\n");
        write("ignored.txt", "// RUN: false\n");
        List<Outcome> outcomes = run();
        assertThat(outcomes).extracting(Outcome::path, Outcome::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("b.mlir/b.mlir:1", "PASSED"),
                org.assertj.core.groups.Tuple.tuple("sub/a.mlir/sub/a.mlir:1", "PASSED"),
                org.assertj.core.groups.Tuple.tuple("sub/a.mlir/sub/a.mlir:3", "PASSED"));
        assertThat(outcomes.get(2).source())
                .isEqualTo(URI.create(root.resolve("sub/a.mlir").toUri() + "?line=3"));
    }

    @Test
    void failingRunLineCarriesTheReport() throws IOException {
        write("f.mlir", "// RUN: echo nope | FileCheck %s\n// CHECK: yes\n");
        Outcome o = run().get(0);
        assertThat(o.status()).isEqualTo("FAILED");
        assertThat(o.message()).startsWith("lit test failed: f.mlir:1\nRUN: at line 1: echo nope | ")
                .contains("error: CHECK: expected string not found in input");
    }

    @Test
    void fileWithoutRunLinesFails() throws IOException {
        write("empty.mlir", "// CHECK: nothing runs me\n");
        assertThat(run()).singleElement().satisfies(o -> {
            assertThat(o.status()).isEqualTo("FAILED");
            assertThat(o.message()).contains("empty.mlir: no RUN lines found");
        });
    }

    @Test
    void missingRootFails() {
        List<Outcome> outcomes = DynamicNodes.execute(
                LitSuite.discover(root.resolve("does-not-exist"), tools));
        assertThat(outcomes).singleElement().satisfies(o -> {
            assertThat(o.status()).isEqualTo("FAILED");
            assertThat(o.message()).contains("lit suite root directory does not exist")
                    .contains("does-not-exist");
        });
    }

    @Test
    void rootWithoutTestFilesFails() {
        assertThat(run()).singleElement().satisfies(o ->
                assertThat(o.message()).contains("no lit test files with suffix .mlir found"));
    }

    @Test
    void suffixesAreConfigurable() throws IOException {
        write("x.test", "# RUN: echo x | count 1\n");
        write("y.mlir", "// RUN: echo y | count 1\n");
        assertThat(run(LitConfig.defaults(tools).withSuffixes(".test")))
                .extracting(Outcome::path).containsExactly("x.test/x.test:1");
    }

    @Test
    void xfailPassesWhenARunLineFails() throws IOException {
        write("x.mlir", "// XFAIL: *\n// RUN: echo a | count 1\n// RUN: echo a | count 5\n"
                + "// RUN: echo never\n");
        assertThat(run()).extracting(Outcome::path, Outcome::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("x.mlir/x.mlir:2", "PASSED"),
                org.assertj.core.groups.Tuple.tuple("x.mlir/x.mlir:3", "PASSED"),
                org.assertj.core.groups.Tuple.tuple("x.mlir/x.mlir:4", "SKIPPED"),
                org.assertj.core.groups.Tuple.tuple("x.mlir/x.mlir:XFAIL", "PASSED"));
    }

    @Test
    void xfailFailsWhenEverythingPasses() throws IOException {
        write("x.mlir", "// XFAIL: *\n// RUN: echo a | count 1\n");
        List<Outcome> outcomes = run();
        assertThat(outcomes.get(1).status()).isEqualTo("FAILED");
        assertThat(outcomes.get(1).message())
                .isEqualTo("XPASS: x.mlir is marked XFAIL but all its RUN lines passed");
    }

    @Test
    void requiresSkipsOnlyWhenFeatureIsKnownAbsent() throws IOException {
        write("r.mlir", "// REQUIRES: gpu\n// RUN: echo a | count 1\n");
        assertThat(run()).extracting(Outcome::status).containsExactly("PASSED");
        List<Outcome> skipped = run(LitConfig.defaults(tools).withAbsentFeatures("gpu"));
        assertThat(skipped).extracting(Outcome::status).containsExactly("SKIPPED");
        assertThat(skipped.get(0).message()).contains("REQUIRES: gpu (feature is absent)");
    }

    @Test
    void unsupportedSkipsWhenFeatureIsPresent() throws IOException {
        write("u.mlir", "// UNSUPPORTED: windows\n// RUN: echo a | count 1\n");
        assertThat(run()).extracting(Outcome::status).containsExactly("PASSED");
        assertThat(run(LitConfig.defaults(tools).withAvailableFeatures("windows")))
                .extracting(Outcome::status).containsExactly("SKIPPED");
    }

    @Test
    void extraSubstitutionsAndPerFileTempDirectories() throws IOException {
        write("t.mlir", "// RUN: echo %greeting > %t && cat %t | FileCheck %s\n// CHECK: hi there\n");
        List<Outcome> outcomes = run(LitConfig.defaults(tools).withSubstitution("%greeting", "hi there"));
        assertThat(outcomes).extracting(Outcome::status).containsExactly("PASSED");
        assertThat(root.resolve("out/t.mlir.d/t.mlir.tmp")).hasContent("hi there");
    }
}
