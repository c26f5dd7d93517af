package org.hipep.dialects.arith;

import java.util.List;
import java.util.function.BiPredicate;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpVerifier;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * Verifiers of the arith ops (and the math ops, which share the elementwise ones), checking the
 * rules of upstream's ODS definitions in the order it does: operand and result counts, inherent
 * attributes, operand/result type constraints, then the op's type relations. Messages are
 * upstream's.
 */
public final class ArithVerifiers {
    /** The inherent attribute of the integer overflow flags. */
    public static final String OVERFLOW = "overflowFlags";
    /** The inherent attribute of the fast-math flags. */
    public static final String FASTMATH = "fastmath";
    /** The inherent attribute of the comparison predicate. */
    public static final String PREDICATE = "predicate";

    private ArithVerifiers() {
    }

    private static String str(Type t) {
        return AttrTypePrinter.typeToString(t);
    }

    /** Checks the operand count and that there is one result. */
    static LogicalResult counts(Operation op, int operands) {
        if (op.numOperands() != operands) {
            return op.emitOpError("expected " + operands + " operands, but found " + op.numOperands());
        }
        if (op.numResults() != 1) {
            return op.emitOpError("requires one result");
        }
        return LogicalResult.success();
    }

    /** Checks that a flags attribute, when present, has the right kind. */
    static LogicalResult flags(Operation op, String flagAttr) {
        if (flagAttr == null) {
            return LogicalResult.success();
        }
        Attribute a = op.attribute(flagAttr);
        if (flagAttr.equals(OVERFLOW) && a != null && !(a instanceof OverflowFlagsAttr)) {
            return op.emitOpError("attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags");
        }
        if (flagAttr.equals(FASTMATH) && a != null && !(a instanceof FastMathFlagsAttr)) {
            return op.emitOpError("attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags");
        }
        return LogicalResult.success();
    }

    /**
     * An elementwise op of {@code arity} operands whose operands and result have one type
     * satisfying {@code constraint}; {@code flagAttr} ({@link #OVERFLOW}, {@link #FASTMATH} or
     * {@code null}) names its flags.
     */
    public static OpVerifier elementwise(TypeConstraint constraint, int arity, String flagAttr) {
        return op -> {
            if (counts(op, arity).failed() || flags(op, flagAttr).failed()) {
                return LogicalResult.failure();
            }
            for (int i = 0; i < arity; i++) {
                if (constraint.checkOperand(op, i).failed()) {
                    return LogicalResult.failure();
                }
            }
            if (constraint.checkResult(op, 0).failed()) {
                return LogicalResult.failure();
            }
            Type t = op.result(0).type();
            for (int i = 0; i < arity; i++) {
                if (!op.operand(i).type().equals(t)) {
                    return op.emitOpError("requires the same type for all operands and results");
                }
            }
            return LogicalResult.success();
        };
    }

    /**
     * {@code cmpi}/{@code cmpf}: two operands of one type satisfying {@code constraint}, a
     * predicate in {@code [0, predicates.size())} and an {@code i1} result of the operands' shape.
     */
    static OpVerifier compare(TypeConstraint constraint, List<String> predicates, boolean fastmath) {
        return op -> {
            if (counts(op, 2).failed() || flags(op, fastmath ? FASTMATH : null).failed()) {
                return LogicalResult.failure();
            }
            Attribute p = op.attribute(PREDICATE);
            if (p == null) {
                return op.emitOpError("requires attribute 'predicate'");
            }
            if (!(p instanceof IntegerAttr ia) || !ia.type().equals(IntegerType.I64) || ia.value().signum() < 0
                    || ia.value().compareTo(java.math.BigInteger.valueOf(predicates.size())) >= 0) {
                return op.emitOpError("attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless"
                        + " integer cases: 0 to " + (predicates.size() - 1));
            }
            if (constraint.checkOperand(op, 0).failed() || constraint.checkOperand(op, 1).failed()
                    || TypeConstraint.BOOL_LIKE.checkResult(op, 0).failed()) {
                return LogicalResult.failure();
            }
            Type t = op.operand(0).type();
            if (!op.operand(1).type().equals(t)) {
                return op.emitOpError("requires all operands to have the same type");
            }
            if (!op.result(0).type().equals(TypeConstraint.withElementType(t, IntegerType.I1))) {
                return op.emitOpError("failed to verify that result type has i1 element type and same shape as operands");
            }
            return LogicalResult.success();
        };
    }

    /** {@code select}: an {@code i1} condition (or one of the result's shape) and three equal types. */
    static LogicalResult verifySelect(Operation op) {
        if (counts(op, 3).failed() || TypeConstraint.BOOL_LIKE.checkOperand(op, 0).failed()) {
            return LogicalResult.failure();
        }
        Type t = op.result(0).type();
        if (!op.operand(1).type().equals(t) || !op.operand(2).type().equals(t)) {
            return op.emitOpError("failed to verify that all of {true_value, false_value, result} have same type");
        }
        Type cond = op.operand(0).type();
        if (!cond.equals(IntegerType.I1) && !TypeConstraint.sameShape(cond, t)) {
            return op.emitOpError("failed to verify that condition is signless i1 or has matching shape");
        }
        return LogicalResult.success();
    }

    /**
     * A cast: operand and result constraints, the same shape, then {@code compatible} on the
     * element types ({@code operand type 'i64' and result type 'i32' are cast incompatible}).
     */
    static OpVerifier cast(TypeConstraint in, TypeConstraint out, BiPredicate<Type, Type> compatible, String flagAttr) {
        return op -> {
            if (counts(op, 1).failed() || flags(op, flagAttr).failed() || in.checkOperand(op, 0).failed()
                    || out.checkResult(op, 0).failed()) {
                return LogicalResult.failure();
            }
            Type from = op.operand(0).type();
            Type to = op.result(0).type();
            if (!TypeConstraint.sameShape(from, to)) {
                return op.emitOpError("failed to verify that input and output have the same tensor dimensions");
            }
            if (!compatible.test(TypeConstraint.elementType(from), TypeConstraint.elementType(to))) {
                return op.emitOpError("operand type '" + str(from) + "' and result type '" + str(to)
                        + "' are cast incompatible");
            }
            return LogicalResult.success();
        };
    }

    /** The bit width of an integer or float type, or -1. */
    static int width(Type t) {
        if (t instanceof IntegerType i) {
            return i.width();
        }
        if (t instanceof FloatType f) {
            return f.width();
        }
        return -1;
    }

    /** Integer widening ({@code extsi}, {@code extui}). */
    static boolean widensInt(Type a, Type b) {
        return a instanceof IntegerType && b instanceof IntegerType && width(b) > width(a);
    }

    /** Float widening ({@code extf}). */
    static boolean widensFloat(Type a, Type b) {
        return a instanceof FloatType && b instanceof FloatType && width(b) > width(a);
    }

    /** {@code index_cast}: exactly one side is {@code index}. */
    static boolean indexCast(Type a, Type b) {
        return (a instanceof IndexType) != (b instanceof IndexType);
    }

    /** {@code bitcast}: equal bit widths. */
    static boolean sameWidth(Type a, Type b) {
        return width(a) > 0 && width(a) == width(b);
    }

    /** {@code constant}: a typed integer, float or elements value of the result type. */
    static LogicalResult verifyConstant(Operation op) {
        if (op.numOperands() != 0) {
            return op.emitOpError("expected 0 operands, but found " + op.numOperands());
        }
        if (op.numResults() != 1) {
            return op.emitOpError("requires one result");
        }
        Attribute value = op.attribute("value");
        if (value == null) {
            return op.emitOpError("requires attribute 'value'");
        }
        Type t = op.result(0).type();
        if (!(value instanceof TypedAttribute ta) || !t.equals(ta.type())) {
            return op.emitOpError("failed to verify that all of {value, result} have same type");
        }
        if (t instanceof IntegerType it && !it.isSignless()) {
            return op.emitOpError("integer return type must be signless");
        }
        if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof BoolAttr
                || value instanceof DenseElementsAttr)) {
            return op.emitOpError("value must be an integer, float, or elements attribute");
        }
        return LogicalResult.success();
    }
}
