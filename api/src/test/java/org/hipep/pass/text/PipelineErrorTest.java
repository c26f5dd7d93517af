package org.hipep.pass.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PipelineErrorTest {

    private static final String NOT_ANCHORED =
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
                    + "'builtin.module(...)'";
    private static final String UNBALANCED =
            "encountered unbalanced parentheses while parsing pipeline";
    private static final String EXTRA_PAREN =
            "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline";
    private static final String COMMA = "expected ',' after parsing pipeline";
    private static final String NAME = "expected pass or pipeline name";
    private static final String BRACE = "missing closing '}' while processing pass options";
    private static final String TRAILING =
            "expected end of pipeline text after the anchored pipeline";

    static PipelineParseException failParse(String text) {
        PipelineParseException e =
                catchThrowableOfType(PipelineParseException.class, () -> PipelineParser.parse(text));
        assertThat(e).as("parse error for <%s>", text).isNotNull();
        return e;
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("cse", NOT_ANCHORED, 0),
                Arguments.of("cse,canonicalize", NOT_ANCHORED, 0),
                Arguments.of("", NOT_ANCHORED, 0),
                Arguments.of("(cse)", NOT_ANCHORED, 0),
                Arguments.of("builtin.module{a=1}(cse)", NOT_ANCHORED, 0),
                Arguments.of("builtin.module(func.func(cse)", UNBALANCED, 29),
                Arguments.of("builtin.module(cse", UNBALANCED, 18),
                Arguments.of("builtin.module(", UNBALANCED, 15),
                Arguments.of("builtin.module(cse))", EXTRA_PAREN, 19),
                Arguments.of("builtin.module(func.func(cse))) ", EXTRA_PAREN, 30),
                Arguments.of("builtin.module(a b)", COMMA, 17),
                Arguments.of("builtin.module(func.func(cse)canonicalize)", COMMA, 29),
                Arguments.of("builtin.module(cse{a=1}b)", COMMA, 23),
                Arguments.of("builtin.module(a;b)", COMMA, 16),
                Arguments.of("builtin.module(a,,b)", NAME, 17),
                Arguments.of("builtin.module(a,)", NAME, 17),
                Arguments.of("builtin.module(,a)", NAME, 15),
                Arguments.of("builtin.module(func.func(cse),{a=1})", NAME, 30),
                Arguments.of("builtin.module(cse{max=1)", BRACE, 18),
                Arguments.of("builtin.module(p{a={b})", BRACE, 16),
                Arguments.of("builtin.module(p{s=\"}\")", BRACE, 16),
                Arguments.of("builtin.module(cse) cse", TRAILING, 20),
                Arguments.of("builtin.module(cse),func.func(cse)", TRAILING, 19));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void reportsMessageAndColumn(String text, String message, int column) {
        PipelineParseException e = failParse(text);
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.column()).isEqualTo(column);
        assertThat(e.text()).isEqualTo(text);
    }

    @Test
    void constantsMatchPinnedTexts() {
        assertThat(ParseMessages.NOT_ANCHORED).isEqualTo(NOT_ANCHORED);
        assertThat(ParseMessages.UNBALANCED_PARENS).isEqualTo(UNBALANCED);
        assertThat(ParseMessages.EXTRA_CLOSING_PAREN).isEqualTo(EXTRA_PAREN);
        assertThat(ParseMessages.EXPECTED_COMMA).isEqualTo(COMMA);
        assertThat(ParseMessages.EXPECTED_NAME).isEqualTo(NAME);
        assertThat(ParseMessages.MISSING_CLOSING_BRACE).isEqualTo(BRACE);
        assertThat(ParseMessages.TRAILING_TEXT).isEqualTo(TRAILING);
    }

    @Test
    void rendersMissingComma() {
        assertThat(failParse("builtin.module(a b)").render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:18: error: expected ',' after parsing pipeline\n"
                        + "builtin.module(a b)\n"
                        + "                 ^");
    }

    @Test
    void rendersUnbalancedAtEndOfText() {
        assertThat(failParse("builtin.module(func.func(cse)").render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:30: error: " + UNBALANCED + "\n"
                        + "builtin.module(func.func(cse)\n"
                        + "                             ^");
    }

    @Test
    void rendersMissingBraceAtOpeningBrace() {
        assertThat(failParse("builtin.module(cse{max=1)").render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:19: error: " + BRACE + "\n"
                        + "builtin.module(cse{max=1)\n"
                        + "                  ^");
    }

    @Test
    void rendersNotAnchoredAtColumnOne() {
        assertThat(failParse("cse,canonicalize").render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:1: error: " + NOT_ANCHORED + "\n"
                        + "cse,canonicalize\n"
                        + "^");
    }

    @Test
    void rendersMultiLineTextOnTheRightLine() {
        PipelineParseException e = failParse("builtin.module(\n  cse\n  canonicalize)");
        assertThat(e.column()).isEqualTo(24);
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:3:3: error: " + COMMA + "\n"
                        + "  canonicalize)\n"
                        + "  ^");
    }

    @Test
    void rendersTabsExpanded() {
        PipelineParseException e = failParse("builtin.module(\ta\tb)");
        assertThat(e.column()).isEqualTo(18);
        assertThat(e.render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:19: error: " + COMMA + "\n"
                        + "builtin.module( a       b)\n"
                        + " ".repeat(24) + "^");
    }

    @Test
    void unanchoredEntryPointErrors() {
        PipelineParseException extra = catchThrowableOfType(
                PipelineParseException.class, () -> PipelineParser.parseUnanchored("cse)"));
        assertThat(extra.getMessage()).isEqualTo(EXTRA_PAREN);
        assertThat(extra.column()).isEqualTo(3);
        PipelineParseException comma = catchThrowableOfType(
                PipelineParseException.class, () -> PipelineParser.parseUnanchored("cse canonicalize"));
        assertThat(comma.getMessage()).isEqualTo(COMMA);
        assertThat(comma.column()).isEqualTo(4);
        PipelineParseException name = catchThrowableOfType(
                PipelineParseException.class, () -> PipelineParser.parseUnanchored("cse,"));
        assertThat(name.getMessage()).isEqualTo(NAME);
        assertThat(name.column()).isEqualTo(4);
    }

    @Test
    void callerDiagnosticsPointAtElementRange() {
        String text = "builtin.module(func.func(cse),foo{x=1})";
        NestedPipeline top = PipelineParser.parse(text);
        PassElement foo = (PassElement) top.elements().get(1);
        PipelineParseException e = PipelineParseException.at(text, foo.where().start(),
                "'" + foo.name() + "' does not refer to a registered pass or pass pipeline");
        assertThat(e.render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:31: error: 'foo' does not refer to a registered "
                        + "pass or pass pipeline\n"
                        + text + "\n"
                        + " ".repeat(30) + "^");
    }

    @Test
    void optionErrorsRebaseOntoPipelineText() {
        String text = "builtin.module(p{a=1 \"b\"=2})";
        PassElement p = (PassElement) PipelineParser.parse(text).elements().get(0);
        PipelineParseException inOptions = catchThrowableOfType(
                PipelineParseException.class, () -> OptionLexer.split(p.options()));
        assertThat(inOptions.column()).isEqualTo(4);
        PipelineParseException rebased = inOptions.rebase(text, p.optionsStart());
        assertThat(rebased.column()).isEqualTo(21);
        assertThat(rebased.getMessage()).isEqualTo("unexpected '\"' in option name");
        assertThat(rebased.render()).endsWith(text + "\n" + " ".repeat(21) + "^");
        assertThat(rebased.getCause()).isSameAs(inOptions);
    }

    @Test
    void atClampsColumnIntoText() {
        assertThat(PipelineParseException.at("abc", 99, "m").column()).isEqualTo(3);
        assertThat(PipelineParseException.at("abc", -5, "m").column()).isZero();
    }
}
