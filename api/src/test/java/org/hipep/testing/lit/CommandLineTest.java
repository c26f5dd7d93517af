package org.hipep.testing.lit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hipep.testing.lit.CommandLine.Command;
import org.hipep.testing.lit.CommandLine.Redirect;
import org.hipep.testing.lit.CommandLine.RedirectKind;
import org.junit.jupiter.api.Test;

/** Shell-like splitting of RUN lines. */
class CommandLineTest {

    private static List<String> words(String text) {
        CommandLine cl = CommandLine.parse(text);
        assertThat(cl.pipelines()).hasSize(1);
        assertThat(cl.pipelines().get(0).commands()).hasSize(1);
        return cl.pipelines().get(0).commands().get(0).argv();
    }

    private static Command only(String text) {
        return CommandLine.parse(text).pipelines().get(0).commands().get(0);
    }

    @Test
    void splitsOnWhitespace() {
        assertThat(words("  FileCheck   %s\t--check-prefix=X ")).containsExactly(
                "FileCheck", "%s", "--check-prefix=X");
    }

    @Test
    void singleQuotesAreLiteral() {
        assertThat(words("echo 'a  b\\c \"d\"'")).containsExactly("echo", "a  b\\c \"d\"");
    }

    @Test
    void doubleQuotesHonourEscapes() {
        assertThat(words("echo \"say \\\"hi\\\" \\\\ \\n\"")).containsExactly("echo",
                "say \"hi\" \\ \\n");
    }

    @Test
    void backslashEscapesOutsideQuotes() {
        assertThat(words("echo a\\ b \\| \\'")).containsExactly("echo", "a b", "|", "'");
    }

    @Test
    void adjacentPiecesFormOneWord() {
        assertThat(words("echo x'y z'\"w\"v ''")).containsExactly("echo", "xy zwv", "");
    }

    @Test
    void quotedOperatorsAreWords() {
        assertThat(words("echo '|' \"&&\" '>' 2")).containsExactly("echo", "|", "&&", ">", "2");
    }

    @Test
    void pipesSeparateCommands() {
        CommandLine cl = CommandLine.parse("tool %s|FileCheck %s | count 1");
        assertThat(cl.pipelines()).hasSize(1);
        assertThat(cl.pipelines().get(0).commands()).extracting(Command::argv).containsExactly(
                List.of("tool", "%s"), List.of("FileCheck", "%s"), List.of("count", "1"));
    }

    @Test
    void andSeparatesPipelines() {
        CommandLine cl = CommandLine.parse("a | b && c&&d");
        assertThat(cl.pipelines()).hasSize(3);
        assertThat(cl.pipelines().get(0).commands()).hasSize(2);
        assertThat(cl.pipelines().get(2).commands().get(0).argv()).containsExactly("d");
    }

    @Test
    void redirectionsAreCollectedInOrder() {
        Command c = only("tool < in.txt > out.txt 2> err.txt arg");
        assertThat(c.argv()).containsExactly("tool", "arg");
        assertThat(c.redirects()).containsExactly(
                new Redirect(RedirectKind.STDIN, "in.txt"),
                new Redirect(RedirectKind.STDOUT, "out.txt"),
                new Redirect(RedirectKind.STDERR, "err.txt"));
    }

    @Test
    void appendAndDuplicationOperators() {
        Command c = only("tool >>a 2>>b 2>&1 1>c >&2 1>&2 1>>d");
        assertThat(c.argv()).containsExactly("tool");
        assertThat(c.redirects()).containsExactly(
                new Redirect(RedirectKind.STDOUT_APPEND, "a"),
                new Redirect(RedirectKind.STDERR_APPEND, "b"),
                new Redirect(RedirectKind.STDERR_TO_STDOUT, null),
                new Redirect(RedirectKind.STDOUT, "c"),
                new Redirect(RedirectKind.STDOUT_TO_STDERR, null),
                new Redirect(RedirectKind.STDOUT_TO_STDERR, null),
                new Redirect(RedirectKind.STDOUT_APPEND, "d"));
    }

    @Test
    void digitInsideAWordIsNotAFileDescriptor() {
        Command c = only("echo a2>f");
        assertThat(c.argv()).containsExactly("echo", "a2");
        assertThat(c.redirects()).containsExactly(new Redirect(RedirectKind.STDOUT, "f"));
    }

    @Test
    void redirectTargetMayBeQuoted() {
        assertThat(only("echo x > 'my file'").redirects())
                .containsExactly(new Redirect(RedirectKind.STDOUT, "my file"));
    }

    @Test
    void malformedLinesAreRejected() {
        assertThatThrownBy(() -> CommandLine.parse("echo 'open"))
                .isInstanceOf(CommandLineException.class).hasMessageContaining("unterminated single quote");
        assertThatThrownBy(() -> CommandLine.parse("echo \"open"))
                .hasMessageContaining("unterminated double quote");
        assertThatThrownBy(() -> CommandLine.parse("echo >"))
                .hasMessage("missing file name after '>'");
        assertThatThrownBy(() -> CommandLine.parse("| cat"))
                .hasMessage("missing command before '|'");
        assertThatThrownBy(() -> CommandLine.parse("echo a &&"))
                .hasMessage("missing command before 'end of line'");
        assertThatThrownBy(() -> CommandLine.parse("   ")).hasMessage("empty command line");
    }

    @Test
    void unsupportedOperatorsAreRejected() {
        assertThatThrownBy(() -> CommandLine.parse("a || b"))
                .hasMessage("unsupported shell operator '||' at column 3");
        assertThatThrownBy(() -> CommandLine.parse("a ; b"))
                .hasMessage("unsupported shell operator ';' at column 3");
        assertThatThrownBy(() -> CommandLine.parse("a & b"))
                .hasMessage("unsupported shell operator '&' at column 3");
    }
}
