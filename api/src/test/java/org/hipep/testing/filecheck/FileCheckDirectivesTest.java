package org.hipep.testing.filecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.testing.filecheck.FileCheckTesting.check;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Directive semantics, each with a passing and a failing case. */
class FileCheckDirectivesTest {

    @Nested
    class Plain {
        @Test
        void matchesAnywhereLater() {
            assertThat(check("CHECK: foo\nCHECK: baz\n", "foo bar\nqux\nbaz\n").passed()).isTrue();
        }

        @Test
        void failsWhenAbsent() {
            FileCheckResult r = check("CHECK: foo\nCHECK: missing\n", "foo\nbar\n");
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.message()).startsWith(
                    "check.txt:2:8: error: CHECK: expected string not found in input\n");
        }

        @Test
        void failsWhenOutOfOrder() {
            FileCheckResult r = check("CHECK: second\nCHECK: first\n", "first\nsecond\n");
            assertThat(r.passed()).isFalse();
            assertThat(r.message()).contains("check.txt:2:8: error: CHECK: expected string not found");
        }
    }

    @Nested
    class Next {
        @Test
        void matchesOnFollowingLine() {
            assertThat(check("CHECK: foo\nCHECK-NEXT: bar\n", "foo\nbar\n").passed()).isTrue();
        }

        @Test
        void failsWhenALineIsSkipped() {
            FileCheckResult r = check("CHECK: foo\nCHECK-NEXT: baz\n", "foo\nbar\nbaz\n");
            assertThat(r.message()).isEqualTo("""
          check.txt:2:13: error: CHECK-NEXT: is not on the line after the previous match
          CHECK-NEXT: baz
                      ^
          <stdin>:3:1: note: 'next' match was here
          baz
          ^
          <stdin>:1:4: note: previous match ended here
          foo
             ^
          <stdin>:2:1: note: non-matching line after previous match is here
          bar
          ^
          """);
        }

        @Test
        void failsOnSameLine() {
            FileCheckResult r = check("CHECK: foo\nCHECK-NEXT: bar\n", "foo bar\n");
            assertThat(r.message())
                    .startsWith("check.txt:2:13: error: CHECK-NEXT: is on the same line as previous match\n")
                    .contains("<stdin>:1:5: note: 'next' match was here")
                    .contains("<stdin>:1:4: note: previous match ended here");
        }

        @Test
        void withoutPreviousCheckIsAnError() {
            FileCheckResult r = check("CHECK-NEXT: foo\n", "foo\n");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).startsWith(
                    "check.txt:1:1: error: found 'CHECK-NEXT' without previous 'CHECK: line\n");
        }
    }

    @Nested
    class Same {
        @Test
        void matchesLaterOnSameLine() {
            assertThat(check("CHECK: foo\nCHECK-SAME: baz\n", "foo bar baz\n").passed()).isTrue();
        }

        @Test
        void failsOnLaterLine() {
            FileCheckResult r = check("CHECK: foo\nCHECK-SAME: baz\n", "foo bar\nbaz\n");
            assertThat(r.message()).startsWith(
                    "check.txt:2:13: error: CHECK-SAME: is not on the same line as previous match\n");
        }

        @Test
        void mustBeAfterPreviousMatch() {
            assertThat(check("CHECK: bar\nCHECK-SAME: foo\n", "foo bar\n").passed()).isFalse();
        }
    }

    @Nested
    class Empty {
        @Test
        void matchesEmptyNextLine() {
            assertThat(check("CHECK: foo\nCHECK-EMPTY:\nCHECK-NEXT: bar\n", "foo\n\nbar\n").passed())
                    .isTrue();
        }

        @Test
        void failsOnNonEmptyNextLine() {
            FileCheckResult r = check("CHECK: foo\nCHECK-EMPTY:\n", "foo\nx\n\n");
            assertThat(r.message()).startsWith(
                    "check.txt:2:13: error: CHECK-EMPTY: is not on the line after the previous match\n");
        }

        @Test
        void rejectsNonEmptyPattern() {
            FileCheckResult r = check("CHECK: foo\nCHECK-EMPTY: x\n", "foo\n\n");
            assertThat(r.message()).contains(
                    "error: found non-empty check string for empty check with prefix 'CHECK:'");
        }
    }

    @Nested
    class Not {
        @Test
        void passesWhenAbsentBetweenMatches() {
            assertThat(check("CHECK: one\nCHECK-NOT: bad\nCHECK: two\n", "one\nok\ntwo\nbad\n").passed())
                    .isTrue();
        }

        @Test
        void failsWhenPresentBetweenMatches() {
            FileCheckResult r = check("CHECK: one\nCHECK-NOT: bad\nCHECK: two\n", "one\nbad\ntwo\n");
            assertThat(r.message()).startsWith(
                    "check.txt:2:12: error: CHECK-NOT: excluded string found in input\n");
        }

        @Test
        void leadingNotCoversStartOfInput() {
            assertThat(check("CHECK-NOT: bad\nCHECK: one\n", "one\nbad\n").passed()).isTrue();
            assertThat(check("CHECK-NOT: bad\nCHECK: one\n", "bad\none\n").passed()).isFalse();
        }

        @Test
        void trailingNotCoversEndOfInput() {
            assertThat(check("CHECK: one\nCHECK-NOT: bad\n", "bad\none\n").passed()).isTrue();
            assertThat(check("CHECK: one\nCHECK-NOT: bad\n", "one\nbad\n").passed()).isFalse();
        }

        @Test
        void reportsEveryFailingNot() {
            FileCheckResult r = check("CHECK-NOT: x\nCHECK-NOT: y\nCHECK: end\n", "x\ny\nend\n");
            assertThat(r.message()).contains("check.txt:1:12: error: CHECK-NOT: excluded")
                    .contains("check.txt:2:12: error: CHECK-NOT: excluded");
        }
    }

    @Nested
    class Dag {
        private static final String TWO_DAGS = "CHECK-DAG: first\nCHECK-DAG: second\nCHECK: end\n";

        @Test
        void matchesInAnyOrder() {
            assertThat(check(TWO_DAGS, "second\nfirst\nend\n").passed()).isTrue();
            assertThat(check(TWO_DAGS, "first\nsecond\nend\n").passed()).isTrue();
        }

        @Test
        void failsWhenOneIsMissing() {
            FileCheckResult r = check(TWO_DAGS, "second\nend\n");
            assertThat(r.message()).startsWith(
                    "check.txt:1:12: error: CHECK-DAG: expected string not found in input\n");
        }

        @Test
        void identicalPatternsNeedDistinctOccurrences() {
            String checks = "CHECK-DAG: add\nCHECK-DAG: add\nCHECK: ret\n";
            assertThat(check(checks, "add\nmul\nadd\nret\n").passed()).isTrue();
            assertThat(check(checks, "add\nmul\nret\n").passed()).isFalse();
        }

        @Test
        void followingCheckStartsAfterTheDagGroup() {
            assertThat(check("CHECK-DAG: b\nCHECK: a\n", "b\na\n").passed()).isTrue();
            assertThat(check("CHECK-DAG: b\nCHECK: a\n", "a\nb\n").passed()).isFalse();
        }

        @Test
        void notBetweenDagGroupsSplitsThem() {
            String checks = """
          CHECK-DAG: a
          CHECK-DAG: b
          CHECK-NOT: x
          CHECK-DAG: c
          CHECK-DAG: d
          """;
            assertThat(check(checks, "b\na\nc\nx\nd\n").passed()).isTrue();
            FileCheckResult r = check(checks, "a\nb\nx\nd\nc\n");
            assertThat(r.message()).startsWith(
                    "check.txt:3:12: error: CHECK-NOT: excluded string found in input\n")
                    .contains("<stdin>:3:1: note: found here");
        }
    }

    @Nested
    class Label {
        private static final String CHECKS = """
        CHECK-LABEL: func @one
        CHECK: return1
        CHECK-LABEL: func @two
        CHECK: return2
        """;

        @Test
        void checksStayInsideTheirBlock() {
            assertThat(check(CHECKS, "func @one\nreturn1\nfunc @two\nreturn2\n").passed()).isTrue();
        }

        @Test
        void checkMatchingOnlyInNextBlockFails() {
            FileCheckResult r = check(CHECKS, "func @one\nnothing\nfunc @two\nreturn1\nreturn2\n");
            assertThat(r.message())
                    .startsWith("check.txt:2:8: error: CHECK: expected string not found in input\n")
                    .contains("<stdin>:1:10: note: scanning from here")
                    .doesNotContain("check.txt:4");
        }

        @Test
        void laterBlocksAreStillChecked() {
            FileCheckResult r = check(CHECKS, "func @one\nx\nfunc @two\ny\n");
            assertThat(r.message()).contains("check.txt:2:8: error:").contains("check.txt:4:8: error:");
        }

        @Test
        void missingLabelFails() {
            FileCheckResult r = check(CHECKS, "func @one\nreturn1\nreturn2\n");
            assertThat(r.message()).startsWith(
                    "check.txt:3:14: error: CHECK-LABEL: expected string not found in input\n");
        }

        @Test
        void labelMayNotUseVariables() {
            FileCheckResult r = check("CHECK-LABEL: func [[NAME:@[a-z]+]]\n", "func @f\n");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).startsWith(
                    "check.txt:1:1: error: found 'CHECK-LABEL:' with variable definition or use\n");
        }

        @Test
        void localVariablesAreClearedAtLabels() {
            String checks = """
          CHECK-LABEL: one
          CHECK: v=[[V:[0-9]+]] g=[[$G:[0-9]+]]
          CHECK-LABEL: two
          CHECK: g=[[$G]]
          """;
            assertThat(check(checks, "one\nv=1 g=2\ntwo\ng=2\n").passed()).isTrue();
            FileCheckResult r = check(checks.replace("g=[[$G]]", "v=[[V]]"), "one\nv=1 g=2\ntwo\nv=1\n");
            assertThat(r.message()).contains("note: uses undefined variable(s): \"V\"");
            FileCheckOptions noScope = FileCheckOptions.defaults().withVarScope(false);
            assertThat(check(checks.replace("g=[[$G]]", "v=[[V]]"), "one\nv=1 g=2\ntwo\nv=1\n", noScope)
                    .passed()).isTrue();
        }
    }

    @Nested
    class Count {
        @Test
        void matchesExactlyNTimes() {
            assertThat(check("CHECK-COUNT-3: load\nCHECK: store\n", "load\nload\nload\nstore\n")
                    .passed()).isTrue();
        }

        @Test
        void failsWithTooFewMatches() {
            FileCheckResult r = check("CHECK-COUNT-3: load\n", "load\nload\nstore\n");
            assertThat(r.message()).startsWith(
                    "check.txt:1:16: error: CHECK-COUNT: expected string not found in input (3 out of 3)\n");
        }

        @Test
        void zeroCountIsAnError() {
            FileCheckResult r = check("CHECK-COUNT-0: x\n", "x\n");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).contains(
                    "error: invalid count in -COUNT specification on prefix 'CHECK'");
        }
    }

    @Nested
    class Comments {
        @Test
        void comDirectivesAreIgnored() {
            assertThat(check("COM: CHECK: missing\nCHECK: here\n", "here\n").passed()).isTrue();
        }

        @Test
        void runLinesAreComments() {
            assertThat(check("// RUN: FileCheck %s | CHECK: nope\n// CHECK: yes\n", "yes\n").passed())
                    .isTrue();
        }

        @Test
        void prefixMustStartAWord() {
            FileCheckResult r = check("XCHECK: foo\nCHECK_X: bar\n", "foo\n");
            assertThat(r.message()).isEqualTo("error: no check strings found with prefix 'CHECK:'\n");
        }
    }
}
