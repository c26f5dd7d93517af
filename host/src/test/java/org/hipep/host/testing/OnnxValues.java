package org.hipep.host.testing;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * Graph inputs and outputs, nodes, float initializers, integer-list attributes and the model file
 * for the ONNX models the host's tests write with the protobuf classes.
 */
public final class OnnxValues {
    private OnnxValues() {
    }

    /**
     * A tensor value of element type {@code elemType} (a {@code TensorProto.DataType} number);
     * each dim is a number (Integer or Long) or a String (a symbolic dim).
     */
    public static ValueInfoProto tensor(String name, int elemType, Object... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (Object d : dims) {
            TensorShapeProto.Dimension.Builder dim = TensorShapeProto.Dimension.newBuilder();
            if (d instanceof String param) {
                dim.setDimParam(param);
            } else if (d instanceof Number n) {
                dim.setDimValue(n.longValue());
            } else {
                throw new IllegalArgumentException("dim of " + name + " is neither a number nor a name: " + d);
            }
            shape.addDim(dim);
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(elemType).setShape(shape))).build();
    }

    /** A float tensor value with fixed dims. */
    public static ValueInfoProto floatTensor(String name, long... dims) {
        Object[] boxed = new Object[dims.length];
        for (int i = 0; i < dims.length; i++) {
            boxed[i] = dims[i];
        }
        return tensor(name, TensorProto.DataType.FLOAT_VALUE, boxed);
    }

    /** A float tensor (an initializer or a test-data file) with fixed dims, as little-endian raw data. */
    public static TensorProto floatData(String name, float[] values, long... dims) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) {
            t.addDims(d);
        }
        return t.setRawData(ByteString.copyFrom(b.array())).build();
    }

    /** A node of the default domain with one output. */
    public static NodeProto node(String op, String name, String out, String... in) {
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(op).setName(name).addOutput(out);
        for (String i : in) {
            n.addInput(i);
        }
        return n.build();
    }

    /** An INTS attribute. */
    public static AttributeProto ints(String name, long... values) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long v : values) {
            a.addInts(v);
        }
        return a.build();
    }

    /** A STRING attribute (UTF-8). */
    public static AttributeProto string(String name, String value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.STRING)
                .setS(ByteString.copyFromUtf8(value)).build();
    }

    /** Writes {@code graph} to {@code file} as a model (IR version 8, the default domain at {@code opset}); returns {@code file}. */
    public static Path writeModel(Path file, GraphProto graph, int opset) throws IOException {
        ModelProto m = ModelProto.newBuilder().setIrVersion(8)
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(opset)).setGraph(graph).build();
        return Files.write(file, m.toByteArray());
    }
}
