package org.hipep.dialects.llvm;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.VectorType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/**
 * The LLVM intrinsics the lowering of {@code math} and of buffer copies emits: the float
 * intrinsics {@code llvm.intr.<name>(%a, ..) : (T, ..) -> T} with a {@code fastmathFlags}
 * property, {@code llvm.intr.memcpy} / {@code llvm.intr.memset} (generic form only, as in MLIR)
 * {@code llvm.intr.stacksave} / {@code stackrestore} (the stack slots of a runtime call) and
 * {@code llvm.call_intrinsic "llvm.name"(%a) : (T) -> R} for the rest.
 */
final class LLVMIntrinsics {
    /** Float intrinsics of one operand. */
    static final List<String> UNARY_FLOAT = List.of("fabs", "sqrt", "exp", "exp2", "log", "log2", "log10", "sin",
            "cos", "tanh", "floor", "ceil", "trunc", "round", "roundeven");
    /** Float intrinsics of two operands. */
    static final List<String> BINARY_FLOAT = List.of("pow", "minnum", "maxnum", "minimum", "maximum", "copysign");
    /** Float intrinsics of three operands. */
    static final List<String> TERNARY_FLOAT = List.of("fma");
    /** Integer intrinsics of two operands (no fastmath flags). */
    static final List<String> BINARY_INT = List.of("smax", "smin", "umax", "umin");

    private static final Map<String, Attribute> FASTMATH = Map.of("fastmathFlags", LLVMAttr.FASTMATH_NONE);
    private static final Map<String, Attribute> CALL_DEFAULTS = Map.of("fastmathFlags", LLVMAttr.FASTMATH_NONE,
            "op_bundle_sizes", DenseArrayAttr.ofLongs(IntegerType.I32));

    private LLVMIntrinsics() {
    }

    /** {@code (%a, %b) {attrs} : (T, T) -> T}. */
    static OpAssembly floatForm() {
        return LLVMAsm.of((op, p) -> {
            p.print("(").printOperands(op.operands()).print(")");
            LLVMAsm.printExtras(op, p, Set.of(), FASTMATH);
            p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
        }, (p, s) -> {
            p.parsePunct("(");
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            p.parsePunct(")");
            LLVMAsm.parseExtras(p, s, FASTMATH);
            FunctionType ft = functionalType(p);
            s.operands.addAll(p.resolveOperands(ops, ft.inputs(), at));
            s.resultTypes.addAll(ft.results());
        });
    }

    private static FunctionType functionalType(OpAsmParser p) {
        if (!(p.parseColonType() instanceof FunctionType ft)) {
            throw p.error("expected a function type '(T, ..) -> R'");
        }
        return ft;
    }

    /** The float intrinsics: {@code arity} float (or float vector) operands and a result of the same type. */
    static LogicalResult verifyFloat(Operation op, int arity) {
        if (op.numOperands() != arity || op.numResults() != 1) {
            return op.emitOpError("expected " + arity + " operands and 1 result");
        }
        for (int i = 0; i < arity; i++) {
            if (!isFloatLike(op.operand(i).type())) {
                return op.emitOpError("operand #" + i + " must be floating point LLVM type or LLVM dialect-compatible"
                        + " vector of floating point LLVM type, but got '"
                        + LLVMVerifiers.str(op, op.operand(i).type()) + "'");
            }
        }
        return LLVMVerifiers.sameOperandsAndResult(op);
    }

    /** {@code (%a, %b) : (T, T) -> T} without attributes, for the integer intrinsics. */
    static OpAssembly intForm() {
        return LLVMAsm.of((op, p) -> {
            p.print("(").printOperands(op.operands()).print(")");
            LLVMAsm.printExtras(op, p, Set.of(), Map.of());
            p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
        }, (p, s) -> {
            p.parsePunct("(");
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            p.parsePunct(")");
            LLVMAsm.parseExtras(p, s, Map.of());
            FunctionType ft = functionalType(p);
            s.operands.addAll(p.resolveOperands(ops, ft.inputs(), at));
            s.resultTypes.addAll(ft.results());
        });
    }

    /** {@code {attrs} : T}: no operands, the result type only ({@code llvm.intr.stacksave}). */
    static OpAssembly resultTypeForm() {
        return LLVMAsm.of((op, p) -> {
            LLVMAsm.printExtras(op, p, Set.of(), Map.of());
            p.print(" : ").printType(op.result(0).type());
        }, (p, s) -> {
            LLVMAsm.parseExtras(p, s, Map.of());
            s.resultTypes.add(p.parseColonType());
        });
    }

    /** The integer intrinsics: two signless integer (or integer vector) operands and a result of that type. */
    static LogicalResult verifyInt(Operation op) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return op.emitOpError("expected 2 operands and 1 result");
        }
        for (int i = 0; i < 2; i++) {
            Type t = op.operand(i).type();
            if (!(t instanceof IntegerType it && it.isSignless()
                    || t instanceof VectorType v && v.elementType() instanceof IntegerType e && e.isSignless())) {
                return op.emitOpError("operand #" + i + " must be signless integer or LLVM dialect-compatible"
                        + " vector of signless integer, but got '" + LLVMVerifiers.str(op, t) + "'");
            }
        }
        return LLVMVerifiers.sameOperandsAndResult(op);
    }

    private static boolean isFloatLike(Type t) {
        return t instanceof FloatType || t instanceof VectorType v && v.elementType() instanceof FloatType;
    }

    /** {@code llvm.intr.memcpy(dst, src, len)} and {@code llvm.intr.memset(dst, val, len)}. */
    static LogicalResult verifyMemIntrinsic(Operation op, boolean set) {
        if (op.numOperands() != 3 || op.numResults() != 0) {
            return op.emitOpError("expected 3 operands and no results");
        }
        Type dst = op.operand(0).type();
        Type second = op.operand(1).type();
        if (!(dst instanceof LLVMTypes.PointerType)) {
            return op.emitOpError("operand #0 must be LLVM pointer type, but got '" + LLVMVerifiers.str(op, dst) + "'");
        }
        if (set && !second.equals(IntegerType.I8)) {
            return op.emitOpError("operand #1 must be 8-bit signless integer, but got '"
                    + LLVMVerifiers.str(op, second) + "'");
        }
        if (!set && !(second instanceof LLVMTypes.PointerType)) {
            return op.emitOpError("operand #1 must be LLVM pointer type, but got '"
                    + LLVMVerifiers.str(op, second) + "'");
        }
        if (!(op.operand(2).type() instanceof IntegerType len) || !len.isSignless()) {
            return op.emitOpError("operand #2 must be signless integer, but got '"
                    + LLVMVerifiers.str(op, op.operand(2).type()) + "'");
        }
        if (!(op.attribute("isVolatile") instanceof BoolAttr)) {
            return op.emitOpError("requires attribute 'isVolatile'");
        }
        return LogicalResult.success();
    }

    /** {@code "llvm.name"(%a, %b) {attrs} : (T, U) -> R}, with {@code -> ()} for no result. */
    static OpAssembly callIntrinsicForm() {
        return LLVMAsm.of((op, p) -> {
            p.print(" ").printAttribute(op.attribute("intrin"));
            p.print("(").printOperands(op.operands()).print(")");
            LLVMAsm.printExtras(op, p, Set.of("intrin", "operandSegmentSizes"), CALL_DEFAULTS);
            p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
        }, (p, s) -> {
            s.addAttribute("intrin", new StringAttr(p.parseString()));
            p.parsePunct("(");
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            p.parsePunct(")");
            LLVMAsm.parseExtras(p, s, CALL_DEFAULTS);
            FunctionType ft = functionalType(p);
            s.operands.addAll(p.resolveOperands(ops, ft.inputs(), at));
            s.resultTypes.addAll(ft.results());
            s.addAttribute("operandSegmentSizes", DenseArrayAttr.ofLongs(IntegerType.I32, ops.size(), 0));
        });
    }

    static LogicalResult verifyCallIntrinsic(Operation op) {
        if (!(op.attribute("intrin") instanceof StringAttr name)) {
            return op.emitOpError("requires attribute 'intrin'");
        }
        if (!name.value().startsWith("llvm.")) {
            return op.emitOpError("intrinsic name must start with 'llvm.'");
        }
        if (op.numResults() > 1) {
            return op.emitOpError("result group starting at #0 requires 0 or 1 element, but found " + op.numResults());
        }
        return LogicalResult.success();
    }
}
