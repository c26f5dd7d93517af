package org.hipep.pass.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PipelineRoundTripTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "builtin.module(cse)",
            "builtin.module()",
            "any(cse)",
            "builtin.module(func.func(cse,canonicalize{max-iterations=10}),symbol-dce)",
            "builtin.module(builtin.module(func.func(cse)),any(canonicalize))",
            "builtin.module(canonicalize{max-iterations=10 region-simplify=normal test-convergence=false})",
            "builtin.module(foo{a=\"x(y),z\" b={c=(d) e='}'}})",
            "builtin.module(foo{name='hello world' list={1,2,3}})",
            "builtin.module(pipe{nested={a=b c={d=e}}})",
            "gpu.module(hip-pool-allocs{mode=aggressive},cse)",
            "builtin.module(func.func(),cse)",
            "builtin.module(a,b,c,d,e,f)",
            "func.func(test-options-pass{list={1,2,3,4} string=foo\"bar\"baz enum=one})",
            "builtin.module(x$y.z_1-2)",
            "builtin.module(func.func(func.func(func.func(cse))))",
    })
    void canonicalTextIsAFixedPoint(String text) {
        String printed = PipelinePrinter.print(PipelineParser.parse(text));
        assertThat(printed).isEqualTo(text);
        assertThat(PipelinePrinter.print(PipelineParser.parse(printed))).isEqualTo(printed);
    }

    static Stream<Arguments> messyInputs() {
        return Stream.of(
                Arguments.of("  builtin.module ( cse )  ", "builtin.module(cse)"),
                Arguments.of("builtin.module(\n  func.func(cse ,\tcanonicalize)\n)",
                        "builtin.module(func.func(cse,canonicalize))"),
                Arguments.of("builtin.module(p{  a=1\n b=2 })", "builtin.module(p{a=1 b=2})"),
                Arguments.of("builtin.module(p{})", "builtin.module(p)"),
                Arguments.of("builtin.module(p { x = y } )", "builtin.module(p{x = y})"));
    }

    @ParameterizedTest
    @MethodSource("messyInputs")
    void printingThenParsingIsAFixedPoint(String input, String canonical) {
        String once = PipelinePrinter.print(PipelineParser.parse(input));
        assertThat(once).isEqualTo(canonical);
        String twice = PipelinePrinter.print(PipelineParser.parse(once));
        assertThat(twice).isEqualTo(once);
    }
}
