package org.hipep.pass;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hipep.pass.TestPasses.CountOpsPass;
import org.hipep.pass.TestPasses.FailPass;
import org.hipep.pass.TestPasses.MarkFuncPass;
import org.hipep.pass.options.PassOptions;
import org.junit.jupiter.api.Test;

class PassRegistryTest {

    private static PassOptions pipelineOptions() {
        PassOptions options = new PassOptions();
        options.stringOption("tag", "Tag for the marks", "p");
        return options;
    }

    @Test
    void duplicatePassNamesBothOwners() {
        PassRegistry registry = new PassRegistry();
        registry.registerPass(MarkFuncPass::new, "core-passes");
        assertThatThrownBy(() -> registry.registerPass(MarkFuncPass::new, "vendor-plugin"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("pass argument 'test-mark' is already registered by core-passes; "
                        + "vendor-plugin cannot register it again");
    }

    @Test
    void passesAndPipelinesShareOneNamespace() {
        PassRegistry registry = new PassRegistry();
        registry.registerPass(CountOpsPass::new, "core");
        assertThatThrownBy(() -> registry.registerPipeline("test-count-ops", "", PassOptions::new, (pm, o) -> { },
                "plugin-a"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("pass argument 'test-count-ops' is already registered by core; "
                        + "plugin-a cannot register it again");
        registry.registerPipeline("my-pipeline", "", PassOptions::new, (pm, o) -> { }, "plugin-b");
        assertThatThrownBy(() -> registry.registerPipeline("my-pipeline", "", PassOptions::new, (pm, o) -> { },
                "plugin-c"))
                .hasMessage("pass argument 'my-pipeline' is already registered by plugin-b; "
                        + "plugin-c cannot register it again");
    }

    @Test
    void lookups() {
        PassRegistry registry = new PassRegistry();
        PassInfo info = registry.registerPass(MarkFuncPass::new, "core");
        registry.registerPipeline("p", "A pipeline", PassRegistryTest::pipelineOptions, (pm, o) -> { }, "core");
        assertThat(info.argument()).isEqualTo("test-mark");
        assertThat(info.description()).isEqualTo("Mark test functions");
        assertThat(registry.lookupPass("test-mark")).contains(info);
        assertThat(registry.lookupPass("p")).isEmpty();
        assertThat(registry.lookupPipeline("p")).get().extracting(PassPipelineInfo::owner).isEqualTo("core");
        assertThat(registry.contains("p")).isTrue();
        assertThat(registry.contains("nope")).isFalse();
        assertThat(info.create()).isInstanceOf(MarkFuncPass.class).isNotSameAs(info.create());
    }

    @Test
    void helpIsSortedWithOptions() {
        PassRegistry registry = new PassRegistry();
        registry.registerPass(MarkFuncPass::new, "core");
        registry.registerPass(CountOpsPass::new, "core");
        registry.registerPass(FailPass::new, "core");
        registry.registerPipeline("a-pipeline", "Marks everything", PassRegistryTest::pipelineOptions,
                (pm, o) -> { }, "core");
        assertThat(registry.helpLines()).containsExactly(
                "Passes:",
                "  --test-count-ops - Count the nested operations",
                "  --test-fail",
                "    --on=<string> - Symbol to fail on",
                "  --test-mark - Mark test functions",
                "    --level=<int> - The mark level",
                "    --only=<list> - Mark only these function numbers",
                "    --tag=<string> - The value of the attribute",
                "Pass Pipelines:",
                "  --a-pipeline - Marks everything",
                "    --tag=<string> - Tag for the marks");
    }

    @Test
    void sharedInstancesAreRefused() {
        PassRegistry registry = new PassRegistry();
        CountOpsPass shared = new CountOpsPass();
        assertThatThrownBy(() -> registry.registerPass(() -> shared, "core"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must create a new pass on each call");
        assertThatThrownBy(() -> new PassManager().addPass(() -> shared))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("returned the same instance twice");
        PassOptions options = new PassOptions();
        assertThatThrownBy(() -> registry.registerPipeline("p", "", () -> options, (pm, o) -> { }, "core"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void invalidArgumentsAreRefused() {
        PassRegistry registry = new PassRegistry();
        assertThatThrownBy(() -> registry.registerPipeline("a b", "", PassOptions::new, (pm, o) -> { }, "core"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid pass or pipeline argument 'a b'");
    }
}
