package org.hipep.dialects.llvm;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTableCollection;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.text.AttrTypePrinter;

/** The verifiers of the {@code llvm} ops, with MLIR's messages; the successor check is shared with {@code cf}. */
public final class LLVMVerifiers {
    private LLVMVerifiers() {
    }

    /** A type as text in a diagnostic of {@code op} (llvm types need the op's context to print). */
    static String str(Operation op, Type t) {
        return AttrTypePrinter.typeToString(t, op.context());
    }

    static LogicalResult func(Operation op) {
        LLVMTypes.FunctionType ft = LLVMDialect.functionType(op);
        if (ft == null) {
            return op.emitOpError("requires attribute 'function_type' to be an LLVM function type");
        }
        if (op.attribute("linkage") != null && !(op.attribute("linkage") instanceof LLVMAttr l
                && l.kind().equals("linkage"))) {
            return op.emitOpError("requires a '#llvm.linkage' attribute 'linkage'");
        }
        if (op.region(0).isEmpty()) {
            if (op.attribute("linkage") instanceof LLVMAttr l
                    && !(l.value().equals("external") || l.value().equals("extern_weak"))) {
                return op.emitOpError("external functions must have 'external' or 'extern_weak' linkage");
            }
            return LogicalResult.success();
        }
        List<Type> args = op.region(0).front().argumentTypes();
        if (args.size() != ft.params().size()) {
            return op.emitOpError("entry block must have " + ft.params().size()
                    + " arguments to match function signature");
        }
        for (int i = 0; i < args.size(); i++) {
            if (!args.get(i).equals(ft.params().get(i))) {
                return op.emitOpError("entry block argument #" + i + " does not match the function signature");
            }
        }
        return LogicalResult.success();
    }

    static LogicalResult ret(Operation op) {
        Operation parent = op.parentOp();
        if (parent == null || !parent.is("llvm.func")) {
            return LogicalResult.success();
        }
        LLVMTypes.FunctionType ft = LLVMDialect.functionType(parent);
        if (ft == null) {
            return LogicalResult.success();
        }
        if (op.numOperands() > 1) {
            return op.emitOpError("expects at most 1 operand");
        }
        if (ft.returnsVoid()) {
            return op.numOperands() == 0 ? LogicalResult.success() : op.emitOpError("expected no operands");
        }
        if (op.numOperands() != 1) {
            return op.emitOpError("expected 1 operand",
                    d -> d.attachNote(parent.location(), "when returning from function"));
        }
        if (!op.operand(0).type().equals(ft.result())) {
            return op.emitOpError("mismatching result types",
                    d -> d.attachNote(parent.location(), "when returning from function"));
        }
        return LogicalResult.success();
    }

    static LogicalResult call(Operation op, SymbolTableCollection symbolTables) {
        if (!(op.attribute("callee") instanceof SymbolRefAttr callee)) {
            if (op.numOperands() == 0) {
                return op.emitOpError("must have either a `callee` attribute or at least an operand");
            }
            if (!(op.operand(0).type() instanceof LLVMTypes.PointerType)) {
                return op.emitOpError("indirect call expects a pointer as callee: '"
                        + str(op, op.operand(0).type()) + "'");
            }
            return LogicalResult.success();
        }
        Operation target = symbolTables.lookupNearestSymbolFrom(op, callee);
        if (target == null || !target.is("llvm.func")) {
            return op.emitOpError("'" + callee.rootReference() + "' does not reference a symbol in the current scope");
        }
        LLVMTypes.FunctionType ft = LLVMDialect.functionType(target);
        if (ft == null) {
            return LogicalResult.success();
        }
        int n = ft.params().size();
        if (ft.vararg() ? op.numOperands() < n : op.numOperands() != n) {
            return op.emitOpError("incorrect number of operands (" + op.numOperands() + ") for callee (expecting: "
                    + n + ")");
        }
        for (int i = 0; i < n; i++) {
            if (!op.operand(i).type().equals(ft.params().get(i))) {
                return op.emitOpError("operand type mismatch for operand " + i + ": '" + str(op, op.operand(i).type())
                        + "' != '" + str(op, ft.params().get(i)) + "'");
            }
        }
        if (ft.returnsVoid() ? op.numResults() != 0 : op.numResults() != 1) {
            return op.emitOpError("incorrect number of results for callee");
        }
        if (!ft.returnsVoid() && !op.result(0).type().equals(ft.result())) {
            return op.emitOpError("result type mismatch: '" + str(op, op.result(0).type()) + "' != '"
                    + str(op, ft.result())
                    + "'");
        }
        return LogicalResult.success();
    }

    static LogicalResult global(Operation op) {
        if (op.attribute("value") != null && !op.region(0).isEmpty()) {
            return op.emitOpError("cannot have both initializer value and region");
        }
        if (!(op.attribute("global_type") instanceof TypeAttr)) {
            return op.emitOpError("requires attribute 'global_type'");
        }
        return LogicalResult.success();
    }

    static LogicalResult addressOf(Operation op, SymbolTableCollection symbolTables) {
        if (!(op.attribute("global_name") instanceof SymbolRefAttr name)) {
            return op.emitOpError("requires attribute 'global_name'");
        }
        Operation target = symbolTables.lookupNearestSymbolFrom(op, name);
        if (target == null || !(target.is("llvm.mlir.global") || target.is("llvm.func"))) {
            return op.emitOpError("must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or"
                    + " 'llvm.func' or 'llvm.mlir.ifunc'");
        }
        return pointerResult(op);
    }

    static LogicalResult constant(Operation op) {
        return op.attribute("value") == null ? op.emitOpError("requires attribute 'value'") : LogicalResult.success();
    }

    private static LogicalResult pointerResult(Operation op) {
        if (!(op.result(0).type() instanceof LLVMTypes.PointerType)) {
            return op.emitOpError("result #0 must be LLVM pointer type, but got '" + str(op, op.result(0).type())
                    + "'");
        }
        return LogicalResult.success();
    }

    private static LogicalResult pointerOperand(Operation op, int i) {
        if (op.numOperands() <= i || !(op.operand(i).type() instanceof LLVMTypes.PointerType)) {
            return op.emitOpError("operand #" + i + " must be LLVM pointer type, but got '"
                    + (op.numOperands() <= i ? "<none>" : str(op, op.operand(i).type())) + "'");
        }
        return LogicalResult.success();
    }

    static LogicalResult alloca(Operation op) {
        if (!(op.attribute("elem_type") instanceof TypeAttr)) {
            return op.emitOpError("requires attribute 'elem_type'");
        }
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof IntegerType)) {
            return op.emitOpError("operand #0 must be signless integer");
        }
        return pointerResult(op);
    }

    static LogicalResult load(Operation op) {
        return pointerOperand(op, 0);
    }

    static LogicalResult store(Operation op) {
        return op.numOperands() != 2 ? op.emitOpError("expected 2 operands") : pointerOperand(op, 1);
    }

    static LogicalResult gep(Operation op) {
        if (!(op.attribute("rawConstantIndices") instanceof DenseArrayAttr raw)
                || !(op.attribute("elem_type") instanceof TypeAttr)) {
            return op.emitOpError("requires attributes 'rawConstantIndices' and 'elem_type'");
        }
        LogicalResult base = pointerOperand(op, 0);
        if (base.failed()) {
            return base;
        }
        long dynamic = java.util.Arrays.stream(raw.asLongs()).filter(v -> v == LLVMOpForms.DYNAMIC_INDEX).count();
        if (dynamic != op.numOperands() - 1) {
            return op.emitOpError("expected as many dynamic indices as specified in 'rawConstantIndices'");
        }
        return pointerResult(op);
    }

    static LogicalResult sameOperandsAndResult(Operation op) {
        Type t = op.numResults() == 1 ? op.result(0).type() : null;
        for (Value v : op.operands()) {
            if (!v.type().equals(t)) {
                return op.emitOpError("requires the same type for all operands and results");
            }
        }
        return LogicalResult.success();
    }

    static LogicalResult cast(Operation op) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return op.emitOpError("expects one operand and one result");
        }
        return LogicalResult.success();
    }

    static LogicalResult compare(Operation op, int predicates) {
        if (!(op.attribute("predicate") instanceof IntegerAttr p) || p.longValue() < 0 || p.longValue() >= predicates) {
            return op.emitOpError("requires a valid 'predicate' attribute");
        }
        if (op.numOperands() != 2 || !op.operand(0).type().equals(op.operand(1).type())) {
            return op.emitOpError("requires all operands to have the same type");
        }
        if (!op.result(0).type().equals(IntegerType.I1)) {
            return op.emitOpError("result #0 must be 1-bit signless integer, but got '"
                    + str(op, op.result(0).type()) + "'");
        }
        return LogicalResult.success();
    }

    static LogicalResult select(Operation op) {
        if (op.numOperands() != 3 || !op.operand(1).type().equals(op.operand(2).type())
                || !op.operand(1).type().equals(op.result(0).type())) {
            return op.emitOpError("failed to verify that all of {trueValue, falseValue, res} have same type");
        }
        return LogicalResult.success();
    }

    static LogicalResult extractValue(Operation op) {
        LLVMOpForms.Member m = member(op, 0);
        if (m.error() != null) {
            return op.emitOpError(m.error());
        }
        if (!op.result(0).type().equals(m.type())) {
            return op.emitOpError("Type mismatch: extracting from '" + str(op, op.operand(0).type())
                    + "' should produce '"
                    + str(op, m.type()) + "' but this op returns '" + str(op, op.result(0).type()) + "'");
        }
        return LogicalResult.success();
    }

    static LogicalResult insertValue(Operation op) {
        LLVMOpForms.Member m = member(op, 1);
        if (m.error() != null) {
            return op.emitOpError(m.error());
        }
        if (!op.operand(1).type().equals(m.type())) {
            return op.emitOpError("Type mismatch: cannot insert '" + str(op, op.operand(1).type()) + "' into '"
                    + str(op, op.operand(0).type()) + "'");
        }
        if (!op.result(0).type().equals(op.operand(0).type())) {
            return op.emitOpError("failed to verify that all of {container, res} have same type");
        }
        return LogicalResult.success();
    }

    private static LLVMOpForms.Member member(Operation op, int operands) {
        if (op.numOperands() != operands + 1 || op.numResults() != 1) {
            return new LLVMOpForms.Member(null, "expected " + (operands + 1) + " operands and 1 result");
        }
        if (!(op.attribute("position") instanceof DenseArrayAttr pos) || pos.isFloat()) {
            return new LLVMOpForms.Member(null, "requires attribute 'position'");
        }
        Type container = op.operand(0).type();
        if (!(container instanceof LLVMTypes.StructType || container instanceof LLVMTypes.ArrayType)) {
            return new LLVMOpForms.Member(null, "operand #0 must be LLVM aggregate type, but got '"
                    + str(op, container) + "'");
        }
        return LLVMOpForms.Member.of(container, pos.asLongs(), op.context());
    }

    static LogicalResult branch(Operation op) {
        return verifySuccessorOperands(op, "operandSegmentSizes", op.is("llvm.cond_br") || op.is("cf.cond_br"));
    }

    /**
     * Checks that the operands forwarded to each successor match its block arguments, for
     * {@code br} (all operands) and {@code cond_br} (segments 1 and 2 of {@code segmentsAttr}).
     */
    public static LogicalResult verifySuccessorOperands(Operation op, String segmentsAttr, boolean conditional) {
        List<Value> all = op.operands();
        List<List<Value>> forwarded;
        if (!conditional) {
            forwarded = List.of(all);
        } else {
            Attribute a = op.attribute(segmentsAttr);
            if (!(a instanceof DenseArrayAttr seg) || seg.size() != 3 || seg.asLongs()[0] != 1
                    || seg.asLongs()[0] + seg.asLongs()[1] + seg.asLongs()[2] != all.size()) {
                return op.emitOpError("operand count (" + all.size() + ") does not match with the total size ("
                        + (a instanceof DenseArrayAttr s ? java.util.Arrays.stream(s.asLongs()).sum() : 0)
                        + ") specified in attribute 'operandSegmentSizes'");
            }
            if (!all.get(0).type().equals(IntegerType.I1)) {
                return op.emitOpError("operand #0 must be 1-bit signless integer, but got '"
                        + str(op, all.get(0).type())
                        + "'");
            }
            int t = (int) seg.asLongs()[1];
            forwarded = List.of(all.subList(1, 1 + t), all.subList(1 + t, all.size()));
        }
        return verifyForwardedOperands(op, forwarded);
    }

    /**
     * Checks that {@code forwarded.get(s)} matches the block arguments of successor {@code s}, for
     * every successor (the branch-op rule of {@code br}, {@code cond_br} and {@code switch}).
     */
    public static LogicalResult verifyForwardedOperands(Operation op, List<List<Value>> forwarded) {
        if (forwarded.size() != op.numSuccessors()) {
            return op.emitOpError("requires " + forwarded.size() + " successors but found " + op.numSuccessors());
        }
        for (int s = 0; s < forwarded.size(); s++) {
            Block b = op.successor(s);
            List<Value> ops = forwarded.get(s);
            if (ops.size() != b.numArguments()) {
                return op.emitError("branch has " + ops.size() + " operands for successor #" + s
                        + ", but target block has " + b.numArguments());
            }
            for (int i = 0; i < ops.size(); i++) {
                if (!ops.get(i).type().equals(b.argument(i).type())) {
                    return op.emitError("type mismatch for bb argument #" + i + " of successor #" + s);
                }
            }
        }
        return LogicalResult.success();
    }
}
