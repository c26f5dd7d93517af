package org.hipep.pass.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.pass.text.PipelineParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PassOptionsTest {

    enum Simplify { DISABLED, NORMAL, AGGRESSIVE }

    private final PassOptions opts = new PassOptions();
    private final Option<Integer> maxIter =
            opts.intOption("max-iterations", "Max. iterations between applying patterns", 10);
    private final Option<Long> maxRewrites =
            opts.longOption("max-num-rewrites", "Max. number of pattern rewrites", -1L);
    private final Option<Double> ratio = opts.doubleOption("ratio", "A ratio", 0.5);
    private final Option<Boolean> converge =
            opts.boolOption("test-convergence", "Test only: Fail if not converged", false);
    private final Option<String> name = opts.stringOption("name", "A name", "");
    private final Option<Simplify> simplify = opts.enumOption(
            "region-simplify", "Region simplification", Simplify.class, Simplify.NORMAL);
    private final Option<List<Integer>> list =
            opts.listOption("list", "A list of integers", OptionType.INT);
    private final Option<String> nested = opts.nestedOption("nested", "Options passed down");

    private PipelineParseException fail(String text) {
        PipelineParseException e =
                catchThrowableOfType(PipelineParseException.class, () -> opts.parse(text));
        assertThat(e).as("option error for <%s>", text).isNotNull();
        return e;
    }

    @Test
    void defaultsUntilSet() {
        assertThat(maxIter.get()).isEqualTo(10);
        assertThat(maxIter.hasValue()).isFalse();
        assertThat(list.get()).isEmpty();
        assertThat(nested.get()).isEmpty();
        opts.parse("");
        assertThat(maxIter.hasValue()).isFalse();
    }

    @Test
    void validValuesOfEachType() {
        opts.parse("max-iterations=20 max-num-rewrites=10000000000 ratio=1.5e1 test-convergence "
                + "name=\"hello world\" region-simplify=aggressive list=1,2,3 nested={a=b c={d=e}}");
        assertThat(maxIter.get()).isEqualTo(20);
        assertThat(maxIter.hasValue()).isTrue();
        assertThat(maxRewrites.get()).isEqualTo(10_000_000_000L);
        assertThat(ratio.get()).isEqualTo(15.0);
        assertThat(converge.get()).isTrue();
        assertThat(name.get()).isEqualTo("hello world");
        assertThat(simplify.get()).isEqualTo(Simplify.AGGRESSIVE);
        assertThat(list.get()).containsExactly(1, 2, 3);
        assertThat(nested.get()).isEqualTo("a=b c={d=e}");
        assertThat(ratio.hasValue()).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"true,true", "false,false", "1,true", "0,false", "TRUE,true", "False,false"})
    void booleanSpellings(String text, boolean expected) {
        opts.parse("test-convergence=" + text);
        assertThat(converge.get()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"-7,-7", "+7,7", "0x1F,31", "-0x10,-16", "2147483647,2147483647"})
    void integerSpellings(String text, int expected) {
        opts.parse("max-iterations=" + text);
        assertThat(maxIter.get()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "max-iterations=abc       | invalid value 'abc' for option 'max-iterations': expected an integer | 15",
            "max-iterations=2147483648| invalid value '2147483648' for option 'max-iterations': expected an integer | 15",
            "max-iterations=1.5       | invalid value '1.5' for option 'max-iterations': expected an integer | 15",
            "max-num-rewrites=x1      | invalid value 'x1' for option 'max-num-rewrites': expected an integer | 17",
            "ratio=1.5.5              | invalid value '1.5.5' for option 'ratio': expected a number | 6",
            "ratio=1.0d               | invalid value '1.0d' for option 'ratio': expected a number | 6",
            "test-convergence=yes     | invalid value 'yes' for option 'test-convergence': expected a boolean (true/false/1/0) | 17",
            "test-convergence=        | invalid value '' for option 'test-convergence': expected a boolean (true/false/1/0) | 17",
            "region-simplify=fast     | invalid value 'fast' for option 'region-simplify': expected one of disabled, normal, aggressive | 16",
            "a=1                      | no such option 'a'. valid options: list, max-iterations, max-num-rewrites, name, nested, ratio, region-simplify, test-convergence | 0",
            "list=1 list={2,x,3}      | invalid value 'x' for option 'list': expected an integer | 12",
            "ratio=1 max-iterations   | missing value for option 'max-iterations': expected an integer | 8",
            "name                     | missing value for option 'name': expected a string | 0",
    })
    void invalidValuesReportKeyValueAndColumn(String text, String message, int column) {
        PipelineParseException e = fail(text);
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.column()).isEqualTo(column);
    }

    @Test
    void unknownOptionNamesValidOptions() {
        PassOptions small = new PassOptions();
        small.intOption("b", "", 0);
        small.boolOption("a", "", false);
        PipelineParseException e = catchThrowableOfType(
                PipelineParseException.class, () -> small.parse("a b=2 c=3"));
        assertThat(e.getMessage()).isEqualTo("no such option 'c'. valid options: a, b");
        assertThat(e.column()).isEqualTo(6);
        assertThat(e.render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:7: error: no such option 'c'. valid options: a, b\n"
                        + "a b=2 c=3\n"
                        + "      ^");
    }

    @Test
    void lexicalErrorsPropagate() {
        PipelineParseException e = fail("name=\"oops");
        assertThat(e.getMessage()).isEqualTo("unterminated quoted string while processing pass options");
        assertThat(e.column()).isEqualTo(5);
    }

    @Test
    void lastOccurrenceWinsButListsAppend() {
        opts.parse("max-iterations=1 list={1,2} nested={x=1} max-iterations=3 list=3 nested={y=2}");
        assertThat(maxIter.get()).isEqualTo(3);
        assertThat(list.get()).containsExactly(1, 2, 3);
        assertThat(nested.get()).isEqualTo("y=2");
    }

    @Test
    void listForms() {
        opts.parse("list={1,2,3}");
        assertThat(list.get()).containsExactly(1, 2, 3);
        opts.reset();
        opts.parse("list={ {4} , 5 }");
        assertThat(list.get()).containsExactly(4, 5);
        opts.reset();
        opts.parse("list={}");
        assertThat(list.get()).isEmpty();
        assertThat(list.hasValue()).isTrue();
        assertThatThrownBy(() -> list.get().add(1)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void nestedListElementsAndStringLists() {
        PassOptions p = new PassOptions();
        Option<List<String>> pipes = p.listOption("pipes", "Nested option groups", OptionType.NESTED);
        Option<List<String>> strs = p.listOption("strs", "Strings", OptionType.STRING);
        p.parse("pipes={a=b c=d},{e=f} strs={\"x,y\",'a b',plain}");
        assertThat(pipes.get()).containsExactly("a=b c=d", "e=f");
        assertThat(strs.get()).containsExactly("x,y", "a b", "plain");
        // Inside the list's braces, inner spaces need no quotes; commas do.
        assertThat(p.print()).isEqualTo("pipes={{a=b c=d},{e=f}} strs={\"x,y\",a b,plain}");
        PassOptions again = new PassOptions();
        Option<List<String>> pipes2 = again.listOption("pipes", "", OptionType.NESTED);
        Option<List<String>> strs2 = again.listOption("strs", "", OptionType.STRING);
        again.parse(p.print());
        assertThat(pipes2.get()).isEqualTo(pipes.get());
        assertThat(strs2.get()).isEqualTo(strs.get());
    }

    @Test
    void enumFromMapAndCustomElementType() {
        PassOptions p = new PassOptions();
        Map<String, Integer> levels = new LinkedHashMap<>();
        levels.put("zero", 0);
        levels.put("one", 1);
        Option<Integer> level = p.enumOption("enum", "An enum", levels, 0);
        Option<List<Character>> chars = p.listOption("chars", "Characters", OptionType.of(
                "char", "a single character", s -> {
                    if (s.length() != 1) {
                        throw new IllegalArgumentException(s);
                    }
                    return s.charAt(0);
                }, String::valueOf));
        p.parse("enum=one chars=a,b");
        assertThat(level.get()).isEqualTo(1);
        assertThat(chars.get()).containsExactly('a', 'b');
        PipelineParseException e =
                catchThrowableOfType(PipelineParseException.class, () -> p.parse("chars=ab"));
        assertThat(e.getMessage())
                .isEqualTo("invalid value 'ab' for option 'chars': expected a single character");
        assertThat(p.describe()).containsExactly(
                "  --chars=<list> - Characters",
                "  --enum=<zero|one> - An enum");
    }

    @Test
    void declarationErrors() {
        assertThatThrownBy(() -> opts.intOption("max-iterations", "again", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'max-iterations' declared twice");
        assertThatThrownBy(() -> opts.intOption("bad name", "", 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> opts.enumOption("e", "", Map.of("a", 1), 2))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void setAndReset() {
        maxIter.set(42);
        assertThat(maxIter.get()).isEqualTo(42);
        assertThat(maxIter.hasValue()).isTrue();
        opts.reset();
        assertThat(maxIter.get()).isEqualTo(10);
        assertThat(maxIter.hasValue()).isFalse();
        assertThat(opts.find("ratio")).containsSame(ratio);
        assertThat(opts.find("nope")).isEmpty();
        assertThat(opts.options()).extracting(Option::name).startsWith("max-iterations", "max-num-rewrites");
    }
}
