package org.hipep.testing.lit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Execution of RUN lines through the in-process shell. */
class LitRunnerTest {
    @TempDir
    Path dir;

    private Path source;
    private Substitutions subs;
    private final ToolRegistry tools = ToolRegistry.withBuiltins();

    @BeforeEach
    void setUp() throws IOException {
        source = dir.resolve("test.mlir");
        Files.writeString(source, "// CHECK: hello {{w.rld}}\n// WRONG: goodbye\n");
        Path temp = Files.createDirectories(dir.resolve("tmp"));
        subs = Substitutions.forTest(source, temp);
    }

    private RunResult run(String command) {
        return new LitRunner(tools).run(new RunLine(7, command), subs, dir);
    }

    @Test
    void pipeIntoFileCheckPasses() {
        RunResult r = run("echo hello world | FileCheck %s");
        assertThat(r.passed()).as(r.report()).isTrue();
        assertThat(r.exitStatus()).isZero();
    }

    @Test
    void failingFileCheckReportsCommandStatusAndMessage() {
        RunResult r = run("echo hello world | FileCheck %s --check-prefix=WRONG");
        assertThat(r.passed()).isFalse();
        assertThat(r.exitStatus()).isEqualTo(1);
        String s = source.toString();
        assertThat(r.report()).isEqualTo("RUN: at line 7: echo hello world | FileCheck " + s
                + " --check-prefix=WRONG\n"
                + "# executed command: echo hello world\n"
                + "# executed command: FileCheck " + s + " --check-prefix=WRONG\n"
                + "# .---command stderr------------\n"
                + "# | " + s + ":2:11: error: WRONG: expected string not found in input\n"
                + "# | // WRONG: goodbye\n"
                + "# |           ^\n"
                + "# | <stdin>:1:1: note: scanning from here\n"
                + "# | hello world\n"
                + "# | ^\n"
                + "# `-----------------------------\n"
                + "# error: command failed with exit status: 1\n");
    }

    @Test
    void notInvertsTheExitStatus() {
        assertThat(run("echo hello world | not FileCheck %s --check-prefix=WRONG").passed()).isTrue();
        RunResult r = run("echo hello world | not FileCheck %s");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).contains("# error: command failed with exit status: 1");
    }

    @Test
    void notPipesStderrThroughRedirection() {
        RunResult r = run("echo bye | not FileCheck %s 2>&1 | FileCheck %s --check-prefix=ERR");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).contains("error: no check strings found with prefix 'ERR:'");
        RunResult counted = run("echo bye | not FileCheck %s 2>&1 | count 6");
        assertThat(counted.passed()).as(counted.report()).isTrue();
    }

    @Test
    void substitutionsExpandToPaths() throws IOException {
        RunResult r = run("echo %s %S %p %t %T 100%% > %t.out");
        assertThat(r.passed()).as(r.report()).isTrue();
        Path temp = dir.resolve("tmp");
        assertThat(Files.readString(temp.resolve("test.mlir.tmp.out"))).isEqualTo(
                source + " " + dir + " " + dir + " " + temp.resolve("test.mlir.tmp") + " " + temp
                        + " 100%\n");
    }

    @Test
    void redirectionsWriteAppendAndRead() throws IOException {
        assertThat(run("echo one > %t && echo two >> %t && cat < %t | count 2").passed()).isTrue();
        assertThat(Files.readString(dir.resolve("tmp/test.mlir.tmp"))).isEqualTo("one\ntwo\n");
        assertThat(run("echo one > %t && echo one > %t && cat %t | count 1").passed()).isTrue();
    }

    @Test
    void stderrCanBeRedirectedToAFile() throws IOException {
        assertThat(run("echo x | not FileCheck %s --check-prefix=WRONG 2> %t.err").passed()).isTrue();
        assertThat(Files.readString(dir.resolve("tmp/test.mlir.tmp.err")))
                .startsWith(source + ":2:11: error: WRONG: expected string not found in input");
    }

    @Test
    void pipelineFailsIfAnyStageFails() {
        RunResult r = run("cat missing.txt | echo still runs");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).contains("# | cat: missing.txt: No such file or directory")
                .contains("# error: command failed with exit status: 1")
                .contains("# executed command: echo still runs");
    }

    @Test
    void andStopsAtTheFirstFailure() {
        RunResult r = run("not echo a && echo b > %t.b");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).doesNotContain("executed command: echo b");
        assertThat(Files.exists(dir.resolve("tmp/test.mlir.tmp.b"))).isFalse();
    }

    @Test
    void unknownToolIsReportedWithTheRegisteredNames() {
        RunResult r = run("frobnicate %s | FileCheck %s");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).contains("# error: 'frobnicate': command not found "
                + "(registered tools: FileCheck, cat, count, echo, not)");
        assertThat(run("not frobnicate").passed()).isFalse();
    }

    @Test
    void registeredToolsReceiveArgumentsAndStdin() {
        tools.register("upper", (args, ctx) -> {
            ctx.stdout().append(String.join(",", args)).append(':')
                    .append(ctx.stdin().toUpperCase());
            return 0;
        });
        assertThat(run("echo hello world | upper 'a b' c | FileCheck %s --check-prefix=UP "
                + "--allow-unused-prefixes --check-prefixes=CHECK").passed()).isFalse();
        RunResult r = run("echo hello | upper x y | not count 2");
        assertThat(r.passed()).as(r.report()).isTrue();
    }

    @Test
    void toolExceptionsFailTheLine() {
        tools.register("boom", (args, ctx) -> {
            throw new IllegalStateException("kaput");
        });
        RunResult r = run("not boom");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).contains("# error: 'boom' threw java.lang.IllegalStateException: kaput");
    }

    @Test
    void unparsableLineFails() {
        RunResult r = run("echo 'oops");
        assertThat(r.passed()).isFalse();
        assertThat(r.report()).contains("# error: cannot parse command line: unterminated single quote");
    }

    @Test
    void countChecksLineNumbers() {
        assertThat(run("cat %s | count 2").passed()).isTrue();
        RunResult r = run("cat %s | count 3");
        assertThat(r.report()).contains("# | Expected 3 lines, got 2.");
    }
}
