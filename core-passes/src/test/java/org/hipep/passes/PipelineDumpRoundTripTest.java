package org.hipep.passes;

import static org.assertj.core.api.Assertions.assertThat;

import org.hipep.pass.PassManager;
import org.hipep.pass.PassPipelineInfo;
import org.hipep.pass.PassPipelines;
import org.hipep.pass.PassRegistry;
import org.junit.jupiter.api.Test;

/**
 * What {@code --dump-pass-pipeline} prints for each named pipeline parses back into the same
 * pipeline: a user can run it with {@code hip-mlir-opt --pass-pipeline} or start a
 * {@code HIPDNN_EP_PIPELINE} override from it. Every pass the pipelines add must therefore be
 * registered under the name it prints.
 */
class PipelineDumpRoundTripTest {
    @Test
    void everyNamedPipelinePrintsAPipelineThatParsesBack() {
        PassRegistry registry = CorePasses.register(new PassRegistry());
        assertThat(registry.pipelines()).extracting(PassPipelineInfo::argument)
                .contains("onnx-to-hip-pipeline", "hip-to-llvm-pipeline");
        for (PassPipelineInfo p : registry.pipelines()) {
            PassManager built = PassPipelines.parsePassManager("builtin.module(" + p.argument() + ")", registry);
            String printed = built.printAsTextualPipeline();
            PassManager reparsed = PassPipelines.parsePassManager(printed, registry);
            assertThat(reparsed.printAsTextualPipeline()).as("pipeline '%s' printed as %s", p.argument(), printed)
                    .isEqualTo(printed);
            assertThat(reparsed.size()).isEqualTo(built.size());
        }
    }
}
