package org.hipep.pass;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hipep.ir.Context;
import org.hipep.ir.Operation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PassTimingTest {

    private static final PassRegistry REGISTRY = TestRegistry.create();
    private static final String TIME = "  [ \\d]{2}\\d\\.\\d{4} \\([ \\d]{2}\\d\\.\\d%\\)  ";

    private static String entry(String indentAndName) {
        return TIME + Pattern.quote(indentAndName);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void reportHasMlirLayout(boolean multithreading) {
        Context ctx = TestDialect.context(multithreading);
        ctx.diagnostics().registerHandler(d -> true);
        Operation module = TestDialect.parse(ctx, TestDialect.module(4));
        PassManager pm = PassPipelines.parsePassManager("builtin.module(test-count-ops,test.func(test-mark,"
                + "test-count-ops),nothing.here(test-count-ops),any(test-count-ops))", REGISTRY);
        PassTiming timing = pm.enableTiming();
        assertThat(pm.run(module).succeeded()).isTrue();
        String report = timing.report();
        List<String> lines = report.lines().toList();
        assertThat(lines).hasSize(14);
        assertThat(lines.subList(0, 3)).containsExactly(
                "===-------------------------------------------------------------------------===",
                "                         ... Execution time report ...",
                "===-------------------------------------------------------------------------===");
        assertThat(lines.get(3)).matches("  Total Execution Time: \\d+\\.\\d{4} seconds");
        assertThat(lines.get(4)).isEmpty();
        assertThat(lines.get(5)).isEqualTo("  ----Wall Time----  ----Name----");
        assertThat(lines.get(6)).matches(entry("CountOpsPass"));
        assertThat(lines.get(7)).matches(entry("'test.func' Pipeline"));
        assertThat(lines.get(8)).matches(entry("  MarkFuncPass"));
        assertThat(lines.get(9)).matches(entry("  CountOpsPass"));
        assertThat(lines.get(10)).matches(entry("'any' Pipeline"));
        assertThat(lines.get(11)).matches(entry("  CountOpsPass"));
        assertThat(lines.get(12)).matches(entry("Rest"));
        assertThat(lines.get(13)).matches(entry("Total")).contains("(100.0%)");
        Matcher total = Pattern.compile("Time: (\\d+\\.\\d{4})").matcher(lines.get(3));
        assertThat(total.find()).isTrue();
        assertThat(lines.get(13).strip()).startsWith(total.group(1) + " ");
        timing.reset();
        assertThat(timing.report().lines().toList()).hasSize(8);
    }
}
