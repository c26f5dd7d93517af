package org.hipep.passes.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.stream.Stream;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code onnx-loop-outline} then {@code onnx-if-outline} on every model of
 * {@code ../shared/onnx-node-tests} and {@code ../shared/models}, after import and
 * {@code simplify-onnx} (one dynamic test per model): the module verifies, no op but a function
 * keeps a region and every callee fits its caller; a model in {@link #EXPECTED_REFUSALS} must
 * instead be refused with exactly that error. Fails, never skips, when the shared folder is
 * missing.
 */
class OnnxOutlineSharedModelsTest {
    /**
     * Model folder → the error the passes refuse it with. None of the shared models holds a Scan or
     * SequenceMap (the subgraph ops the passes refuse), so the list is empty.
     */
    private static final Map<String, String> EXPECTED_REFUSALS = Map.of();

    /**
     * The shared models holding an op with a subgraph region. The shared folders have no
     * {@code test_if*}, {@code test_loop*}, {@code test_scan*} or {@code test_sequence_map*}
     * model today; {@link OnnxOutlineImportedModelsTest} builds such models instead.
     */
    private static final Set<String> EXPECTED_WITH_CONTROL_FLOW = Set.of();

    private static final Set<String> WITH_CONTROL_FLOW = new ConcurrentSkipListSet<>();
    private static int visited;

    @TestFactory
    Stream<DynamicTest> everySharedModelIsOutlinedOrRefusedAsExpected() throws IOException {
        List<Path> models = SimplifyOnnxSharedModelsTest.models();
        assertThat(models).as("models in the shared folders").hasSizeGreaterThanOrEqualTo(294);
        return models.stream().map(m -> DynamicTest.dynamicTest(m.getParent().getFileName().toString(), () -> {
            String name = m.getParent().getFileName().toString();
            OnnxOutlineImportedModelsTest.Outcome o = OnnxOutlineImportedModelsTest.outline(OnnxModelLoader.load(m));
            visited++;
            if (o.hadSubgraphs()) {
                WITH_CONTROL_FLOW.add(name);
            }
            String refusal = EXPECTED_REFUSALS.get(name);
            if (refusal == null) {
                OnnxOutlineImportedModelsTest.assertOutlined(o);
            } else {
                assertThat(o.succeeded()).as("refused").isFalse();
                assertThat(o.errors()).contains(refusal);
                assertThat(o.module().toString()).isEqualTo(o.before());
            }
        }));
    }

    @AfterAll
    static void modelsWithControlFlowAreTheExpectedOnes() {
        if (visited > 0) {
            assertThat(new TreeSet<>(WITH_CONTROL_FLOW)).as("shared models with subgraphs")
                    .isEqualTo(new TreeSet<>(EXPECTED_WITH_CONTROL_FLOW));
        }
    }
}
