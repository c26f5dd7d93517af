package org.hipep.passes.llvm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.arith.ArithDialect;
import org.hipep.dialects.arith.FastMathFlagsAttr;
import org.hipep.dialects.arith.OverflowFlagsAttr;
import org.hipep.dialects.llvm.LLVMAttr;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;
import org.hipep.ir.rewrite.ConversionPatternRewriter;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The {@code arith} to-LLVM model (MLIR's {@code ArithToLLVM.cpp}), on scalars: constants,
 * integer and float arithmetic (overflow and fast-math flags carried over), comparisons,
 * {@code select} and the casts, {@code index_cast}/{@code index_castui} by the widths of the
 * lowered types. An op is illegal only when all its types convert (ops on tensors stay, as
 * upstream leaves them). The min/max ops become the intrinsics upstream uses:
 * {@code maximumf}/{@code minimumf} → {@code llvm.intr.maximum}/{@code minimum}, {@code maxnumf}/
 * {@code minnumf} → {@code maxnum}/{@code minnum} (with fast-math flags), {@code maxsi}/{@code minsi}/
 * {@code maxui}/{@code minui} → {@code smax}/{@code smin}/{@code umax}/{@code umin}.
 */
public final class ArithToLLVM implements ConvertToLLVMPatternInterface {
    /** The model attached to the arith dialect. */
    public static final ArithToLLVM INSTANCE = new ArithToLLVM();

    /** arith op → llvm op with the same operands, for the one-to-one ops. */
    static final Map<String, String> ONE_TO_ONE = oneToOne();

    private static Map<String, String> oneToOne() {
        Map<String, String> m = new HashMap<>();
        String[][] pairs = {
            {"addi", "add"}, {"subi", "sub"}, {"muli", "mul"}, {"shli", "shl"},
            {"divsi", "sdiv"}, {"divui", "udiv"}, {"remsi", "srem"}, {"remui", "urem"},
            {"andi", "and"}, {"ori", "or"}, {"xori", "xor"}, {"shrsi", "ashr"}, {"shrui", "lshr"},
            {"addf", "fadd"}, {"subf", "fsub"}, {"mulf", "fmul"}, {"divf", "fdiv"}, {"remf", "frem"},
            {"negf", "fneg"},
            {"extsi", "sext"}, {"extui", "zext"}, {"trunci", "trunc"}, {"sitofp", "sitofp"},
            {"uitofp", "uitofp"}, {"fptosi", "fptosi"}, {"fptoui", "fptoui"}, {"extf", "fpext"},
            {"truncf", "fptrunc"}, {"bitcast", "bitcast"},
            {"maximumf", "intr.maximum"}, {"minimumf", "intr.minimum"}, {"maxnumf", "intr.maxnum"},
            {"minnumf", "intr.minnum"}, {"maxsi", "intr.smax"}, {"minsi", "intr.smin"}, {"maxui", "intr.umax"},
            {"minui", "intr.umin"},
        };
        for (String[] p : pairs) {
            m.put(p[0], p[1]);
        }
        return Map.copyOf(m);
    }

    private ArithToLLVM() {
    }

    @Override
    public void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns) {
        populatePatterns(typeConverter, patterns);
        List<String> lowered = new java.util.ArrayList<>(ONE_TO_ONE.keySet());
        lowered.addAll(List.of("constant", "cmpi", "cmpf", "select", "index_cast", "index_castui"));
        for (String op : lowered) {
            target.addDynamicallyLegalOp(name(op), o -> !LLVMTypeConverter.typesConvert(typeConverter, o));
        }
    }

    /** Adds the arith patterns (also used by {@code convert-arith-to-llvm} through the model). */
    public static void populatePatterns(TypeConverter tc, RewritePatternSet patterns) {
        for (Map.Entry<String, String> e : ONE_TO_ONE.entrySet()) {
            String target = e.getValue();
            patterns.add(ConversionPattern.of(name(e.getKey()), 1, tc, "arith-" + e.getKey() + "-to-llvm",
                    (op, operands, r) -> oneToOne(op, operands, r, target)));
        }
        patterns.add(ConversionPattern.of(name("constant"), 1, tc, "arith-constant-to-llvm", ArithToLLVM::constant));
        patterns.add(ConversionPattern.of(name("cmpi"), 1, tc, "arith-cmpi-to-llvm",
                (op, operands, r) -> compare(op, operands, r, "icmp", Map.of())));
        patterns.add(ConversionPattern.of(name("cmpf"), 1, tc, "arith-cmpf-to-llvm",
                (op, operands, r) -> compare(op, operands, r, "fcmp", Map.of("fastmathFlags", fastmath(op)))));
        patterns.add(ConversionPattern.of(name("select"), 1, tc, "arith-select-to-llvm", (op, operands, r) -> {
            Type t = resultType(op, r);
            if (t == null) {
                return r.notifyMatchFailure(op, "result type does not convert");
            }
            r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), "select", operands, t,
                    Map.of("fastmathFlags", LLVMAttr.FASTMATH_NONE))));
            return LogicalResult.success();
        }));
        patterns.add(ConversionPattern.of(name("index_cast"), 1, tc, "arith-index_cast-to-llvm",
                (op, operands, r) -> indexCast(op, operands, r, true)));
        patterns.add(ConversionPattern.of(name("index_castui"), 1, tc, "arith-index_castui-to-llvm",
                (op, operands, r) -> indexCast(op, operands, r, false)));
    }

    private static String name(String op) {
        return ArithDialect.NAMESPACE + "." + op;
    }

    private static Type resultType(Operation op, ConversionPatternRewriter r) {
        return r.currentTypeConverter().convertType(op.result(0).type());
    }

    private static LogicalResult oneToOne(Operation op, List<Value> operands, ConversionPatternRewriter r,
            String target) {
        Type t = resultType(op, r);
        if (!(t instanceof IntegerType) && !(t instanceof org.hipep.ir.builtin.FloatType)) {
            return r.notifyMatchFailure(op, "only scalar integers and floats are lowered");
        }
        Map<String, Attribute> props = new HashMap<>();
        if (op.attribute("overflowFlags") instanceof OverflowFlagsAttr o) {
            props.put("overflowFlags", IntegerAttr.of(IntegerType.I32, o.bits()));
        }
        if (op.attribute("fastmath") instanceof FastMathFlagsAttr f) {
            props.put("fastmathFlags", new LLVMAttr("fastmath", f.body()));
        }
        r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), target, operands, t, props)));
        return LogicalResult.success();
    }

    private static Attribute fastmath(Operation op) {
        return op.attribute("fastmath") instanceof FastMathFlagsAttr f ? new LLVMAttr("fastmath", f.body())
                : LLVMAttr.FASTMATH_NONE;
    }

    private static LogicalResult constant(Operation op, List<Value> operands, ConversionPatternRewriter r) {
        Type t = resultType(op, r);
        Attribute value = op.attribute("value");
        if (t == null || !(value instanceof IntegerAttr || value instanceof FloatAttr
                || value instanceof org.hipep.ir.builtin.BoolAttr)) {
            return r.notifyMatchFailure(op, "only scalar constants are lowered");
        }
        r.replaceOp(op, List.of(LLVMOps.constant(r, op.location(), t, value)));
        return LogicalResult.success();
    }

    private static LogicalResult compare(Operation op, List<Value> operands, ConversionPatternRewriter r,
            String target, Map<String, Attribute> extra) {
        if (!(op.attribute("predicate") instanceof IntegerAttr p) || !(resultType(op, r) instanceof IntegerType)) {
            return r.notifyMatchFailure(op, "only scalar comparisons are lowered");
        }
        Map<String, Attribute> props = new HashMap<>(extra);
        props.put("predicate", IntegerAttr.i64(p.value().longValue()));
        r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), target, operands, IntegerType.I1, props)));
        return LogicalResult.success();
    }

    private static LogicalResult indexCast(Operation op, List<Value> operands, ConversionPatternRewriter r,
            boolean signed) {
        Type t = resultType(op, r);
        if (!(t instanceof IntegerType to) || !(operands.get(0).type() instanceof IntegerType from)) {
            return r.notifyMatchFailure(op, "only scalar index casts are lowered");
        }
        Value in = operands.get(0);
        if (to.width() == from.width()) {
            r.replaceOp(op, List.of(in));
        } else if (to.width() < from.width()) {
            r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), "trunc", List.of(in), to,
                    Map.of("overflowFlags", IntegerAttr.of(IntegerType.I32, 0)))));
        } else {
            r.replaceOp(op, List.of(LLVMOps.value(r, op.location(), signed ? "sext" : "zext", List.of(in), to,
                    Map.of())));
        }
        return LogicalResult.success();
    }
}
