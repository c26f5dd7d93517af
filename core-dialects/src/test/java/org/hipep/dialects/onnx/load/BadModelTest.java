package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.dialects.onnx.load.TestModels.floats;
import static org.hipep.dialects.onnx.load.TestModels.model;
import static org.hipep.dialects.onnx.load.TestModels.node;
import static org.hipep.dialects.onnx.load.TestModels.reluGraph;
import static org.hipep.dialects.onnx.load.TestModels.value;
import static org.hipep.dialects.onnx.load.TestModels.write;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that are not loadable ONNX models, each built here and refused with a clear message. */
class BadModelTest {

    @TempDir
    Path dir;

    private OnnxLoadException refused(ModelProto.Builder model) {
        Path file = write(dir, "model.onnx", model.build());
        return refused(file);
    }

    private static OnnxLoadException refused(Path file) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> OnnxModelLoader.load(file));
        assertThat(t).isExactlyInstanceOf(OnnxLoadException.class);
        OnnxLoadException e = (OnnxLoadException) t;
        assertThat(e.file()).contains(file.toString());
        assertThat(e.getMessage()).startsWith(file + ": ");
        return e;
    }

    @Test
    void truncatedFile() {
        GraphProto g = reluGraph().addInitializer(floats("w", new long[] {4}, 1, 2, 3, 4)).build();
        byte[] bytes = model(g).build().toByteArray();
        Path file = write(dir.resolve("model.onnx"), Arrays.copyOf(bytes, bytes.length / 2));
        assertThat(refused(file).detail()).contains("truncated or not ONNX");
    }

    @Test
    void randomBytes() {
        Random random = new Random(42);
        for (int i = 0; i < 20; i++) {
            byte[] bytes = new byte[1 + random.nextInt(4096)];
            random.nextBytes(bytes);
            Path file = write(dir.resolve("random" + i + ".onnx"), bytes);
            refused(file);
        }
    }

    @Test
    void missingFileAndDirectory() {
        assertThat(refused(dir.resolve("absent.onnx")).detail()).isEqualTo("no such file");
        assertThat(refused(dir).detail()).contains("is a directory");
    }

    @Test
    void emptyFileHasNoGraph() {
        Path file = write(dir.resolve("empty.onnx"), new byte[0]);
        assertThat(refused(file).detail()).contains("has no graph");
    }

    @Test
    void streamErrorsNameTheStream() {
        byte[] bytes = {(byte) 0x3a, (byte) 0xff};
        assertThatThrownBy(() -> OnnxModelLoader.load(new ByteArrayInputStream(bytes), "upload.onnx", null))
                .isExactlyInstanceOf(OnnxLoadException.class).hasMessageStartingWith("upload.onnx: ");
    }

    @Test
    void irVersion99() {
        assertThat(refused(model(reluGraph().build()).setIrVersion(99)).detail())
                .isEqualTo("ir_version 99 is outside the supported range 3 to 13");
    }

    @Test
    void defaultOpsetAbove27() {
        ModelProto.Builder m = model(reluGraph().build()).clearOpsetImport()
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("ai.onnx").setVersion(28));
        assertThat(refused(m).detail()).contains("opset 28 of the default domain");
    }

    @Test
    void unknownDataType() {
        TensorProto t = floats("w", new long[] {1}, 1).toBuilder().setDataType(99).build();
        assertThat(refused(model(reluGraph().addInitializer(t).build())).detail())
                .isEqualTo("initializer: tensor 'w': unknown data type 99");
    }

    @Test
    void inputProducedByNothing() {
        GraphProto g = reluGraph().clearNode().addNode(node("relu1", "Relu", List.of("x"), List.of("t")))
                .addNode(node("conv1", "Conv", List.of("t", "missing", ""), List.of("y"))).build();
        OnnxLoadException e = refused(model(g));
        assertThat(e.nodeIndex()).hasValue(1);
        assertThat(e.nodeName()).contains("conv1");
        assertThat(e.opType()).contains("Conv");
        assertThat(e.getMessage()).endsWith(
                "model.onnx: node 1 'conv1' (Conv): input 'missing' is produced by no node, initializer or graph input");
    }

    @Test
    void graphOutputProducedByNothing() {
        GraphProto g = reluGraph().addOutput(value("z", 2)).build();
        assertThat(refused(model(g)).detail()).contains("graph output 'z' is produced by no node");
    }

    @Test
    void cycle() {
        GraphProto g = reluGraph().clearNode()
                .addNode(node("a", "Add", List.of("x", "c"), List.of("b_in")))
                .addNode(node("b", "Relu", List.of("b_in"), List.of("c")))
                .addNode(node("out", "Identity", List.of("c"), List.of("y"))).build();
        OnnxLoadException e = refused(model(g));
        assertThat(e.detail()).contains("cycle").contains("0 'a' (Add)").contains("1 'b' (Relu)");
        assertThat(e.nodeIndex()).isPresent();
    }

    @Test
    void twoNodesProduceOneName() {
        GraphProto g = reluGraph().addNode(node("relu2", "Relu", List.of("x"), List.of("y"))).build();
        OnnxLoadException e = refused(model(g));
        assertThat(e.nodeIndex()).hasValue(1);
        assertThat(e.detail()).isEqualTo("output 'y' is already produced by node 0 'relu1' (Relu)");
    }

    @Test
    void initializerNamedLikeANodeOutput() {
        GraphProto g = reluGraph().addInitializer(floats("y", new long[] {2}, 1, 2)).build();
        OnnxLoadException e = refused(model(g));
        assertThat(e.detail()).isEqualTo("output 'y' is already produced by an initializer");
        assertThat(e.nodeName()).contains("relu1");
    }

    @Test
    void dimsProductOverflow() {
        TensorProto t = floats("w", new long[] {Long.MAX_VALUE / 2, 3}, 1);
        assertThat(refused(model(reluGraph().addInitializer(t).build())).detail())
                .contains("tensor 'w'").contains("overflows a long");
    }

    @Test
    void negativeDim() {
        TensorProto t = floats("w", new long[] {-1}, 1);
        assertThat(refused(model(reluGraph().addInitializer(t).build())).detail())
                .contains("tensor 'w'").contains("negative");
    }

    @Test
    void rawDataSizeMismatch() {
        TensorProto t = floats("w", new long[] {2, 3}, 1, 2, 3, 4, 5);
        assertThat(refused(model(reluGraph().addInitializer(t).build())).detail())
                .isEqualTo("initializer: tensor 'w': raw_data has 20 bytes but dims [2, 3] of float32 need 24");
    }

    @Test
    void typedFieldCountMismatch() {
        TensorProto t = TensorProto.newBuilder().setName("w").setDataType(TestModels.FLOAT).addDims(3)
                .addFloatData(1).addFloatData(2).build();
        assertThat(refused(model(reluGraph().addInitializer(t).build())).detail())
                .contains("tensor 'w'").contains("need 3 values in float_data, which holds 2");
    }

    @Test
    void recursiveLocalFunction() {
        var f = org.hipep.dialects.onnx.proto.OnnxProto.FunctionProto.newBuilder().setDomain("my").setName("F")
                .addInput("X").addOutput("Y")
                .addNode(node("again", "F", List.of("X"), List.of("Y")).toBuilder().setDomain("my")).build();
        GraphProto g = reluGraph().clearNode()
                .addNode(node("call", "F", List.of("x"), List.of("y")).toBuilder().setDomain("my")).build();
        ModelProto.Builder m = model(g).addFunctions(f)
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("my").setVersion(1));
        assertThat(refused(m).detail()).contains("calls itself").contains("'my.F' -> 'my.F'");
    }
}
