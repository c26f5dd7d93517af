package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.Test;

/**
 * import → {@code simplify-onnx} → {@code convert-onnx-to-hip} over every model of
 * {@code ../shared/onnx-node-tests} and {@code ../shared/models}: each module still verifies,
 * and the models left with no onnx op (only func, hip, tensor, arith and builtin ops) are counted
 * against a measured floor, so a lost conversion fails. Models with leftovers are printed with
 * the op types that remain. A model whose conversion reports an error counts as having
 * leftovers. Fails, never skips, when the shared folder is missing.
 */
class OnnxToHipSharedModelsTest {
    /**
     * Measured: 294 of 294 models fully converted (2026-11-30): run-time ONNX parameters are
     * parameter operands of the hip ops, parameters computed from static shapes take the static
     * attributes, reshape's -1 is traced to the input's one dynamic dimension, and HardSigmoid, the
     * used Dropout mask, Attention and RotaryEmbedding have hip ops. The floor leaves no slack:
     * it is every model.
     */
    private static final int FULLY_CONVERTED_FLOOR = 294;

    private static final Set<String> DONE_DIALECTS = Set.of("func", "hip", "tensor", "arith", "builtin");

    @Test
    void everySharedModelConvertsAndVerifies() throws Exception {
        List<Path> models = SimplifyOnnxSharedModelsTest.models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        int converted = 0;
        Map<String, Set<String>> leftovers = new TreeMap<>();
        Map<String, Integer> byOp = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (Path m : models) {
            ImportedModel imported = ImportedModel.load(m);
            String name = imported.name();
            List<Diagnostic> errors = imported.errors();
            Operation module = imported.module();
            PassManager pm = new PassManager();
            pm.enableVerifier(false);
            pm.addPass(SimplifyOnnxPass::new);
            pm.addPass(ConvertOnnxToHipPass::new);
            boolean ran = pm.run(module).succeeded();
            if (!Verifier.verify(module).succeeded()) {
                failures.add(name + ": does not verify: " + errors);
                continue;
            }
            Set<String> left = new TreeSet<>();
            module.walk(op -> {
                String dialect = op.nameString().substring(0, op.nameString().indexOf('.'));
                if (!DONE_DIALECTS.contains(dialect)) {
                    left.add(op.nameString());
                }
            });
            if (!ran) {
                left.add("(conversion error)");
                System.out.println("  conversion error in " + name + ": " + errors);
            }
            if (left.isEmpty()) {
                converted++;
            } else {
                leftovers.put(name, left);
                left.forEach(o -> byOp.merge(o, 1, Integer::sum));
            }
        }
        System.out.println("convert-onnx-to-hip: " + converted + " of " + models.size() + " models fully converted");
        leftovers.forEach((k, v) -> System.out.println("  leftovers in " + k + ": " + v));
        System.out.println("  models per leftover op: " + byOp);
        assertThat(failures).as("modules that do not verify after convert-onnx-to-hip").isEmpty();
        assertThat(converted).as("fully converted models (measured floor)").isGreaterThanOrEqualTo(FULLY_CONVERTED_FLOOR);
    }
}
