package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.onnx.importer.OnnxImporter;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Severity;
import org.hipep.ir.Verifier;
import org.hipep.pass.PassManager;
import org.hipep.passes.hip.InferShapesPass;
import org.junit.jupiter.api.Test;

/**
 * import → {@code simplify-onnx} → {@code convert-onnx-to-hip} → {@code hip-infer-shapes} over
 * every shared model (the set {@code OnnxToHipSharedModelsTest} uses): the pass reports no error
 * on a model that converted cleanly, and every module still verifies afterwards. Fails, never
 * skips, when the shared folder is missing.
 */
class InferShapesSharedModelsTest {
    @Test
    void everySharedModelStillVerifiesAfterInferShapes() throws Exception {
        List<Path> models = SimplifyOnnxSharedModelsTest.models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        List<String> failures = new ArrayList<>();
        for (Path m : models) {
            String name = m.getParent().getParent().getFileName() + "/" + m.getParent().getFileName();
            Context ctx = new Context(CoreDialects.register(new DialectRegistry()));
            List<Diagnostic> errors = new ArrayList<>();
            ctx.diagnostics().registerHandler(d -> {
                if (d.severity() == Severity.ERROR) {
                    errors.add(d);
                }
                return true;
            });
            Operation module = OnnxImporter.importModel(ctx, OnnxModelLoader.load(m));
            PassManager convert = new PassManager();
            convert.enableVerifier(false);
            convert.addPass(SimplifyOnnxPass::new);
            convert.addPass(ConvertOnnxToHipPass::new);
            if (!convert.run(module).succeeded() || !Verifier.verify(module).succeeded()) {
                continue; // covered by OnnxToHipSharedModelsTest
            }
            PassManager infer = new PassManager();
            infer.enableVerifier(false);
            infer.addPass(InferShapesPass::new);
            if (!infer.run(module).succeeded()) {
                failures.add(name + ": hip-infer-shapes failed: " + errors);
            } else if (!Verifier.verify(module).succeeded()) {
                failures.add(name + ": does not verify after hip-infer-shapes: " + errors);
            }
        }
        assertThat(failures).as("models that hip-infer-shapes breaks").isEmpty();
    }
}
