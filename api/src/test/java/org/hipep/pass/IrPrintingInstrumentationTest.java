package org.hipep.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.junit.jupiter.api.Test;

class IrPrintingInstrumentationTest {

    private static final PassRegistry REGISTRY = TestRegistry.create();

    private static final String F0_MARKED = """
            "test.func"() ({
              "foo.op"() {index = 0 : i64} : () -> ()
              "test.return"() : () -> ()
            }) {level = 1 : i64, marked = "x", sym_name = "f0"} : () -> ()
            """;
    private static final String F1_MARKED = """
            "test.func"() ({
              "foo.op"() {index = 0 : i64} : () -> ()
              "foo.op"() {index = 1 : i64} : () -> ()
              "test.return"() : () -> ()
            }) {level = 1 : i64, marked = "x", sym_name = "f1"} : () -> ()
            """;

    private static String run(boolean multithreading, String pipeline, String... flags) {
        Context ctx = TestDialect.context(multithreading);
        ctx.diagnostics().registerHandler(d -> true);
        Operation module = TestDialect.parse(ctx, TestDialect.module(2));
        StringBuilder out = new StringBuilder();
        IrPrintingInstrumentation.Builder builder = IrPrintingInstrumentation.builder(out);
        for (String flag : flags) {
            assertThat(builder.flag(flag)).as(flag).isTrue();
        }
        PassManager pm = PassPipelines.parsePassManager(pipeline, REGISTRY);
        pm.addInstrumentation(builder.build());
        pm.run(module);
        return out.toString();
    }

    @Test
    void printsTheOpAfterEachPass() {
        assertThat(run(false, "builtin.module(test.func(test-mark))", "--mlir-print-ir-after-all")).isEqualTo(
                "// -----// IR Dump After MarkFuncPass (test-mark) //----- //\n" + F0_MARKED + "\n"
                        + "// -----// IR Dump After MarkFuncPass (test-mark) //----- //\n" + F1_MARKED + "\n");
    }

    @Test
    void printsBeforeSelectedPassesInCustomForm() {
        String out = run(false, "builtin.module(test.func(test-mark),test-count-ops)",
                "--mlir-print-ir-before=test-count-ops,test-break");
        assertThat(out).startsWith("// -----// IR Dump Before CountOpsPass (test-count-ops) //----- //\nmodule {\n")
                .endsWith("}\n\n")
                .contains("marked = \"x\"")
                .doesNotContain("IR Dump After");
        assertThat(out.lines().filter(l -> l.startsWith("// -----//")).count()).isEqualTo(1);
    }

    @Test
    void genericFormOnRequest() {
        String out = run(false, "builtin.module(test-count-ops)", "-mlir-print-ir-after=test-count-ops",
                "--mlir-print-op-generic");
        assertThat(out).startsWith("// -----// IR Dump After CountOpsPass (test-count-ops) //----- //\n"
                + "\"builtin.module\"() ({\n");
    }

    @Test
    void afterFailureOnlyPrintsFailedPasses() {
        String out = run(false, "builtin.module(test.func(test-mark,test-fail{on=f1}))",
                "--mlir-print-ir-after-failure");
        assertThat(out).isEqualTo(
                "// -----// IR Dump After FailPass Failed (test-fail) //----- //\n" + F1_MARKED + "\n");
        String all = run(false, "builtin.module(test.func(test-fail{on=f1}))", "--mlir-print-ir-after-all");
        assertThat(all.lines().filter(l -> l.startsWith("// -----//")).toList()).containsExactly(
                "// -----// IR Dump After FailPass (test-fail) //----- //",
                "// -----// IR Dump After FailPass Failed (test-fail) //----- //");
    }

    @Test
    void beforeAndAfterAllInOrder() {
        String out = run(false, "builtin.module(test-count-ops,test.func(test-mark{only=0}))",
                "--mlir-print-ir-before-all", "--mlir-print-ir-after-all");
        assertThat(out.lines().filter(l -> l.startsWith("// -----//")).toList()).containsExactly(
                "// -----// IR Dump Before CountOpsPass (test-count-ops) //----- //",
                "// -----// IR Dump After CountOpsPass (test-count-ops) //----- //",
                "// -----// IR Dump Before MarkFuncPass (test-mark) //----- //",
                "// -----// IR Dump After MarkFuncPass (test-mark) //----- //",
                "// -----// IR Dump Before MarkFuncPass (test-mark) //----- //",
                "// -----// IR Dump After MarkFuncPass (test-mark) //----- //");
    }

    @Test
    void parallelDumpsStayWhole() {
        String out = run(true, "builtin.module(test.func(test-mark))", "--mlir-print-ir-after-all");
        assertThat(out).hasSize(("// -----// IR Dump After MarkFuncPass (test-mark) //----- //\n\n").length() * 2
                + F0_MARKED.length() + F1_MARKED.length());
        assertThat(out).contains("//----- //\n" + F0_MARKED + "\n").contains("//----- //\n" + F1_MARKED + "\n");
    }

    @Test
    void moduleScopeNamesTheOpAndNeedsOneThread() {
        String out = run(false, "builtin.module(test.func(test-mark{only=1}))", "--mlir-print-ir-after=test-mark",
                "--mlir-print-ir-module-scope");
        assertThat(out).startsWith("// -----// IR Dump After MarkFuncPass (test-mark) ('test.func' operation: @f0) "
                + "//----- //\nmodule {\n");
        assertThat(out).contains("}\n\n// -----// IR Dump After MarkFuncPass (test-mark) ('test.func' operation: @f1) "
                + "//----- //\nmodule {\n").endsWith("}\n\n");
        assertThatThrownBy(() -> run(true, "builtin.module(test.func(test-mark))", "--mlir-print-ir-after-all",
                "--mlir-print-ir-module-scope"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("IR printing can't be setup on a pass-manager without disabling multi-threading first.");
    }

    @Test
    void builderFlags() {
        IrPrintingInstrumentation.Builder builder = IrPrintingInstrumentation.builder(new StringBuilder());
        assertThat(builder.isEnabled()).isFalse();
        assertThat(builder.flag("--mlir-timing")).isFalse();
        assertThat(builder.flag("--mlir-print-ir-after=a, b")).isTrue();
        assertThat(builder.isEnabled()).isTrue();
        builder.printBefore(List.of("c")).printAfterAll().printBeforeAll().printAfterFailure().generic(false);
        assertThat(builder.build().printsModuleScope()).isFalse();
    }
}
