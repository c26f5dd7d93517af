package org.hipep.dialects.onnx.load;

import com.google.protobuf.ByteString;
import com.google.protobuf.MessageLite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/** Builds small ONNX messages for tests with the generated builders. */
final class TestModels {

    static final int FLOAT = TensorProto.DataType.FLOAT_VALUE;

    private TestModels() {
    }

    /** A float32 tensor value description with fixed dims. */
    static ValueInfoProto value(String name, long... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (long d : dims) {
            shape.addDimBuilder().setDimValue(d);
        }
        return ValueInfoProto.newBuilder().setName(name)
                .setType(TypeProto.newBuilder().setTensorType(TypeProto.Tensor.newBuilder()
                        .setElemType(FLOAT).setShape(shape)))
                .build();
    }

    /** A node of the default domain. */
    static NodeProto node(String name, String op, List<String> inputs, List<String> outputs,
            AttributeProto... attributes) {
        return NodeProto.newBuilder().setName(name).setOpType(op).addAllInput(inputs).addAllOutput(outputs)
                .addAllAttribute(List.of(attributes)).build();
    }

    /** A float32 tensor in raw_data. */
    static TensorProto floats(String name, long[] dims, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return TensorProto.newBuilder().setName(name).setDataType(FLOAT).addAllDims(boxed(dims))
                .setRawData(ByteString.copyFrom(b.array())).build();
    }

    static List<Long> boxed(long[] dims) {
        return java.util.Arrays.stream(dims).boxed().toList();
    }

    /** A graph x[2] -> Relu -> y[2]. */
    static GraphProto.Builder reluGraph() {
        return GraphProto.newBuilder().setName("g").addInput(value("x", 2)).addOutput(value("y", 2))
                .addNode(node("relu1", "Relu", List.of("x"), List.of("y")));
    }

    /** A model of IR version 8 importing opset 17 of the default domain. */
    static ModelProto.Builder model(GraphProto graph) {
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("test")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17))
                .setGraph(graph);
    }

    /** Writes {@code message} to {@code dir/name} and returns the path. */
    static Path write(Path dir, String name, MessageLite message) {
        return write(dir.resolve(name), message.toByteArray());
    }

    static Path write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
