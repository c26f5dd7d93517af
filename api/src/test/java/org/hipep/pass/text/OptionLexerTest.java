package org.hipep.pass.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OptionLexerTest {

    private static PipelineParseException fail(String text) {
        PipelineParseException e =
                catchThrowableOfType(PipelineParseException.class, () -> OptionLexer.split(text));
        assertThat(e).as("lexer error for <%s>", text).isNotNull();
        return e;
    }

    @Test
    void keyValuesAndBareFlags() {
        assertThat(OptionLexer.split("max-iterations=10 test-convergence")).containsExactly(
                new RawOption("max-iterations", "10", 0),
                new RawOption("test-convergence", null, 18));
        RawOption flag = OptionLexer.split("  flag").get(0);
        assertThat(flag.isFlag()).isTrue();
        assertThat(flag.valueColumn()).isEqualTo(-1);
        assertThat(flag.column()).isEqualTo(2);
    }

    @Test
    void emptyAndBlankTextHaveNoOptions() {
        assertThat(OptionLexer.split("")).isEmpty();
        assertThat(OptionLexer.split(" \t\n ")).isEmpty();
    }

    @Test
    void quotedValuesDropQuotesAndKeepSpaces() {
        assertThat(OptionLexer.split("name=\"hello world\" other='a \"b\" c'")).containsExactly(
                new RawOption("name", "hello world", 0),
                new RawOption("other", "a \"b\" c", 19));
        assertThat(OptionLexer.split("s=\"\"").get(0).value()).isEmpty();
    }

    @Test
    void braceGroupsKeepInnerTextVerbatim() {
        List<RawOption> options = OptionLexer.split("list={1,2,3} nested={a=b  c={d=e}} q={x='}'}");
        assertThat(options).extracting(RawOption::value)
                .containsExactly("1,2,3", "a=b  c={d=e}", "x='}'");
        assertThat(options.get(1).valueColumn()).isEqualTo(20);
    }

    @Test
    void mixedTokensAreKeptVerbatim() {
        assertThat(OptionLexer.split("s=foo\"bar baz\"qux t={a}{b} u=").get(0).value())
                .isEqualTo("foo\"bar baz\"qux");
        assertThat(OptionLexer.split("t={a}{b}").get(0).value()).isEqualTo("{a}{b}");
        assertThat(OptionLexer.split("u=").get(0).value()).isEmpty();
        assertThat(OptionLexer.split("v=a=b").get(0).value()).isEqualTo("a=b");
    }

    @Test
    void duplicatesArePreservedInOrder() {
        assertThat(OptionLexer.split("a=1 a=2")).extracting(RawOption::value).containsExactly("1", "2");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "a=\"unterminated      | unterminated quoted string while processing pass options | 2",
            "a=1 b='x             | unterminated quoted string while processing pass options | 6",
            "a={1,2               | missing closing '}' while processing pass options | 2",
            "a={{x}               | missing closing '}' while processing pass options | 2",
            "a=1}                 | unexpected '}' while processing pass options | 3",
            "=3                   | expected option name before '=' | 0",
            "a=1 =3               | expected option name before '=' | 4",
            "x{y}=1               | unexpected '{' in option name | 1",
    })
    void lexicalErrorsCarryColumns(String text, String message, int column) {
        PipelineParseException e = fail(text);
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.column()).isEqualTo(column);
    }

    @Test
    void splitListHandlesBracesQuotesAndWhitespace() {
        assertThat(OptionLexer.splitList("1,2,3")).containsExactly("1", "2", "3");
        assertThat(OptionLexer.splitList(" 1 , 2 ")).containsExactly("1", "2");
        assertThat(OptionLexer.splitList("{a=b c},{d},\"x,y\"")).containsExactly("a=b c", "d", "x,y");
        assertThat(OptionLexer.splitList("{1,2},{3}")).containsExactly("1,2", "3");
        assertThat(OptionLexer.splitList("a,,b")).containsExactly("a", "", "b");
        assertThat(OptionLexer.splitList("")).isEmpty();
    }

    @Test
    void normalizeCollapsesOnlyTopLevelWhitespace() {
        assertThat(OptionLexer.normalize("  a=1 \n\t b=\"x   y\"  c={d  e}  "))
                .isEqualTo("a=1 b=\"x   y\" c={d  e}");
        String once = OptionLexer.normalize(" a='it  is'   b ");
        assertThat(OptionLexer.normalize(once)).isEqualTo(once);
    }

    @Test
    void verbatimValueDetection() {
        assertThat(OptionLexer.isVerbatimValue("foo", false)).isTrue();
        assertThat(OptionLexer.isVerbatimValue("a,b", false)).isTrue();
        assertThat(OptionLexer.isVerbatimValue("a,b", true)).isFalse();
        assertThat(OptionLexer.isVerbatimValue("a b", false)).isFalse();
        assertThat(OptionLexer.isVerbatimValue("\"ab\"", false)).isFalse();
        assertThat(OptionLexer.isVerbatimValue("{x}", false)).isFalse();
        assertThat(OptionLexer.isVerbatimValue("", false)).isTrue();
        assertThat(OptionLexer.isVerbatimValue("", true)).isFalse();
    }
}
