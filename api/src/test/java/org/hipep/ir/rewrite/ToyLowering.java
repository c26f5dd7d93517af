package org.hipep.ir.rewrite;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.TypeAttr;

/** Conversion patterns from {@code toy} (i64) to {@code low} (i32). */
final class ToyLowering {
    private ToyLowering() {
    }

    /** i64 -> i32; every other type is legal. */
    static TypeConverter converter() {
        return new TypeConverter()
                .addSimpleConversion(t -> t)
                .addSimpleConversion(t -> t.equals(IntegerType.I64) ? IntegerType.I32 : null);
    }

    static ConversionPattern constant(TypeConverter tc) {
        return ConversionPattern.of("toy.constant", 1, tc, "ConstantLowering", (op, operands, r) -> {
            IntegerAttr v = op.attribute("value", IntegerAttr.class);
            Operation c = r.create(op.location(), "low.constant", List.of(), List.of(IntegerType.I32),
                    Map.of("value", IntegerAttr.of(IntegerType.I32, v.longValue())));
            r.replaceOp(op, c);
            return LogicalResult.success();
        });
    }

    static ConversionPattern add(TypeConverter tc) {
        return ConversionPattern.of("toy.add", 1, tc, "AddLowering", (op, operands, r) -> {
            Operation a = r.create(op.location(), "low.add", operands, List.of(IntegerType.I32), Map.of());
            r.replaceOp(op, a);
            return LogicalResult.success();
        });
    }

    static ConversionPattern ret(TypeConverter tc) {
        return ConversionPattern.of("toy.return", 1, tc, "ReturnLowering", (op, operands, r) -> {
            r.replaceOpWithNewOp(op,
                    new OperationState(op.location(), "low.return", r.context()).addOperands(operands));
            return LogicalResult.success();
        });
    }

    /** Converts a toy.func's signature and body block types in place. */
    static ConversionPattern funcSignature(TypeConverter tc) {
        return ConversionPattern.of("toy.func", 1, tc, "FuncSignature", (op, operands, r) -> {
            FunctionType type = (FunctionType) op.attribute("function_type", TypeAttr.class).value();
            FunctionType converted = tc.convertFunctionType(type);
            if (converted == null) {
                return r.notifyMatchFailure(op, "signature not convertible");
            }
            if (r.convertRegionTypes(op.region(0), tc, null).failed()) {
                return r.notifyMatchFailure(op, "block types not convertible");
            }
            r.modifyOpInPlace(op, () -> op.setAttribute("function_type", new TypeAttr(converted)));
            return LogicalResult.success();
        });
    }

    /** Whether a toy.func has a legal signature. */
    static boolean funcIsLegal(Operation op, TypeConverter tc) {
        FunctionType type = (FunctionType) op.attribute("function_type", TypeAttr.class).value();
        return tc.isSignatureLegal(type) && tc.isLegal(op.region(0).front().argumentTypes());
    }

    static FrozenRewritePatternSet all(TypeConverter tc) {
        return new RewritePatternSet().add(constant(tc), add(tc), ret(tc), funcSignature(tc)).freeze();
    }
}
