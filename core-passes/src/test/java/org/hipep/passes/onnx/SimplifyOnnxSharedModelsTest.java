package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.pass.PassManager;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.hipep.testing.data.SharedData;

/**
 * {@code simplify-onnx} on every model of {@code ../shared/onnx-node-tests} and
 * {@code ../shared/models} (one dynamic test per model): the module still verifies at its opset
 * and no op the pass always rewrites is left (except an Identity whose result type, differing from
 * its input's, a {@code func.return} fixes). Fails, never skips, when the shared folder is
 * missing.
 */
class SimplifyOnnxSharedModelsTest {
    /** Ops that simplify-onnx rewrites unconditionally in imported models. */
    private static final Set<String> GONE = Set.of("onnx.CastLike", "onnx.Greater", "onnx.GreaterOrEqual",
            "onnx.LessOrEqual", "onnx.Relu", "onnx.Identity");

    static List<Path> models() throws IOException {
        return SharedData.models();
    }

    /**
     * The one Identity left on purpose: its result has a type its input lacks and feeds a
     * {@code func.return}, whose operand types must equal the function's result types.
     */
    private static boolean typeFixedByFuncReturn(Operation op) {
        return op.is("onnx.Identity") && !op.operand(0).type().equals(op.result(0).type())
                && op.result(0).users().stream().allMatch(u -> u.is("func.return"));
    }

    @TestFactory
    Stream<DynamicTest> everySharedModelSimplifiesAndVerifies() throws IOException {
        List<Path> models = models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        return models.stream().map(m -> DynamicTest.dynamicTest(m.getParent().getFileName().toString(), () -> {
            ImportedModel imported = ImportedModel.load(m);
            List<Diagnostic> errors = imported.errors();
            Operation module = imported.module();
            assertThat(Verifier.verify(module).succeeded()).as("verifies before: %s", errors).isTrue();

            PassManager pm = new PassManager();
            pm.enableVerifier(false);
            pm.addPass(SimplifyOnnxPass::new);
            assertThat(pm.run(module).succeeded()).as("simplify-onnx runs: %s", errors).isTrue();
            assertThat(Verifier.verify(module).succeeded()).as("verifies after simplify-onnx: %s", errors).isTrue();

            Set<String> left = new TreeSet<>();
            module.walk(op -> {
                if (GONE.contains(op.nameString()) && !typeFixedByFuncReturn(op)) {
                    left.add(op.nameString() + " " + op.operandTypes() + " -> " + op.resultTypes() + " used by "
                            + op.result(0).users().stream().map(Operation::nameString).toList() + " at " + op.location());
                }
            });
            assertThat(left).as("ops simplify-onnx should have rewritten").isEmpty();
        }));
    }
}
