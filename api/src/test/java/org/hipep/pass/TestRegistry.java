package org.hipep.pass;

import org.hipep.pass.TestPasses.BreakIrPass;
import org.hipep.pass.TestPasses.CountOpsPass;
import org.hipep.pass.TestPasses.FailPass;
import org.hipep.pass.TestPasses.MarkFuncPass;
import org.hipep.pass.TestPasses.ThrowPass;
import org.hipep.pass.options.PassOptions;

/** The registry the pass tests parse pipelines against. */
final class TestRegistry {

    private TestRegistry() {
    }

    static PassOptions markPipelineOptions() {
        PassOptions options = new PassOptions();
        options.stringOption("tag", "The tag of the marks", "p");
        options.boolOption("count", "Count ops afterwards", true);
        return options;
    }

    /**
     * The test passes, plus {@code test-mark-pipeline{tag=... count=...}}, which nests {@code
     * test-mark} (with the tag) on {@code test.func} and, when {@code count}, adds {@code
     * test-count-ops}.
     */
    static PassRegistry create() {
        PassRegistry registry = new PassRegistry();
        registry.registerPass(CountOpsPass::new, "test");
        registry.registerPass(MarkFuncPass::new, "test");
        registry.registerPass(FailPass::new, "test");
        registry.registerPass(ThrowPass::new, "test");
        registry.registerPass(BreakIrPass::new, "test");
        registry.registerPipeline("test-mark-pipeline", "Mark functions, then count", TestRegistry::markPipelineOptions,
                (pm, options) -> {
                    String tag = (String) options.find("tag").orElseThrow().get();
                    pm.nest("test.func").addPass(() -> {
                        MarkFuncPass pass = new MarkFuncPass();
                        pass.tag.set(tag);
                        return pass;
                    });
                    if ((Boolean) options.find("count").orElseThrow().get()) {
                        pm.addPass(CountOpsPass::new);
                    }
                }, "test");
        return registry;
    }
}
