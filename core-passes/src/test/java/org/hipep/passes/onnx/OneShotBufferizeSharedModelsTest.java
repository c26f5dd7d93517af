package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.pass.PassManager;
import org.hipep.passes.bufferization.OneShotBufferizePass;
import org.hipep.passes.hip.ExternalizeConstantsPass;
import org.hipep.passes.hip.InferShapesPass;
import org.hipep.passes.transforms.CanonicalizePass;
import org.hipep.passes.transforms.CsePass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * import → {@code simplify-onnx} → {@code convert-onnx-to-hip} → {@code hip-infer-shapes} →
 * {@code hip-externalize-constants} (constants under 16 elements inline) → {@code canonicalize}
 * → {@code cse} → {@code one-shot-bufferize} (function boundaries, identity layouts), as the
 * pipeline orders them, over every shared model that converts with no onnx op left: the pass
 * succeeds, the module verifies, and no tensor value and no {@code bufferization} op remains.
 * Models with onnx ops left are counted, not bufferized (an onnx op has no model). Prints the
 * counts. Fails, never skips, when the shared folder is missing.
 */
class OneShotBufferizeSharedModelsTest {
    @TempDir
    Path outputs;

    @Test
    void everyFullyConvertedSharedModelBufferizes() throws Exception {
        List<Path> models = SimplifyOnnxSharedModelsTest.models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        List<String> failures = new ArrayList<>();
        int bufferized = 0;
        int notConverted = 0;
        int index = 0;
        for (Path m : models) {
            ImportedModel imported = ImportedModel.load(m);
            Operation module = imported.module();
            Path dir = Files.createDirectories(outputs.resolve("m" + index++));
            PassManager before = new PassManager();
            before.enableVerifier(false);
            before.addPass(SimplifyOnnxPass::new);
            before.addPass(ConvertOnnxToHipPass::new);
            before.addPass(InferShapesPass::new);
            if (!before.run(module).succeeded() || !Verifier.verify(module).succeeded() || hasOnnxOps(module)) {
                notConverted++;
                continue;
            }
            PassManager pm = new PassManager();
            pm.enableVerifier(false);
            pm.addPass(() -> ExternalizeConstantsPass.create(dir, 16, false, (address, size) -> {
                throw new IllegalStateException("no memory-address carriers in the shared models");
            }));
            pm.addPass(CanonicalizePass::new);
            pm.addPass(CsePass::new);
            pm.addPass(() -> OneShotBufferizePass.create(true, false));
            if (!pm.run(module).succeeded()) {
                failures.add(imported.name() + ": failed: " + imported.errors());
            } else if (!Verifier.verify(module).succeeded()) {
                failures.add(imported.name() + ": does not verify after one-shot-bufferize: " + imported.errors());
            } else {
                String left = tensorsLeft(module);
                if (left != null) {
                    failures.add(imported.name() + ": " + left);
                } else {
                    bufferized++;
                }
            }
        }
        System.out.println("one-shot-bufferize: " + bufferized + " models bufferized, " + notConverted
                + " not fully converted to hip");
        assertThat(failures).as("models one-shot-bufferize fails on").isEmpty();
        // Measured 2026-11-30: every shared model converts to hip and bufferizes (294 of 294).
        assertThat(bufferized).as("models bufferized").isGreaterThanOrEqualTo(294);
    }

    private static boolean hasOnnxOps(Operation module) {
        boolean[] found = {false};
        module.walk(op -> found[0] |= op.nameString().startsWith("onnx."));
        return found[0];
    }

    /** The first tensor value or bufferization op left, described, or null. */
    private static String tensorsLeft(Operation module) {
        List<String> left = new ArrayList<>();
        module.walk(op -> {
            if (op.nameString().startsWith("bufferization.")) {
                left.add("'" + op.name() + "' left");
            }
            for (Value v : op.results()) {
                if (isTensor(v.type())) {
                    left.add("'" + op.name() + "' still has a tensor result");
                }
            }
            for (var r : op.regions()) {
                for (var b : r.blocks()) {
                    for (Value a : b.arguments()) {
                        if (isTensor(a.type())) {
                            left.add("a tensor block argument in '" + op.name() + "'");
                        }
                    }
                }
            }
        });
        return left.isEmpty() ? null : left.get(0);
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }
}
