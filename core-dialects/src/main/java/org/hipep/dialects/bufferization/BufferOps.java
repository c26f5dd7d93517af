package org.hipep.dialects.bufferization;

import java.util.List;
import java.util.Map;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;

/**
 * Builders of the buffer ops bufferization creates ({@code bufferization.to_tensor} and
 * {@code to_buffer}, {@code memref.alloc}, {@code memref.copy}, {@code memref.dim}), shared by
 * the dialects' bufferization models and {@code one-shot-bufferize}.
 */
public final class BufferOps {
    /** The alignment {@code memref.alloc} gets, as upstream bufferization gives it. */
    public static final long ALLOC_ALIGNMENT = 64;

    private BufferOps() {
    }

    /** Creates an op from its name, operands, result types and attributes (inherent ones become properties). */
    public static Operation create(OpBuilder b, Location loc, String name, List<? extends Value> operands,
            List<? extends Type> results, Map<String, ? extends Attribute> attributes) {
        OperationState st = new OperationState(loc, name, b.context());
        st.addOperands(operands).addTypes(results);
        st.attributes.putAll(attributes);
        return b.create(st);
    }

    /** {@code bufferization.to_tensor %buffer : M to T}. */
    public static Value toTensor(OpBuilder b, Location loc, Value buffer, Type tensorType) {
        return create(b, loc, "bufferization.to_tensor", List.of(buffer), List.of(tensorType), Map.of()).result(0);
    }

    /** {@code bufferization.to_buffer %tensor : T to M}. */
    public static Value toBuffer(OpBuilder b, Location loc, Value tensor, Type bufferType) {
        return create(b, loc, "bufferization.to_buffer", List.of(tensor), List.of(bufferType), Map.of()).result(0);
    }

    /** {@code memref.alloc(%dyn...) {alignment = 64} : M}. */
    public static Value alloc(OpBuilder b, Location loc, MemRefType type, List<Value> dynamicSizes) {
        return create(b, loc, "memref.alloc", dynamicSizes, List.of(type),
                Map.of("alignment", IntegerAttr.i64(ALLOC_ALIGNMENT),
                        ShapedSyntax.SEGMENTS, ShapedSyntax.segments(dynamicSizes.size(), 0))).result(0);
    }

    /** {@code memref.copy %from, %to}. */
    public static void copy(OpBuilder b, Location loc, Value from, Value to) {
        create(b, loc, "memref.copy", List.of(from, to), List.of(), Map.of());
    }

    /** {@code %c = arith.constant i : index; %d = memref.dim %buffer, %c}. */
    public static Value dim(OpBuilder b, Location loc, Value buffer, int i) {
        Value index = create(b, loc, "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                Map.of("value", IntegerAttr.index(i))).result(0);
        return create(b, loc, "memref.dim", List.of(buffer, index), List.of(IndexType.INSTANCE), Map.of()).result(0);
    }

    /** The {@code ?} dimensions of {@code buffer}, read with {@code memref.dim}, in order. */
    public static List<Value> dynamicSizes(OpBuilder b, Location loc, Value buffer) {
        ShapedType t = (ShapedType) buffer.type();
        List<Value> sizes = new java.util.ArrayList<>();
        for (int i = 0; i < t.shape().size(); i++) {
            if (t.shape().get(i) == RankedTensorType.DYNAMIC) {
                sizes.add(dim(b, loc, buffer, i));
            }
        }
        return sizes;
    }
}
