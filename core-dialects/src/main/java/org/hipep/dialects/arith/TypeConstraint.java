package org.hipep.dialects.arith;

import java.util.function.Predicate;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The operand and result type constraints of the arith and math ops, named as upstream's ODS
 * names them in its diagnostics ({@code operand #0 must be signless-integer-like, but got 'f32'}).
 * A "-like" constraint accepts a scalar or a tensor (ranked or not) of such scalars.
 */
public enum TypeConstraint {
    /** Signless integer or index. */
    SIGNLESS_INTEGER_LIKE("signless-integer-like", TypeConstraint::isSignlessIntOrIndex),
    /** Signless integer (not index). */
    FIXED_WIDTH_INTEGER_LIKE("signless-fixed-width-integer-like", TypeConstraint::isSignlessInt),
    /** Float. */
    FLOAT_LIKE("floating-point-like", t -> t instanceof FloatType),
    /** {@code i1}. */
    BOOL_LIKE("bool-like", t -> t.equals(IntegerType.I1)),
    /** Signless integer or float (bitcast). */
    INTEGER_OR_FLOAT_LIKE("signless-integer-or-float-like or memref of signless-integer or float", t -> isSignlessInt(t) || t instanceof FloatType),
    /** The operand/result of index_cast: signless integer or index. */
    INDEX_CAST("signless-integer-like or memref of signless-integer", TypeConstraint::isSignlessIntOrIndex);

    private final String description;
    private final Predicate<Type> element;

    TypeConstraint(String description, Predicate<Type> element) {
        this.description = description;
        this.element = element;
    }

    /** The name used in diagnostics. */
    public String description() {
        return description;
    }

    /** Whether {@code type} (a scalar or a tensor of scalars) satisfies the constraint. */
    public boolean test(Type type) {
        return element.test(elementType(type));
    }

    /** The element type of a tensor, or the type itself. */
    public static Type elementType(Type type) {
        if (type instanceof RankedTensorType r) {
            return r.elementType();
        }
        if (type instanceof UnrankedTensorType u) {
            return u.elementType();
        }
        return type;
    }

    /** {@code type} with its element type replaced (a scalar becomes {@code element}). */
    public static Type withElementType(Type type, Type element) {
        if (type instanceof RankedTensorType r) {
            return new RankedTensorType(r.shape(), element, r.encoding());
        }
        if (type instanceof UnrankedTensorType) {
            return new UnrankedTensorType(element);
        }
        return element;
    }

    /** Whether two types have the same shape: both scalars, or tensors of the same shape. */
    public static boolean sameShape(Type a, Type b) {
        return withElementType(a, IntegerType.I1).equals(withElementType(b, IntegerType.I1));
    }

    static boolean isSignlessInt(Type t) {
        return t instanceof IntegerType i && i.isSignless();
    }

    static boolean isSignlessIntOrIndex(Type t) {
        return t instanceof IndexType || isSignlessInt(t);
    }

    /** Checks operand {@code index} of {@code op}; emits upstream's error on failure. */
    public LogicalResult checkOperand(Operation op, int index) {
        Type t = op.operand(index).type();
        if (test(t)) {
            return LogicalResult.success();
        }
        return op.emitOpError("operand #" + index + " must be " + description + ", but got '"
                + AttrTypePrinter.typeToString(t) + "'");
    }

    /** Checks result {@code index} of {@code op}; emits upstream's error on failure. */
    public LogicalResult checkResult(Operation op, int index) {
        Type t = op.result(index).type();
        if (test(t)) {
            return LogicalResult.success();
        }
        return op.emitOpError("result #" + index + " must be " + description + ", but got '"
                + AttrTypePrinter.typeToString(t) + "'");
    }
}
