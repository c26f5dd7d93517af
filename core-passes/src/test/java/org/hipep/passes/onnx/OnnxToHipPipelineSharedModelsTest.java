package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.pass.PassManager;
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
        List<Path> models = SimplifyOnnxSharedModelsTest.models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        long start = System.nanoTime();
        int converted = 0;
        Map<String, String> reasons = new TreeMap<>();
        Map<String, Integer> byOp = new TreeMap<>();
        List<String> unverified = new ArrayList<>();
        int index = 0;
        for (Path m : models) {
            ImportedModel imported = ImportedModel.load(m);
            String name = imported.name();
            Operation module = imported.module();
            Path dir = Files.createDirectories(out.resolve(Integer.toString(index++)));
            PassManager pm = new PassManager();
            pm.enableVerifier(false);
            OnnxToHipPipeline.build(pm, new OnnxToHipPipeline.Options(dir.toString(), 1L, false), PipelineSlotHook.NONE);
            boolean ran = pm.run(module).succeeded();
            if (!Verifier.verify(module).succeeded()) {
                unverified.add(name + ": " + imported.errors());
                continue;
            }
            Set<String> left = new TreeSet<>();
            module.walk(op -> {
                if (op.nameString().startsWith("onnx.")) {
                    left.add(op.nameString());
                }
            });
            if (ran && left.isEmpty()) {
                converted++;
            } else if (!ran) {
                reasons.put(name, "pipeline failed: " + imported.errors());
            } else {
                reasons.put(name, "onnx ops left: " + left);
                left.forEach(o -> byOp.merge(o, 1, Integer::sum));
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("onnx-to-hip-pipeline: " + converted + " of " + models.size()
                + " models converted completely in " + millis + " ms");
        reasons.forEach((k, v) -> System.out.println("  " + k + ": " + v));
        System.out.println("  models per leftover op: " + byOp);
        assertThat(unverified).as("modules that do not verify after onnx-to-hip-pipeline").isEmpty();
        assertThat(converted).as("completely converted models (measured floor)").isGreaterThanOrEqualTo(CONVERTED_FLOOR);
    }
}
