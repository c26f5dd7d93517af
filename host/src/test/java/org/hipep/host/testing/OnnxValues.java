package org.hipep.host.testing;

import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/** Graph inputs and outputs for the ONNX models the host's tests write with the protobuf classes. */
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
}
