package org.hipep.passes.llvm;

import java.util.List;
import java.util.Map;
import org.hipep.dialects.arith.FastMathFlagsAttr;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.dialects.math.MathDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code math} to-LLVM model (MLIR's {@code MathToLLVM.cpp}) on scalar floats: each op
 * becomes its {@code llvm.intr.*} intrinsic with the fast-math flags carried over ({@code exp},
 * {@code log}, {@code sqrt}, {@code tanh}, {@code absf} → {@code fabs}, {@code sin}, {@code cos},
 * {@code floor}, {@code ceil}, {@code powf} → {@code pow}, {@code fma}); {@code rsqrt} becomes
 * {@code 1.0 / sqrt(x)} ({@code llvm.fdiv}), as upstream. {@code math.erf} has no intrinsic:
 * upstream leaves it to a libm call ({@code convert-math-to-libm}), so it stays here too and is
 * not marked illegal.
 */
public final class MathToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the math dialect. */
    public static final MathToLLVM INSTANCE = new MathToLLVM();

    /** math op → intrinsic, for the ops that map one to one. */
    static final Map<String, String> INTRINSICS = Map.ofEntries(Map.entry("exp", "exp"), Map.entry("log", "log"),
            Map.entry("sqrt", "sqrt"), Map.entry("tanh", "tanh"), Map.entry("absf", "fabs"), Map.entry("sin", "sin"),
            Map.entry("cos", "cos"), Map.entry("floor", "floor"), Map.entry("ceil", "ceil"), Map.entry("powf", "pow"),
            Map.entry("fma", "fma"));

    private MathToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        for (String op : INTRINSICS.keySet()) {
            target.addDynamicallyLegalOp(name(op), o -> !LLVMTypeConverter.typesConvert(typeConverter, o));
        }
        target.addDynamicallyLegalOp(name("rsqrt"), o -> !LLVMTypeConverter.typesConvert(typeConverter, o));
        populatePatterns(typeConverter, patterns);
    }

    /** Adds the math patterns. */
    public static void populatePatterns(TypeConverter tc, RewritePatternSet patterns) {
        for (Map.Entry<String, String> e : INTRINSICS.entrySet()) {
            String intrinsic = "intr." + e.getValue();
            patterns.add(ConversionPattern.of(name(e.getKey()), 1, tc, "math-" + e.getKey() + "-to-llvm",
                    (op, operands, r) -> {
                        Type t = r.currentTypeConverter().convertType(op.result(0).type());
                        if (!(t instanceof FloatType)) {
                            return r.notifyMatchFailure(op, "only scalar floats are lowered");
                        }
                        r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), intrinsic, operands, t,
                                Map.of("fastmathFlags", fastmath(op)))));
                        return LogicalResult.success();
                    }));
        }
        patterns.add(ConversionPattern.of(name("rsqrt"), 1, tc, "math-rsqrt-to-llvm", (op, operands, r) -> {
            Type t = r.currentTypeConverter().convertType(op.result(0).type());
            if (!(t instanceof FloatType ft)) {
                return r.notifyMatchFailure(op, "only scalar floats are lowered");
            }
            Map<String, Attribute> fm = Map.of("fastmathFlags", fastmath(op));
            Value one = LLVMOps.constant(r, op.location(), t, new FloatAttr(ft, 1.0));
            Value sqrt = LLVMOps.value(r, op.location(), "intr.sqrt", operands, t, fm);
            r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), "fdiv", List.of(one, sqrt), t, fm)));
            return LogicalResult.success();
        }));
    }

    static Attribute fastmath(Operation op) {
        return op.attribute("fastmath") instanceof FastMathFlagsAttr f ? new LLVMAttr("fastmath", f.body())
                : LLVMAttr.FASTMATH_NONE;
    }

    private static String name(String op) {
        return MathDialect.NAMESPACE + "." + op;
    }
}
