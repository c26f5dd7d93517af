package org.hipep.testing.filecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.testing.filecheck.FileCheckTesting.check;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Pattern syntax: regexes, variables, @LINE, whitespace, full lines. */
class FileCheckPatternTest {

    @Nested
    class Regex {
        @Test
        void regexBlockMatches() {
            assertThat(check("CHECK: value {{[0-9]+}}\n", "value 42\n").passed()).isTrue();
        }

        @Test
        void regexBlockMismatchFails() {
            assertThat(check("CHECK: value {{[0-9]+}}\n", "value x\n").passed()).isFalse();
        }

        @Test
        void alternationIsConfinedToItsBlock() {
            assertThat(check("CHECK: abc{{x|z}}def\n", "abczdef\n").passed()).isTrue();
            assertThat(check("CHECK: abc{{x|z}}def\n", "z\n").passed()).isFalse();
        }

        @Test
        void posixClassesAndBoundsAreTranslated() {
            assertThat(check("CHECK: {{[[:digit:]]{3}}} {{[[:alpha:]_]+}}\n", "123 ab_c\n").passed())
                    .isTrue();
            assertThat(check("CHECK: {{[[:digit:]]{3}}}\n", "12\n").passed()).isFalse();
        }

        @Test
        void regexMetacharactersOutsideBlocksAreLiteral() {
            assertThat(check("CHECK: a.b(c)*\n", "a.b(c)*\n").passed()).isTrue();
            assertThat(check("CHECK: a.b\n", "axb\n").passed()).isFalse();
        }

        @Test
        void regexDoesNotCrossLinesUnlessAskedTo() {
            assertThat(check("CHECK: foo{{.*}}bar\n", "foo\nbar\n").passed()).isFalse();
            assertThat(check("CHECK: foo{{\\n}}bar\n", "foo\nbar\n").passed()).isTrue();
        }

        @Test
        void unterminatedRegexIsAnError() {
            FileCheckResult r = check("CHECK: a{{b\n", "ab\n");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).isEqualTo("""
          check.txt:1:9: error: found start of regex string with no end '}}'
          CHECK: a{{b
                  ^
          """);
        }

        @Test
        void invalidRegexIsAnError() {
            FileCheckResult r = check("CHECK: {{(}}\n", "(\n");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).startsWith("check.txt:1:8: error: invalid regex: ");
        }

        @Test
        void literalModifierDisablesPatternSyntax() {
            assertThat(check("CHECK{LITERAL}: {{x}} [[y]]\n", "{{x}} [[y]]\n").passed()).isTrue();
            assertThat(check("CHECK{LITERAL}: {{x}}\n", "x\n").passed()).isFalse();
        }
    }

    @Nested
    class Variables {
        private static final String DEF_USE = "CHECK: %[[V:[0-9]+]] = add\nCHECK: ret %[[V]]\n";

        @Test
        void definedVariableCanBeUsedLater() {
            assertThat(check(DEF_USE, "%7 = add\nret %7\n").passed()).isTrue();
        }

        @Test
        void mismatchingValueFailsAndShowsTheValue() {
            FileCheckResult r = check(DEF_USE, "%7 = add\nret %8\n");
            assertThat(r.message())
                    .startsWith("check.txt:2:8: error: CHECK: expected string not found in input\n")
                    .contains("<stdin>:1:9: note: with \"V\" equal to \"7\"\n");
        }

        @Test
        void useBeforeDefinitionIsAnError() {
            FileCheckResult r = check("CHECK: ret %[[V]]\nCHECK: %[[V:[0-9]+]]\n", "ret %1\n");
            assertThat(r.message()).isEqualTo("""
          check.txt:1:8: error: CHECK: expected string not found in input
          CHECK: ret %[[V]]
                 ^
          <stdin>:1:1: note: scanning from here
          ret %1
          ^
          <stdin>:1:1: note: uses undefined variable(s): "V"
          ret %1
          ^
          """);
        }

        @Test
        void variableDefinedEarlierOnTheSameLineIsABackReference() {
            String checks = "CHECK: [[X:[a-z]+]] = [[X]]\n";
            assertThat(check(checks, "ab = ab\n").passed()).isTrue();
            assertThat(check(checks, "ab = cd\n").passed()).isFalse();
        }

        @Test
        void commandLineDefinitionsAreVariables() {
            FileCheckOptions opts = FileCheckOptions.defaults().withDefine("N", "42");
            assertThat(check("CHECK: value [[N]]\n", "value 42\n", opts).passed()).isTrue();
            assertThat(check("CHECK: value [[N]]\n", "value 43\n", opts).passed()).isFalse();
        }

        @Test
        void invalidNameIsAnError() {
            FileCheckResult r = check("CHECK: [[1X:a]]\n", "a\n");
            assertThat(r.message()).contains("error: invalid name in string variable definition");
        }

        @Test
        void unterminatedSubstitutionIsAnError() {
            assertThat(check("CHECK: [[X\n", "a\n").message())
                    .contains("error: Invalid substitution block, no ]] found");
        }
    }

    @Nested
    class Line {
        @Test
        void lineExpressionsExpandToCheckFileLines() {
            String checks = "CHECK: here [[@LINE]]\nCHECK: next [[@LINE+1]]\nCHECK: prev [[@LINE-1]]\n";
            assertThat(check(checks, "here 1\nnext 3\nprev 2\n").passed()).isTrue();
        }

        @Test
        void wrongLineFailsAndShowsTheValue() {
            FileCheckResult r = check("\nCHECK: at [[@LINE]]\n", "at 1\n");
            assertThat(r.message()).contains("note: with \"@LINE\" equal to \"2\"");
        }

        @Test
        void numericSyntaxForLineIsAccepted() {
            assertThat(check("CHECK: at [[#@LINE + 1]]\n", "at 2\n").passed()).isTrue();
        }
    }

    @Nested
    class Whitespace {
        @Test
        void runsOfWhitespaceAreEquivalent() {
            assertThat(check("CHECK: a    b\n", "a \t  b\n").passed()).isTrue();
        }

        @Test
        void whitespaceIsStillRequired() {
            assertThat(check("CHECK: a b\n", "ab\n").passed()).isFalse();
            assertThat(check("CHECK: ab\n", "a b\n").passed()).isFalse();
        }

        @Test
        void strictWhitespaceComparesExactly() {
            FileCheckOptions strict = FileCheckOptions.defaults().withStrictWhitespace(true);
            assertThat(check("CHECK: a  b\n", "a  b\n", strict).passed()).isTrue();
            assertThat(check("CHECK: a b\n", "a  b\n", strict).passed()).isFalse();
        }

        @Test
        void leadingAndTrailingPatternWhitespaceIsIgnored() {
            assertThat(check("CHECK:    foo   \n", "xfoox\n").passed()).isTrue();
        }
    }

    @Nested
    class FullLines {
        private final FileCheckOptions full = FileCheckOptions.defaults().withMatchFullLines(true);

        @Test
        void wholeLineMatches() {
            assertThat(check("CHECK: foo bar\n", "  foo bar \n", full).passed()).isTrue();
        }

        @Test
        void partialLineFails() {
            assertThat(check("CHECK: foo\n", "foo bar\n", full).passed()).isFalse();
            assertThat(check("CHECK: foo\n", "foo bar\n").passed()).isTrue();
        }

        @Test
        void strictFullLinesKeepsSurroundingWhitespace() {
            FileCheckOptions strict = full.withStrictWhitespace(true);
            assertThat(check("CHECK:foo\n", "foo\n", strict).passed()).isTrue();
            assertThat(check("CHECK:foo\n", " foo\n", strict).passed()).isFalse();
        }

        @Test
        void checkNotIsNotAnchored() {
            assertThat(check("CHECK: a\nCHECK-NOT: bad\nCHECK: b\n", "a\nso bad\nb\n", full).passed())
                    .isFalse();
        }
    }

    @Nested
    class EmptyStrings {
        @Test
        void emptyCheckStringIsAnError() {
            FileCheckResult r = check("CHECK: foo\nCHECK:   \n", "foo\n");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).isEqualTo("""
          check.txt:2:8: error: found empty check string with prefix 'CHECK:'
          CHECK:\s
                 ^
          """);
        }

        @Test
        void emptyInputIsAnError() {
            FileCheckResult r = check("CHECK-NOT: foo\n", "");
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.message()).isEqualTo("FileCheck error: '<stdin>' is empty.\n");
        }

        @Test
        void emptyInputCanBeAllowed() {
            FileCheckOptions opts = FileCheckOptions.defaults().withAllowEmpty(true);
            assertThat(check("CHECK-NOT: foo\n", "", opts).passed()).isTrue();
            assertThat(check("CHECK: foo\n", "", opts).passed()).isFalse();
        }
    }
}
