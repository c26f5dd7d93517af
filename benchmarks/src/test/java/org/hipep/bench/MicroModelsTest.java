package org.hipep.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MatMul micro models ({@code op-matmul-<n>}, {@code op-matmul-<m>x<n>}) that compare the engines' GEMMs. */
class MicroModelsTest {
    @TempDir
    Path work;

    @Test
    void squareMatMulIsAnInputTimesAConstantWeightOfAnySize() throws Exception {
        Path dir = work.resolve("m");
        MicroModels.write("op-matmul-24", dir);
        GraphProto g = ModelProto.parseFrom(Files.readAllBytes(dir.resolve("model.onnx"))).getGraph();
        assertThat(g.getNodeList()).singleElement().satisfies(n -> {
            assertThat(n.getOpType()).isEqualTo("MatMul");
            assertThat(n.getInputList()).containsExactly("x0", "w");
        });
        assertThat(g.getInitializerList()).singleElement()
                .satisfies(w -> assertThat(w.getDimsList()).containsExactly(24L, 24L));
        assertThat(g.getInput(0).getType().getTensorType().getShape().getDimList())
                .extracting(d -> d.getDimValue()).containsExactly(24L, 24L);
        assertThat(dir.resolve("test_data_set_0").resolve("input_0.pb")).isRegularFile();
        assertThat(MicroModels.NAMES).contains("op-matmul-2048");
    }

    @Test
    void rowsOfAMatMulCanBeGivenApart() throws Exception {
        Path dir = work.resolve("rows");
        MicroModels.write("op-matmul-3x40", dir);
        GraphProto g = ModelProto.parseFrom(Files.readAllBytes(dir.resolve("model.onnx"))).getGraph();
        assertThat(g.getInitializerList()).singleElement()
                .satisfies(w -> assertThat(w.getDimsList()).containsExactly(40L, 40L));
        assertThat(g.getInput(0).getType().getTensorType().getShape().getDimList())
                .extracting(d -> d.getDimValue()).containsExactly(3L, 40L);
        assertThat(g.getOutput(0).getType().getTensorType().getShape().getDimList())
                .extracting(d -> d.getDimValue()).containsExactly(3L, 40L);
    }

    @Test
    void otherNamesAreRefused() {
        for (String bad : new String[] {"op-matmul-0", "op-matmul-007", "op-matmul-9000", "op-matmul-",
            "op-matmul-0x8", "op-matmul-9000x8", "op-matmul-8x", "op-nothing"}) {
            assertThatThrownBy(() -> MicroModels.write(bad, work.resolve("bad"))).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no micro model");
        }
    }
}
