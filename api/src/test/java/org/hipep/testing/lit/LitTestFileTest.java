package org.hipep.testing.lit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Parsing of RUN / REQUIRES / UNSUPPORTED / XFAIL directives. */
class LitTestFileTest {

    @Test
    void findsRunLinesAfterCommentLeaders() {
        LitTestFile f = LitTestFile.parse("""
        // RUN: echo one
        # RUN: echo two
        ;RUN:echo three
        %x = op // RUN: not a directive
        """);
        assertThat(f.runLines()).containsExactly(
                new RunLine(1, "echo one"), new RunLine(2, "echo two"), new RunLine(3, "echo three"));
    }

    @Test
    void joinsContinuationLines() {
        LitTestFile f = LitTestFile.parse("""
        // RUN: tool %s \\
        // RUN:    --flag \\
        // RUN:   | FileCheck %s
        // RUN: echo done
        """);
        assertThat(f.runLines()).containsExactly(
                new RunLine(1, "tool %s --flag | FileCheck %s"), new RunLine(4, "echo done"));
        assertThat(f.errors()).isEmpty();
    }

    @Test
    void unterminatedContinuationIsAnError() {
        LitTestFile f = LitTestFile.parse("// RUN: tool \\\n");
        assertThat(f.runLines()).isEmpty();
        assertThat(f.errors()).singleElement().asString().contains("unterminated RUN lines");
    }

    @Test
    void featureDirectives() {
        LitTestFile f = LitTestFile.parse("""
        // REQUIRES: asserts, x86
        // UNSUPPORTED: windows
        // XFAIL: *
        """);
        assertThat(f.requires()).containsExactly("asserts", "x86");
        assertThat(f.isExpectedToFail(Set.of())).isTrue();
        assertThat(f.skipReason(Set.of(), Set.of())).isEmpty();
        assertThat(f.skipReason(Set.of(), Set.of("x86"))).contains("REQUIRES: x86 (feature is absent)");
        assertThat(f.skipReason(Set.of("windows"), Set.of())).contains("UNSUPPORTED: windows");
    }

    @Test
    void xfailOnFeature() {
        LitTestFile f = LitTestFile.parse("// XFAIL: gpu\n");
        assertThat(f.isExpectedToFail(Set.of())).isFalse();
        assertThat(f.isExpectedToFail(Set.of("gpu"))).isTrue();
    }
}
