package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.hipep.ir.SymbolTable;
import org.hipep.passes.HipdnnPipeline;
import org.hipep.plugin.PipelineSlotHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole compile pipeline, {@code hipdnn-pipeline} (no plugin slots; constants of one element
 * or more externalized into a temporary folder, the driver's default), over every model of
 * {@code ../shared/onnx-node-tests} and {@code ../shared/models}: a model counts when the
 * pipeline succeeds, the result verifies, every op in it is of the {@code llvm} dialect (besides
 * the module) and {@code inference_compute} exists. Every other model is printed with the op types
 * left or the pipeline's diagnostics; the count is held to a measured floor. Fails, never skips,
 * when the shared folder is missing.
 */
class HipdnnPipelineSharedModelsTest {
    /**
     * Measured 2026-11-30: 294 of 294 (see {@code docs/CONFORMANCE.md}). The floor is every model.
     */
    private static final int LLVM_FLOOR = 294;

    @Test
    void everySharedModelReachesTheLlvmDialect(@TempDir Path out) throws Exception {
        SharedModelsRun run = SharedModelsRun.run(out,
                (pm, dir) -> HipdnnPipeline.build(pm, new HipdnnPipeline.Options("constants.bin", dir.toString(), 1L, false),
                        PipelineSlotHook.NONE),
                op -> !op.nameString().startsWith("llvm."),
                module -> new SymbolTable(module).lookup("inference_compute") != null, "inference_compute");
        run.print("hipdnn-pipeline (verified llvm-dialect module with inference_compute)");
        assertThat(run.complete()).as("models lowered to the llvm dialect (measured floor)").isGreaterThanOrEqualTo(LLVM_FLOOR);
    }
}
