package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.dialects.onnx.OnnxOpsets;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.rewrite.GreedyPatternRewriteDriver;
import org.hipep.ir.rewrite.PatternRewriter;

/** Helpers shared by the {@code simplify-onnx} patterns. */
final class OnnxRewrites {
    private OnnxRewrites() {
    }

    /** The default-domain opset in force for {@code op}. */
    static int opset(Operation op) {
        return OnnxOpsets.opsetOf(op, "");
    }

    /** Whether {@code v} is an omitted optional input ({@code onnx.NoValue}). */
    static boolean isNoValue(Value v) {
        Operation def = v.definingOp();
        return def != null && def.is(OnnxDialect.NO_VALUE);
    }

    /** Whether operand {@code i} of {@code op} is present (exists and is not {@code onnx.NoValue}). */
    static boolean hasOperand(Operation op, int i) {
        return i < op.numOperands() && !isNoValue(op.operand(i));
    }

    /** The element type of a shaped type, else {@code null}. */
    static Type elementType(Type t) {
        return t instanceof ShapedType s ? s.elementType() : null;
    }

    /** Whether {@code v} is a tensor of floats (f16, bf16, f32, f64). */
    static boolean isFloatTensor(Value v) {
        return elementType(v.type()) instanceof FloatType;
    }

    /** The ONNX data type number of an element type, or -1 when there is none. */
    static int onnxDataType(Type t) {
        if (t instanceof FloatType f) {
            return switch (f.kind()) {
                case F32 -> 1;
                case F16 -> 10;
                case F64 -> 11;
                case BF16 -> 16;
                default -> -1;
            };
        }
        if (t instanceof IntegerType i) {
            boolean unsigned = i.signedness() == IntegerType.Signedness.UNSIGNED;
            return switch (i.width()) {
                case 1 -> unsigned ? -1 : 9;
                case 8 -> unsigned ? 2 : 3;
                case 16 -> unsigned ? 4 : 5;
                case 32 -> unsigned ? 12 : 6;
                case 64 -> unsigned ? 13 : 7;
                default -> -1;
            };
        }
        return -1;
    }

    /** Creates {@code name(operands) -> resultType} with {@code op}'s location before {@code op}. */
    static Operation create(PatternRewriter rewriter, Operation op, String name, List<? extends Value> operands,
            Type resultType, Map<String, ? extends Attribute> attributes) {
        return rewriter.create(op.location(), name, operands, List.of(resultType), attributes);
    }

    /** A rank-0 {@code onnx.Constant} of {@code elementType} holding {@code value}, or {@code null}. */
    static Value scalarConstant(PatternRewriter rewriter, Location loc, Type elementType, double value) {
        RankedTensorType t = RankedTensorType.of(elementType);
        DenseElementsAttr attr;
        if (elementType instanceof FloatType) {
            attr = DenseElementsAttr.ofDoubles(t, value);
        } else if (elementType instanceof IntegerType && value == Math.rint(value)) {
            attr = DenseElementsAttr.ofLongs(t, (long) value);
        } else {
            return null;
        }
        return rewriter.create(loc, OnnxDialect.CONSTANT, List.of(), List.of(t), Map.of("value", attr)).result(0);
    }

    /**
     * The value of every element of {@code v} when it is an {@code onnx.Constant} whose elements
     * are all equal (a splat, a scalar, {@code value_float} or {@code value_int}); else empty.
     */
    static OptionalDouble splatValue(Value v) {
        Operation def = v.definingOp();
        if (def == null || !def.is(OnnxDialect.CONSTANT)) {
            return OptionalDouble.empty();
        }
        if (def.attribute("value_float") instanceof FloatAttr f) {
            return OptionalDouble.of(f.value());
        }
        if (def.attribute("value_int") instanceof IntegerAttr i) {
            return OptionalDouble.of(i.longValue());
        }
        if (!(def.attribute("value") instanceof DenseElementsAttr d) || d.numElements() == 0) {
            return OptionalDouble.empty();
        }
        Type et = d.elementType();
        if (!(et instanceof FloatType) && !(et instanceof IntegerType)) {
            return OptionalDouble.empty();
        }
        double first = element(d, 0);
        long n = d.isSplat() ? 1 : d.numElements();
        for (long i = 1; i < n; i++) {
            if (Double.compare(element(d, i), first) != 0) {
                return OptionalDouble.empty();
            }
        }
        return OptionalDouble.of(first);
    }

    private static double element(DenseElementsAttr d, long i) {
        if (d.elementType() instanceof FloatType) {
            return d.getDouble(i);
        }
        if (d.elementType() instanceof IntegerType it && it.width() == 1) {
            return d.rawBits(i) != 0 ? 1 : 0;
        }
        return d.getLong(i);
    }

    /** Erases the op defining {@code v} when it is now trivially dead (pure, unused). */
    static void eraseIfDead(PatternRewriter rewriter, Value v) {
        Operation def = v.definingOp();
        if (def != null && def.block() != null && GreedyPatternRewriteDriver.isTriviallyDead(def)) {
            rewriter.eraseOp(def);
        }
    }
}
