package org.hipep.dialects.onnx.importer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.hipep.dialects.onnx.ExternalAttr;
import org.hipep.dialects.onnx.load.OnnxDataType;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.load.OnnxTensors;
import org.hipep.dialects.onnx.load.TensorData;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.TypeAttr;

/**
 * ONNX node attributes as IR attributes: INT → {@code i64}, FLOAT → {@code f32}, STRING →
 * string, TENSOR → dense elements over the tensor's packed (or memory-mapped) bytes, INTS →
 * {@code array<i64: ...>}, FLOATS → {@code array<f32: ...>}, STRINGS and TENSORS → arrays,
 * TYPE_PROTO → a type attribute, GRAPH and GRAPHS → regions of the op (in attribute-name order).
 */
final class OnnxAttributes {
    /** Imports a subgraph into a region of the op being built. */
    @FunctionalInterface
    interface Subgraphs {
        void importInto(GraphProto graph, Region region);
    }

    private final Context ctx;
    private final Path baseDir;

    OnnxAttributes(Context ctx, Path baseDir) {
        this.ctx = ctx;
        this.baseDir = baseDir;
    }

    /** Converts every attribute of {@code n} into {@code st}; graph attributes become regions. */
    void convert(NodeProto n, int index, OperationState st, List<String> regionNames, Subgraphs subgraphs) {
        List<AttributeProto> sorted = new ArrayList<>(n.getAttributeList());
        sorted.sort(Comparator.comparing(AttributeProto::getName));
        for (AttributeProto a : sorted) {
            String where = "attribute '" + a.getName() + "'";
            try {
                switch (a.getType()) {
                    case GRAPH -> {
                        regionNames.add(a.getName());
                        subgraphs.importInto(a.getG(), st.addRegion());
                    }
                    case GRAPHS -> {
                        for (GraphProto g : a.getGraphsList()) {
                            regionNames.add(a.getName());
                            subgraphs.importInto(g, st.addRegion());
                        }
                    }
                    default -> st.addAttribute(a.getName(), value(a, where));
                }
            } catch (OnnxLoadException e) {
                if (e.nodeIndex().isPresent()) {
                    throw e;
                }
                throw new OnnxLoadException(null, index, n.getName(), n.getOpType(), e.detail(), e);
            }
        }
    }

    private Attribute value(AttributeProto a, String where) {
        return switch (a.getType()) {
            case INT -> IntegerAttr.i64(a.getI());
            case FLOAT -> FloatAttr.f32(a.getF());
            case STRING -> new StringAttr(a.getS().toStringUtf8());
            case TENSOR -> tensor(OnnxTensors.decode(a.getT(), baseDir, where), where);
            case INTS -> DenseArrayAttr.i64(a.getIntsList().stream().mapToLong(Long::longValue).toArray());
            case FLOATS -> DenseArrayAttr.ofDoubles(FloatType.F32,
                    a.getFloatsList().stream().mapToDouble(Float::doubleValue).toArray());
            case STRINGS -> new ArrayAttr(a.getStringsList().stream()
                    .map(s -> (Attribute) new StringAttr(s.toStringUtf8())).toList());
            case TENSORS -> {
                List<Attribute> ts = new ArrayList<>();
                for (var t : a.getTensorsList()) {
                    ts.add(tensor(OnnxTensors.decode(t, baseDir, where), where));
                }
                yield new ArrayAttr(ts);
            }
            case TYPE_PROTO -> new TypeAttr(OnnxTypes.type(ctx, a.getTp(), where).type());
            case TYPE_PROTOS -> new ArrayAttr(a.getTypeProtosList().stream()
                    .map(t -> (Attribute) new TypeAttr(OnnxTypes.type(ctx, t, where).type())).toList());
            default -> throw new OnnxLoadException(where + " has the kind " + a.getType() + ", which the importer does not"
                    + " support");
        };
    }

    /**
     * An external tensor as a reference to its file ({@code #onnx.external<"file", offset, length>}),
     * so that the weights are never copied into the IR.
     */
    Attribute external(TensorProto proto, TensorData t, String where) {
        OnnxTensors.ExternalReference ref = OnnxTensors.externalReference(proto, t.data().remaining()).orElseThrow();
        return new ExternalAttr(ref.location(), ref.offset(), ref.length(), tensorType(t, where));
    }

    private RankedTensorType tensorType(TensorData t, String where) {
        Type et = OnnxTypes.elementType(t.dtype(), where);
        List<Long> dims = new ArrayList<>();
        for (long d : t.dims()) {
            dims.add(d);
        }
        return RankedTensorType.of(dims, et);
    }

    /** A tensor as a dense elements attribute over its packed bytes (no per-element objects). */
    Attribute tensor(TensorData t, String where) {
        if (t.dtype() == OnnxDataType.STRING) {
            throw new OnnxLoadException(where + ": string tensors are not supported by the importer");
        }
        RankedTensorType type = tensorType(t, where);
        try {
            return DenseElementsAttr.fromRaw(type, t.data());
        } catch (IllegalArgumentException e) {
            throw new OnnxLoadException(where + ": " + e.getMessage());
        }
    }
}
