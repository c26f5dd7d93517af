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
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.pass.PassManager;

/**
 * A pipeline run over every shared model ({@code ../shared/onnx-node-tests} and
 * {@code ../shared/models}; fails, never skips, when they are missing): each model is imported,
 * the pipeline built for its own output folder runs, and the model counts as complete when the
 * pipeline succeeds, the result verifies and no op is {@code left}. Every other model keeps its
 * reason (the op types left, the pipeline's diagnostics or the verifier's), which
 * {@link #print} lists.
 *
 * @param complete the models that came out complete
 * @param total the models run
 * @param reasons why each other model did not, by model
 * @param byOp how many models each left-over op type kept back
 * @param unverified the models whose result does not verify, with the diagnostics
 * @param millis the wall time of the whole run
 */
record SharedModelsRun(int complete, int total, Map<String, String> reasons, Map<String, Integer> byOp,
        List<String> unverified, long millis) {

    /**
     * Runs the pipeline that {@code build} adds (given the model's output folder under
     * {@code out}) over every shared model; {@code left} picks the ops that must be gone.
     * {@code requirement} is one more check on the result, named by {@code requirementName}.
     */
    static SharedModelsRun run(Path out, BiConsumer<PassManager, Path> build, Predicate<Operation> left,
            Predicate<Operation> requirement, String requirementName) throws Exception {
        List<Path> models = SimplifyOnnxSharedModelsTest.models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        long start = System.nanoTime();
        int complete = 0;
        Map<String, String> reasons = new TreeMap<>();
        Map<String, Integer> byOp = new TreeMap<>();
        List<String> unverified = new ArrayList<>();
        int index = 0;
        for (Path m : models) {
            ImportedModel imported = ImportedModel.load(m);
            Operation module = imported.module();
            PassManager pm = new PassManager();
            pm.enableVerifier(false);
            build.accept(pm, Files.createDirectories(out.resolve(Integer.toString(index++))));
            boolean ran = pm.run(module).succeeded();
            if (!Verifier.verify(module).succeeded()) {
                unverified.add(imported.name() + ": " + imported.errors());
                reasons.put(imported.name(), "does not verify: " + imported.errors());
                continue;
            }
            if (!ran) {
                reasons.put(imported.name(), "pipeline failed: " + imported.errors());
                continue;
            }
            Set<String> leftOver = new TreeSet<>();
            module.walk(op -> {
                if (op != module && left.test(op)) {
                    leftOver.add(op.nameString());
                }
            });
            boolean met = requirement.test(module);
            if (leftOver.isEmpty() && met) {
                complete++;
            } else {
                reasons.put(imported.name(), (leftOver.isEmpty() ? "" : "ops left: " + leftOver)
                        + (met ? "" : (leftOver.isEmpty() ? "" : "; ") + "no " + requirementName));
                leftOver.forEach(o -> byOp.merge(o, 1, Integer::sum));
            }
        }
        return new SharedModelsRun(complete, models.size(), reasons, byOp, unverified,
                (System.nanoTime() - start) / 1_000_000);
    }

    /** Prints {@code headline} with the counts and time, then every model that fell short. */
    void print(String headline) {
        System.out.println(headline + ": " + complete + " of " + total + " models in " + millis + " ms");
        reasons.forEach((k, v) -> System.out.println("  " + k + ": " + v));
        System.out.println("  models per op left: " + byOp);
    }
}
