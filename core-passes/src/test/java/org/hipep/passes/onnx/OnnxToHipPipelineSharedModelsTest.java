package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.hipep.passes.OnnxToHipPipeline;
import org.hipep.plugin.PipelineSlotHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole {@code onnx-to-hip-pipeline} (no plugin slots; constants of one element or more
 * externalized into a temporary folder, the driver's default threshold) over every model of
 * {@code ../shared/onnx-node-tests} and {@code ../shared/models}: each result verifies, and the
 * models that convert completely (the pipeline succeeds and no op of the onnx dialect is left)
 * are counted against a measured floor. Every other model is printed with its reason: the onnx
 * op types left, or the pipeline's diagnostics. Fails, never skips, when the shared folder is
 * missing.
 */
class OnnxToHipPipelineSharedModelsTest {
    /**
     * Measured: 294 of 294 models convert completely (2026-11-30, the pipeline up to
     * hip-resolve-tensor-dims and the late-carrier guard), as many as import → simplify-onnx →
     * convert-onnx-to-hip ({@link OnnxToHipSharedModelsTest}): the passes around the conversion
     * lose none. The floor is every model.
     */
    private static final int CONVERTED_FLOOR = 294;

    @Test
    void everySharedModelRunsThroughThePipeline(@TempDir Path out) throws Exception {
        SharedModelsRun run = SharedModelsRun.run(out,
                (pm, dir) -> OnnxToHipPipeline.build(pm, new OnnxToHipPipeline.Options(dir.toString(), 1L, false),
                        PipelineSlotHook.NONE),
                op -> op.nameString().startsWith("onnx."), module -> true, "");
        run.print("onnx-to-hip-pipeline (converted completely)");
        assertThat(run.unverified()).as("modules that do not verify after onnx-to-hip-pipeline").isEmpty();
        assertThat(run.complete()).as("completely converted models (measured floor)").isGreaterThanOrEqualTo(CONVERTED_FLOOR);
    }
}
