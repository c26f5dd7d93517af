package org.hipep.dialects.onnx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.onnx.schema.ElementKind;
import org.hipep.dialects.onnx.schema.FormalParameter;
import org.hipep.dialects.onnx.schema.OpSchema;
import org.hipep.dialects.onnx.schema.TypeConstraint;
import org.hipep.dialects.onnx.schema.TypeConstraint.Container;
import org.hipep.ir.DialectType;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * Checks operand types against the schema's type constraints: each value is a kind the
 * constraint allows (tensor, sequence, optional) with an allowed element type, and the values
 * of one constraint (outside heterogeneous variadics) agree. Element types the ONNX mapping does
 * not use (dialect types) and maps are not judged.
 */
final class TypeChecker {
    /** A value's kind and element type, as a constraint sees it. */
    private record Classified(Container container, Type element) {
    }

    /** The first operand that bound a constraint. */
    private record Binding(Classified value, Type type, int operand) {
    }

    private TypeChecker() {
    }

    static LogicalResult check(Operation op, OpSchema schema) {
        Map<String, Binding> bound = new HashMap<>();
        List<FormalParameter> formals = schema.inputs();
        for (int i = 0; i < op.numOperands(); i++) {
            Type t = op.operand(i).type();
            if (t instanceof NoneType) {
                continue;
            }
            FormalParameter f = OpSchema.formalAt(formals, i);
            TypeConstraint c = schema.typeConstraint(f.typeConstraint());
            Classified v = classify(t);
            if (v == null) {
                if (t instanceof DialectType) {
                    continue;
                }
                return op.emitOpError("operand #" + i + " has type " + text(op, t)
                        + ", which is not an ONNX value (a tensor, !onnx.seq, !onnx.opt or !onnx.map)");
            }
            if (!c.containers().contains(v.container())) {
                return op.emitOpError("operand #" + i + " has type " + text(op, t) + " but type constraint '" + c.name()
                        + "' of " + schema + " allows only " + c.containerList());
            }
            Set<ElementKind> kinds = ElementKind.kindsOf(v.element());
            if (kinds != null && !c.allows(v.container(), kinds)) {
                return op.emitOpError("operand #" + i + " has element type " + text(op, v.element())
                        + " but type constraint '" + c.name() + "' of " + schema + " allows only " + c.elementList());
            }
            if (!f.homogeneous()) {
                continue;
            }
            Binding b = bound.putIfAbsent(c.name(), new Binding(v, t, i));
            if (b != null && !b.value().equals(v)) {
                if (v.container() == Container.TENSOR && b.value().container() == Container.TENSOR) {
                    return op.emitOpError("operand #" + i + " has element type " + text(op, v.element())
                            + " but type constraint '" + c.name() + "' binds " + text(op, b.value().element())
                            + " from operand #" + b.operand());
                }
                return op.emitOpError("operand #" + i + " has type " + text(op, t) + " but type constraint '" + c.name()
                        + "' binds " + text(op, b.type()) + " from operand #" + b.operand());
            }
        }
        return LogicalResult.success();
    }

    private static Classified classify(Type t) {
        if (t instanceof RankedTensorType r) {
            return new Classified(Container.TENSOR, r.elementType());
        }
        if (t instanceof UnrankedTensorType u) {
            return new Classified(Container.TENSOR, u.elementType());
        }
        if (t instanceof SequenceType s) {
            Classified inner = classify(s.elementType());
            return inner != null && inner.container() == Container.TENSOR
                    ? new Classified(Container.SEQUENCE, inner.element()) : null;
        }
        if (t instanceof OptionalType o) {
            Classified inner = classify(o.elementType());
            if (inner == null) {
                return null;
            }
            return switch (inner.container()) {
                case TENSOR -> new Classified(Container.OPTIONAL_TENSOR, inner.element());
                case SEQUENCE -> new Classified(Container.OPTIONAL_SEQUENCE, inner.element());
                default -> null;
            };
        }
        return null;
    }

    /** A type as the op's context prints it (dialect types included). */
    static String text(Operation op, Type t) {
        StringBuilder sb = new StringBuilder();
        new AttrTypePrinter(sb, op.context(), AsmPrinterOptions.defaults()).printType(t);
        return sb.toString();
    }
}
