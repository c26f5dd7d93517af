package org.hipep.dialects.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.VectorType;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * {@code llvm.switch} and {@code cf.switch}: a flag, a default successor and one successor per
 * case value. Both keep the values as {@code case_values = dense<[..]> : vector<Nxiw>}, the
 * operands as {@code operandSegmentSizes = [1, default, all cases]} and the split of the case
 * operands as {@code case_operand_segments}; they differ only in their custom forms
 * ({@code llvm.switch %f : i32, ^default [ 1: ^bb1 ]} against
 * {@code cf.switch %f : i32, [ default: ^default, 1: ^bb1 ]}, which writes the values unsigned).
 */
public final class SwitchForms {
    private static final Set<String> HANDLED = Set.of("case_values", "case_operand_segments", "operandSegmentSizes");

    private SwitchForms() {
    }

    /** The form of {@code llvm.switch}. */
    public static OpAssembly llvm() {
        return form(false);
    }

    /** The form of {@code cf.switch}. */
    public static OpAssembly cf() {
        return form(true);
    }

    private static OpAssembly form(boolean cf) {
        return LLVMAsm.of((op, p) -> print(op, p, cf), (p, s) -> parse(p, s, cf));
    }

    private static void print(Operation op, OpAsmPrinter p, boolean cf) {
        List<List<Value>> forwarded = forwarded(op);
        Type flagType = op.operand(0).type();
        p.print(" ").printOperand(op.operand(0)).print(" : ").printType(flagType).print(", ");
        if (!cf) {
            LLVMAsm.printSuccessor(p, op.successor(0), forwarded.get(0));
            p.print(" ");
        }
        p.print("[");
        if (cf) {
            p.printNewline().print("  default: ");
            LLVMAsm.printSuccessor(p, op.successor(0), forwarded.get(0));
        }
        DenseElementsAttr values = op.attribute("case_values") instanceof DenseElementsAttr d ? d : null;
        int width = flagType instanceof IntegerType it ? it.width() : 64;
        for (int i = 1; i < op.numSuccessors(); i++) {
            if (cf || i > 1) {
                p.print(",");
            }
            long v = values == null ? 0 : values.getLong(i - 1);
            String text = cf && width < 64 ? Long.toString(v & ((1L << width) - 1)) : Long.toString(v);
            p.printNewline().print("  " + text + ": ");
            LLVMAsm.printSuccessor(p, op.successor(i), forwarded.get(i));
        }
        if (!cf || op.numSuccessors() > 1) {
            p.printNewline();
        }
        p.print("]");
        LLVMAsm.printExtras(op, p, HANDLED, Map.of());
    }

    private static void parse(OpAsmParser p, OperationState s, boolean cf) {
        OpAsmParser.UnresolvedOperand flag = p.parseOperand();
        Type flagType = p.parseColonType();
        s.operands.add(p.resolveOperand(flag, flagType));
        p.parsePunct(",");
        List<Value> defaults = List.of();
        if (!cf) {
            defaults = LLVMAsm.parseSuccessor(p, s);
        }
        p.parsePunct("[");
        if (cf) {
            p.parseKeyword("default");
            p.parsePunct(":");
            defaults = LLVMAsm.parseSuccessor(p, s);
        }
        List<Long> values = new ArrayList<>();
        List<Value> caseOperands = new ArrayList<>();
        List<Long> caseSegments = new ArrayList<>();
        if (cf ? p.parseOptionalPunct(",") : !p.parseOptionalPunct("]")) {
            do {
                values.add(p.parseInteger());
                p.parsePunct(":");
                List<Value> ops = LLVMAsm.parseSuccessor(p, s);
                caseOperands.addAll(ops);
                caseSegments.add((long) ops.size());
            } while (p.parseOptionalPunct(","));
            p.parsePunct("]");
        } else if (cf) {
            p.parsePunct("]");
        }
        s.operands.addAll(defaults);
        s.operands.addAll(caseOperands);
        if (!values.isEmpty()) {
            VectorType vt = VectorType.of(flagType, values.size());
            s.addAttribute("case_values",
                    DenseElementsAttr.ofLongs(vt, values.stream().mapToLong(Long::longValue).toArray()));
        }
        s.addAttribute("case_operand_segments",
                DenseArrayAttr.ofLongs(IntegerType.I32, caseSegments.stream().mapToLong(Long::longValue).toArray()));
        s.addAttribute("operandSegmentSizes",
                DenseArrayAttr.ofLongs(IntegerType.I32, 1, defaults.size(), caseOperands.size()));
        LLVMAsm.parseExtras(p, s, Map.of());
    }

    /** The operands forwarded to each successor (default first), or {@code null} when the segments do not add up. */
    static List<List<Value>> forwarded(Operation op) {
        if (!(op.attribute("operandSegmentSizes") instanceof DenseArrayAttr seg) || seg.size() != 3
                || !(op.attribute("case_operand_segments") instanceof DenseArrayAttr cases)) {
            return null;
        }
        long[] sizes = seg.asLongs();
        long[] caseSizes = cases.asLongs();
        if (sizes[0] != 1 || sizes[1] < 0 || sizes[2] < 0 || sizes[0] + sizes[1] + sizes[2] != op.numOperands()
                || java.util.Arrays.stream(caseSizes).sum() != sizes[2] || caseSizes.length != op.numSuccessors() - 1) {
            return null;
        }
        List<List<Value>> out = new ArrayList<>();
        int at = 1;
        out.add(op.operands().subList(at, at + (int) sizes[1]));
        at += (int) sizes[1];
        for (long n : caseSizes) {
            out.add(op.operands().subList(at, at + (int) n));
            at += (int) n;
        }
        return out;
    }

    /** {@code llvm.switch}'s verifier. */
    static LogicalResult verifyLlvm(Operation op) {
        LogicalResult common = verifyCommon(op);
        if (common.failed()) {
            return common;
        }
        DenseElementsAttr values = op.attribute("case_values") instanceof DenseElementsAttr d ? d : null;
        int cases = op.numSuccessors() - 1;
        if (values == null ? cases != 0 : values.numElements() != cases) {
            return op.emitOpError("expects number of case values to match number of case destinations");
        }
        if (op.attribute("branch_weights") instanceof DenseArrayAttr w && w.size() != op.numSuccessors()) {
            return op.emitError("expects number of branch weights to match number of successors: " + w.size()
                    + " vs " + op.numSuccessors());
        }
        if (values != null && !values.elementType().equals(op.operand(0).type())) {
            return op.emitError("expects case value type to match condition value type");
        }
        return LLVMVerifiers.verifyForwardedOperands(op, forwarded(op));
    }

    /** {@code cf.switch}'s verifier. */
    public static LogicalResult verifyCf(Operation op) {
        LogicalResult common = verifyCommon(op);
        if (common.failed()) {
            return common;
        }
        DenseElementsAttr values = op.attribute("case_values") instanceof DenseElementsAttr d ? d : null;
        int cases = op.numSuccessors() - 1;
        if (values != null) {
            Type flagType = op.operand(0).type();
            if (!values.elementType().equals(flagType)) {
                return op.emitOpError("'flag' type ('" + LLVMVerifiers.str(op, flagType)
                        + "') should match case value type ('" + LLVMVerifiers.str(op, values.elementType())
                        + "')");
            }
        }
        if (values == null ? cases != 0 : values.numElements() != cases) {
            return op.emitOpError("number of case values (" + (values == null ? 0 : values.numElements())
                    + ") should match number of case destinations (" + cases + ")");
        }
        return LLVMVerifiers.verifyForwardedOperands(op, forwarded(op));
    }

    private static LogicalResult verifyCommon(Operation op) {
        if (op.numOperands() == 0 || !(op.operand(0).type() instanceof IntegerType)) {
            return op.emitOpError("operand #0 must be signless integer");
        }
        if (op.numSuccessors() == 0) {
            return op.emitOpError("requires a default successor");
        }
        Attribute values = op.attribute("case_values");
        if (values != null && !(values instanceof DenseElementsAttr d && d.type() instanceof VectorType)) {
            return op.emitOpError("attribute 'case_values' failed to satisfy constraint: integer elements attribute");
        }
        if (forwarded(op) == null) {
            return op.emitOpError("expects 'operandSegmentSizes' and 'case_operand_segments' to cover the operands"
                    + " and cases");
        }
        return LogicalResult.success();
    }
}
