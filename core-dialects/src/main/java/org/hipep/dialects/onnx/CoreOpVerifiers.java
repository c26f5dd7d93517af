package org.hipep.dialects.onnx;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.onnx.schema.OpSchema;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedTensorType;

/** The verifiers of the dialect's own ops ({@code onnx.NoValue}, {@code onnx.Yield}, {@code onnx.Return}) and Constant's value rule. */
final class CoreOpVerifiers {
    private CoreOpVerifiers() {
    }

    static LogicalResult verifyNoValue(Operation op) {
        if (op.numOperands() != 0 || op.numResults() != 1 || !(op.result(0).type() instanceof NoneType)) {
            return op.emitOpError("expects no operands and one result of type none");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyYield(Operation op) {
        Operation parent = op.parentOp();
        if (parent == null || !parent.name().dialectNamespace().equals(OnnxDialect.NAMESPACE)) {
            return op.emitOpError("expects to end a region of an onnx op (a graph attribute such as If's branches)");
        }
        return LogicalResult.success();
    }

    /** {@code onnx.Return} ends a {@code func.func} and returns the graph outputs, as {@code func.return} does. */
    static LogicalResult verifyReturn(Operation op) {
        Operation func = op.parentOp();
        if (func == null || !func.is(FuncDialect.FUNC)) {
            return op.emitOpError("expects parent op 'func.func'");
        }
        FunctionType ft = FuncDialect.functionType(func);
        if (ft == null) {
            return LogicalResult.success();
        }
        List<Type> results = ft.results();
        if (op.numOperands() != results.size()) {
            return op.emitOpError("has " + op.numOperands() + " operands, but the enclosing function returns "
                    + results.size());
        }
        for (int i = 0; i < results.size(); i++) {
            Type actual = op.operand(i).type();
            if (!compatible(actual, results.get(i))) {
                return op.emitOpError("operand #" + i + " has type " + TypeChecker.text(op, actual)
                        + ", which is not compatible with the function result type " + TypeChecker.text(op, results.get(i)));
            }
        }
        return LogicalResult.success();
    }

    /** Equal types, or tensors of one element type whose known dimensions agree. */
    static boolean compatible(Type a, Type b) {
        if (a.equals(b)) {
            return true;
        }
        if (!isTensor(a) || !isTensor(b)) {
            return false;
        }
        ShapedType sa = (ShapedType) a;
        ShapedType sb = (ShapedType) b;
        if (!sa.elementType().equals(sb.elementType())) {
            return false;
        }
        if (!sa.hasRank() || !sb.hasRank()) {
            return true;
        }
        if (sa.rank() != sb.rank()) {
            return false;
        }
        for (int i = 0; i < sa.rank(); i++) {
            long x = sa.shape().get(i);
            long y = sb.shape().get(i);
            if (x != y && x != ShapedType.DYNAMIC && y != ShapedType.DYNAMIC) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    /**
     * Constant carries exactly one of its value attributes, and its result has the value's type
     * (the tensor's type; f32 for value_float(s); i64 for value_int(s)).
     */
    static LogicalResult verifyConstantValue(Operation op, OpSchema schema) {
        List<String> present = new ArrayList<>();
        for (String name : schema.attributes().keySet()) {
            if (op.attribute(name) != null) {
                present.add(name);
            }
        }
        if (present.size() != 1) {
            return op.emitOpError("requires exactly one of the attributes " + String.join(", ", schema.attributes().keySet())
                    + " (" + schema + "), but has " + (present.isEmpty() ? "none" : String.join(", ", present)));
        }
        if (op.numResults() != 1) {
            return LogicalResult.success();
        }
        String name = present.get(0);
        Attribute value = op.attribute(name);
        Type result = op.result(0).type();
        Type expectedElement = switch (name) {
            case "value_float", "value_floats" -> FloatType.F32;
            case "value_int", "value_ints" -> IntegerType.I64;
            default -> value instanceof TypedAttribute t && t.type() instanceof ShapedType s ? s.elementType() : null;
        };
        if (value instanceof TypedAttribute t && t.type() instanceof ShapedType && name.equals("value")
                && !compatible(t.type(), result)) {
            return op.emitOpError("result type " + TypeChecker.text(op, result) + " does not match the type of 'value' "
                    + TypeChecker.text(op, t.type()));
        }
        if (expectedElement != null && result instanceof ShapedType rs && !rs.elementType().equals(expectedElement)) {
            return op.emitOpError("result element type " + TypeChecker.text(op, rs.elementType()) + " does not match '"
                    + name + "' (" + TypeChecker.text(op, expectedElement) + ")");
        }
        return LogicalResult.success();
    }
}
