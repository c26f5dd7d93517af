package org.hipep.testing.filecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.testing.filecheck.FileCheckTesting.check;

import org.junit.jupiter.api.Test;

/** Pins FileCheck's diagnostic format exactly. */
class FileCheckMessageTest {

    @Test
    void expectedStringNotFoundShowsScanStartValuesAndNearestCandidate() {
        String checks = """
        // CHECK: x = [[X:[0-9]+]]
        // CHECK-NEXT: foo [[X]]
        """;
        String input = """
        x = 42
        bar
        foo 43
        """;
        FileCheckResult r = check(checks, input);
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.message()).isEqualTo("""
        check.txt:2:16: error: CHECK-NEXT: expected string not found in input
        // CHECK-NEXT: foo [[X]]
                       ^
        <stdin>:1:7: note: scanning from here
        x = 42
              ^
        <stdin>:1:7: note: with "X" equal to "42"
        x = 42
              ^
        <stdin>:3:1: note: possible intended match here
        foo 43
        ^
        """);
    }

    @Test
    void nearestCandidatePrefersTheMostSimilarWindow() {
        FileCheckResult r = check("CHECK: call @compute_sum\n",
                "define @main\n  ret 0\n  call @compute_sun(%x)\n  call @other\n");
        assertThat(r.message()).endsWith("""
        <stdin>:3:2: note: possible intended match here
         call @compute_sun(%x)
         ^
        """);
    }

    @Test
    void nearestCandidateIsOmittedWhenNothingIsSimilar() {
        FileCheckResult r = check("CHECK: completely_different_text\n", "abc\nxyz\n");
        assertThat(r.message()).isEqualTo("""
        check.txt:1:8: error: CHECK: expected string not found in input
        CHECK: completely_different_text
               ^
        <stdin>:1:1: note: scanning from here
        abc
        ^
        """);
    }

    @Test
    void excludedStringFoundPointsAtDirectiveAndMatch() {
        String checks = """
        // CHECK: begin
        // CHECK-NOT: panic
        // CHECK: end
        """;
        FileCheckResult r = check(checks, "begin\n  call @panic_impl()\nend\n");
        assertThat(r.message()).isEqualTo("""
        check.txt:2:15: error: CHECK-NOT: excluded string found in input
        // CHECK-NOT: panic
                      ^
        <stdin>:2:8: note: found here
         call @panic_impl()
               ^~~~~
        """);
    }

    @Test
    void excludedStringWithVariableShowsItsValue() {
        String checks = "CHECK: def %[[R:[a-z]+]]\nCHECK-NOT: use %[[R]]\nCHECK: end\n";
        FileCheckResult r = check(checks, "def %a\nuse %a\nend\n");
        assertThat(r.message()).isEqualTo("""
        check.txt:2:12: error: CHECK-NOT: excluded string found in input
        CHECK-NOT: use %[[R]]
                   ^
        <stdin>:2:1: note: found here
        use %a
        ^~~~~~
        <stdin>:2:1: note: with "R" equal to "a"
        use %a
        ^
        """);
    }

    @Test
    void tabsAreExpandedInStrictMode() {
        FileCheckResult r = check("CHECK: b\n", "a\tx\n",
                FileCheckOptions.defaults().withStrictWhitespace(true));
        assertThat(r.message()).endsWith("""
        <stdin>:1:1: note: scanning from here
        a       x
        ^
        """);
    }
}
