package org.hipep.dialects.onnx.importer;

import java.util.List;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.ir.Attribute;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedTensorType;

/**
 * The type of a node result the model gives no value info for: an unranked tensor whose element
 * type follows from the op (comparisons give {@code i1}, Shape/ArgMax give {@code i64}, Cast its
 * {@code to}, Constant its value) or, by default, from the first tensor input. Shape inference
 * refines these later.
 */
final class ResultTypes {
    private static final Set<String> BOOLEAN = Set.of("Equal", "Greater", "GreaterOrEqual", "Less", "LessOrEqual", "And",
            "Or", "Xor", "Not", "IsNaN", "IsInf");
    private static final Set<String> INT64 = Set.of("Shape", "Size", "ArgMax", "ArgMin", "NonZero");

    private ResultTypes() {
    }

    static Type guess(NodeProto n, int output, List<Value> operands, OperationState st) {
        String op = n.getOpType();
        Type et;
        if (BOOLEAN.contains(op) || (op.equals("Dropout") && output == 1)) {
            et = IntegerType.I1;
        } else if (INT64.contains(op) || (op.equals("TopK") && output == 1)) {
            et = IntegerType.I64;
        } else if (op.equals("Cast") && st.attributes.get("to") instanceof IntegerAttr to) {
            et = OnnxTypes.elementType((int) to.longValue(), "attribute 'to' of a Cast");
        } else if (op.equals("CastLike") && operands.size() > 1 || op.equals("Where") && operands.size() > 1) {
            // CastLike takes the second input's type; Where's first input is the boolean condition.
            et = elementOf(operands.get(1).type());
        } else if (op.equals("OneHot") && operands.size() > 2) {
            et = elementOf(operands.get(2).type());
        } else if (op.equals("Constant") || op.equals("ConstantOfShape")) {
            Attribute v = st.attributes.get("value");
            if (op.equals("Constant") && v instanceof TypedAttribute ta) {
                return ta.type();
            }
            et = v instanceof TypedAttribute ta ? elementOf(ta.type()) : FloatType.F32;
        } else {
            et = null;
            for (Value v : operands) {
                et = elementOf(v.type());
                if (et != null) {
                    break;
                }
            }
            if (et == null) {
                et = FloatType.F32;
            }
        }
        return new UnrankedTensorType(et);
    }

    private static Type elementOf(Type t) {
        return t instanceof ShapedType s ? s.elementType() : null;
    }
}
