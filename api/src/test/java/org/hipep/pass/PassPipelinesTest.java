package org.hipep.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.hipep.pass.TestPasses.MarkFuncPass;
import org.hipep.pass.text.PipelineParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PassPipelinesTest {

    private static final PassRegistry REGISTRY = TestRegistry.create();

    private static String print(String text) {
        return PassPipelines.parsePassManager(text, REGISTRY).printAsTextualPipeline();
    }

    private static PipelineParseException failure(String text) {
        PipelineParseException e = catchThrowableOfType(PipelineParseException.class,
                () -> PassPipelines.parsePassManager(text, REGISTRY));
        assertThat(e).as("error for <%s>", text).isNotNull();
        return e;
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "builtin.module(test.func(test-mark{tag=a level=2}),test-count-ops)",
        "builtin.module( test.func( test-mark { level=3  only=1,2 } , test-count-ops ) )",
        "builtin.module(test-mark-pipeline{tag='a b'},any(test-fail{on=f1}))",
        "builtin.module(test.func(),test.func(test-mark),test-break)",
        "builtin.module()",
        "any(test-count-ops,test.func(test-throw))",
        "test.func(test-mark{only={1,2} only=3})",
    })
    void printParsePrintIsAFixedPoint(String text) {
        String once = print(text);
        assertThat(print(once)).isEqualTo(once);
        assertThat(print(print(once))).isEqualTo(once);
    }

    @Test
    void printsCurrentOptionsSorted() {
        assertThat(print("builtin.module(test.func(test-mark{tag=a level=2}),test-count-ops)"))
                .isEqualTo("builtin.module(test.func(test-mark{level=2 tag=a}),test-count-ops)");
        assertThat(print("builtin.module(test.func(test-mark))"))
                .isEqualTo("builtin.module(test.func(test-mark{level=1 tag=x}))");
        assertThat(print("test.func(test-mark{only={1,2} only=3})"))
                .isEqualTo("test.func(test-mark{level=1 only={1,2,3} tag=x})");
        assertThat(print("builtin.module(any(test-fail{on=\"f 1\"}))"))
                .isEqualTo("builtin.module(any(test-fail{on=\"f 1\"}))");
    }

    @Test
    void registeredPipelinesExpandWithTheirOptions() {
        assertThat(print("builtin.module(test-mark-pipeline)"))
                .isEqualTo("builtin.module(test.func(test-mark{level=1 tag=p}),test-count-ops)");
        assertThat(print("builtin.module(test-mark-pipeline{tag=hello count=false},test-break)"))
                .isEqualTo("builtin.module(test.func(test-mark{level=1 tag=hello}),test-break)");
        assertThat(print("builtin.module(test-mark-pipeline{tag='two words'})"))
                .isEqualTo("builtin.module(test.func(test-mark{level=1 tag=\"two words\"}),test-count-ops)");
    }

    @Test
    void expandedPipelineRuns() {
        Context ctx = TestDialect.context(false);
        Operation module = TestDialect.parse(ctx, TestDialect.module(2));
        ctx.diagnostics().registerHandler(d -> true);
        PassManager pm = PassPipelines.parsePassManager("builtin.module(test-mark-pipeline{tag=hello})", REGISTRY);
        assertThat(pm.run(module).succeeded()).isTrue();
        assertThat(module.toString()).contains("marked = \"hello\"").doesNotContain("marked = \"p\"");
    }

    @Test
    void dumpPassPipelineMatchesMlirOpt() {
        PassManager pm = PassPipelines.parsePassManager(
                "builtin.module(test.func(test-mark),test-count-ops)", REGISTRY);
        assertThat(pm.dumpPassPipeline()).isEqualTo(
                "Pass Manager with 2 passes:\nbuiltin.module(test.func(test-mark{level=1 tag=x}),test-count-ops)\n");
        assertThat(new PassManager().dumpPassPipeline()).isEqualTo("Pass Manager with 0 passes:\nbuiltin.module()\n");
    }

    @Test
    void unanchoredTextIsAppendedToAManager() {
        PassManager pm = new PassManager();
        pm.addPass(TestPasses.BreakIrPass::new);
        PassPipelines.parse("test.func(test-mark{tag=t}), test-count-ops", REGISTRY, pm);
        PassPipelines.parse("  ", REGISTRY, pm);
        assertThat(pm.printAsTextualPipeline())
                .isEqualTo("builtin.module(test-break,test.func(test-mark{level=1 tag=t}),test-count-ops)");
        assertThat(pm.size()).isEqualTo(3);
    }

    @Test
    void programmaticManagersPrintTheSame() {
        PassManager pm = new PassManager();
        pm.nest("test.func").addPass(MarkFuncPass::new, "tag=b").addPass(TestPasses.CountOpsPass::new);
        pm.nestAny().addPass(TestPasses.FailPass::new);
        assertThat(pm.printAsTextualPipeline())
                .isEqualTo("builtin.module(test.func(test-mark{level=1 tag=b},test-count-ops),any(test-fail{on=}))");
        assertThat(print(pm.printAsTextualPipeline())).isEqualTo(pm.printAsTextualPipeline());
    }

    static Stream<Arguments> errors() {
        String wrongAnchor = "Can't add pass 'MarkFuncPass' restricted to 'test.func' on a PassManager intended "
                + "to run on 'builtin.module', did you intend to nest?";
        return Stream.of(
                Arguments.of("builtin.module(test.func(nope))",
                        "'nope' does not refer to a registered pass or pass pipeline", 25),
                Arguments.of("builtin.module(test-count-ops, cse{a=1})",
                        "'cse' does not refer to a registered pass or pass pipeline", 31),
                Arguments.of("builtin.module(test-mark)", wrongAnchor, 15),
                Arguments.of("builtin.module(test-count-ops,test-mark{tag=a})", wrongAnchor, 30),
                Arguments.of("builtin.module(test.func(test-break))",
                        "Can't add pass 'BreakIrPass' restricted to 'builtin.module' on a PassManager intended "
                                + "to run on 'test.func', did you intend to nest?", 25),
                Arguments.of("builtin.module(test.func(test-mark{level=abc}))",
                        "failed to add `test-mark` with options `level=abc`: invalid value 'abc' for option "
                                + "'level': expected an integer", 41),
                Arguments.of("builtin.module(test.func(test-mark{tag=a  tags=1}))",
                        "failed to add `test-mark` with options `tag=a  tags=1`: no such option 'tags'. valid "
                                + "options: level, only, tag", 42),
                Arguments.of("builtin.module(test.func(test-mark{only=1,x}))",
                        "failed to add `test-mark` with options `only=1,x`: invalid value 'x' for option 'only': "
                                + "expected an integer", 40),
                Arguments.of("builtin.module(test-mark-pipeline{count=maybe})",
                        "failed to add `test-mark-pipeline` with options `count=maybe`: invalid value 'maybe' for "
                                + "option 'count': expected a boolean (true/false/1/0)", 40),
                Arguments.of("builtin.module(test.func(test-mark)",
                        "encountered unbalanced parentheses while parsing pipeline", 35));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void errorsHaveMlirTextAndColumn(String text, String message, int column) {
        PipelineParseException e = failure(text);
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.column()).isEqualTo(column);
        assertThat(e.text()).isEqualTo(text);
    }

    @Test
    void errorsRenderLikeMlir() {
        assertThat(failure("builtin.module(test.func(nope))").render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:26: error: 'nope' does not refer to a registered pass or pass "
                        + "pipeline\n"
                        + "builtin.module(test.func(nope))\n"
                        + "                         ^");
        assertThat(failure("builtin.module(test.func(test-mark{level=abc}))").render()).isEqualTo(
                "MLIR Textual PassPipeline Parser:1:42: error: failed to add `test-mark` with options `level=abc`: "
                        + "invalid value 'abc' for option 'level': expected an integer\n"
                        + "builtin.module(test.func(test-mark{level=abc}))\n"
                        + "                                         ^");
    }

    @Test
    void unanchoredErrorsPointIntoTheirText() {
        PipelineParseException e = catchThrowableOfType(PipelineParseException.class,
                () -> PassPipelines.parse("test-count-ops,test-mark", REGISTRY, new PassManager()));
        assertThat(e.column()).isEqualTo(15);
        assertThat(e.getMessage()).startsWith("Can't add pass 'MarkFuncPass' restricted to 'test.func'");
    }

    @Test
    void pipelineBuilderErrorsPointAtTheElement() {
        PassRegistry registry = TestRegistry.create();
        registry.registerPipeline("bad-pipeline", "", org.hipep.pass.options.PassOptions::new,
                (pm, options) -> pm.addPass(MarkFuncPass::new), "test");
        PipelineParseException e = catchThrowableOfType(PipelineParseException.class,
                () -> PassPipelines.parsePassManager("builtin.module(test-count-ops, bad-pipeline)", registry));
        assertThat(e.column()).isEqualTo(31);
        assertThat(e.getMessage()).isEqualTo("Can't add pass 'MarkFuncPass' restricted to 'test.func' on a "
                + "PassManager intended to run on 'builtin.module', did you intend to nest?");
        assertThat(PassPipelines.parsePassManager("builtin.module(test.func(bad-pipeline))", registry)
                .printAsTextualPipeline()).isEqualTo("builtin.module(test.func(test-mark{level=1 tag=x}))");
    }

    @Test
    void opAgnosticManagersAcceptAnchoredPasses() {
        assertThat(print("builtin.module(any(test-mark))"))
                .isEqualTo("builtin.module(any(test-mark{level=1 tag=x}))");
    }

    @Test
    void programmaticAddPassChecksAnchorAndOptions() {
        assertThatThrownBy(() -> new PassManager().addPass(MarkFuncPass::new))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Can't add pass 'MarkFuncPass' restricted to 'test.func' on a PassManager intended "
                        + "to run on 'builtin.module', did you intend to nest?");
        PipelineParseException e = catchThrowableOfType(PipelineParseException.class,
                () -> new OpPassManager("test.func").addPass(MarkFuncPass::new, "level=2 x=1"));
        assertThat(e.getMessage()).isEqualTo("no such option 'x'. valid options: level, only, tag");
        assertThat(e.column()).isEqualTo(8);
    }
}
