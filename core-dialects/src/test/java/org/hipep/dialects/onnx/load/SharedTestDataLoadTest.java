package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.hipep.testing.data.SharedData;

/**
 * Loads every model of the shared ONNX node tests and real models, and decodes every
 * {@code test_data_set_*} tensor, checking it against the model's declared inputs and outputs.
 * One dynamic container per folder, so new data adds tests.
 */
class SharedTestDataLoadTest {

    private static final Pattern DATA_FILE = Pattern.compile("(input|output)_(\\d+)\\.pb");

    @TestFactory
    Stream<DynamicNode> onnxNodeTests() throws IOException {
        return folders("onnx-node-tests", 289);
    }

    @TestFactory
    Stream<DynamicNode> realModels() throws IOException {
        return folders("models", 5);
    }

    /** The shared folder from surefire's {@code hipep.shared.dir}; missing data is a failure. */
    static Path sharedDir(String sub) {
        return SharedData.dir(sub);
    }

    private static Stream<DynamicNode> folders(String sub, int atLeast) throws IOException {
        Path root = sharedDir(sub);
        List<Path> tests;
        try (Stream<Path> s = Files.list(root)) {
            tests = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(tests).as("test folders in " + root).hasSizeGreaterThanOrEqualTo(atLeast);
        return tests.stream().map(dir -> DynamicContainer.dynamicContainer(dir.getFileName().toString(),
                dir.toUri(), dataSets(dir)));
    }

    private static Stream<DynamicNode> dataSets(Path dir) {
        List<DynamicNode> nodes = new ArrayList<>();
        Path modelFile = dir.resolve("model.onnx");
        nodes.add(DynamicTest.dynamicTest("model.onnx", modelFile.toUri(), () -> {
            OnnxModel model = OnnxModelLoader.load(modelFile);
            assertThat(model.irVersion()).isBetween(3L, 13L);
            assertThat(model.opsetVersion("ai.onnx")).isPresent();
            assertThat(model.topologicalOrder()).hasSize(model.graph().getNodeCount());
            for (TensorData t : model.initializers().values()) {
                assertPacked(t);
            }
        }));
        try (Stream<Path> s = Files.list(dir)) {
            for (Path set : s.filter(p -> p.getFileName().toString().startsWith("test_data_set_")).sorted().toList()) {
                nodes.add(DynamicTest.dynamicTest(set.getFileName().toString(), set.toUri(),
                        () -> checkDataSet(modelFile, set)));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return nodes.stream();
    }

    private static void checkDataSet(Path modelFile, Path set) throws IOException {
        OnnxModel model = OnnxModelLoader.load(modelFile);
        List<ValueInfoProto> inputs = model.graphInputsWithoutInitializers();
        List<ValueInfoProto> outputs = model.graph().getOutputList();
        List<Path> files;
        try (Stream<Path> s = Files.list(set)) {
            files = s.filter(p -> DATA_FILE.matcher(p.getFileName().toString()).matches()).sorted().toList();
        }
        assertThat(files).as("tensor files in " + set).isNotEmpty();
        for (Path f : files) {
            Matcher m = DATA_FILE.matcher(f.getFileName().toString());
            assertThat(m.matches()).isTrue();
            int k = Integer.parseInt(m.group(2));
            List<ValueInfoProto> declared = m.group(1).equals("input") ? inputs : outputs;
            assertThat(k).as(f + " has a matching graph " + m.group(1)).isLessThan(declared.size());
            TensorData t = OnnxTensors.read(f);
            assertPacked(t);
            TypeProto.Tensor type = declared.get(k).getType().getTensorType();
            assertThat(t.dtype().number()).as(f + " element type").isEqualTo(type.getElemType());
            if (type.hasShape()) {
                assertThat(t.rank()).as(f + " rank").isEqualTo(type.getShape().getDimCount());
                for (int d = 0; d < t.rank(); d++) {
                    var dim = type.getShape().getDim(d);
                    if (dim.hasDimValue()) {
                        assertThat(t.dims()[d]).as(f + " dim " + d).isEqualTo(dim.getDimValue());
                    }
                }
            }
        }
    }

    private static void assertPacked(TensorData t) {
        if (t.dtype() == OnnxDataType.STRING) {
            assertThat((long) t.strings().size()).isEqualTo(t.elementCount());
        } else {
            assertThat((long) t.data().remaining()).as(t + ": dims x width = byte size")
                    .isEqualTo(t.dtype().byteSize(t.elementCount()));
        }
    }
}
