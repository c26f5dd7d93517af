package org.hipep.dialects.scf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.llvm.LLVMAsm;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * {@code scf.while} and its {@code scf.condition}: the "before" region (region #0) computes the
 * condition and forwards values either to the "after" region (region #1) or out as the results;
 * the "after" region yields the next iteration's values back to region #0. The verifier checks
 * every control-flow edge with MLIR's RegionBranchOpInterface messages.
 */
final class SCFWhile {
    private SCFWhile() {
    }

    static LogicalResult verifyWhile(Operation op) {
        if (op.numRegions() != 2 || op.region(0).isEmpty() || op.region(1).isEmpty()) {
            return op.emitOpError("expects a non-empty 'before' and 'after' region");
        }
        Block before = op.region(0).front();
        Block after = op.region(1).front();
        Operation condition = before.isEmpty() ? null : before.back();
        if (condition == null || !condition.is("scf.condition")) {
            return op.emitOpError("expects the 'before' region to terminate with 'scf.condition'",
                    d -> d.attachNote(condition == null ? op.location() : condition.location(), "terminator here"));
        }
        Operation yield = after.isEmpty() ? null : after.back();
        if (yield == null || !yield.is("scf.yield")) {
            return op.emitOpError("expects the 'after' region to terminate with 'scf.yield'",
                    d -> d.attachNote(yield == null ? op.location() : yield.location(), "terminator here"));
        }
        List<Type> forwarded = condition.operandTypes().subList(Math.min(1, condition.numOperands()),
                condition.numOperands());
        LogicalResult r = edge(op, "parent to Region #0", op.operandTypes(), before.argumentTypes(), op.location());
        if (r.succeeded()) {
            r = edge(op, "Operation scf.condition to parent", forwarded, op.resultTypes(), condition.location());
        }
        if (r.succeeded()) {
            r = edge(op, "Operation scf.condition to Region #1", forwarded, after.argumentTypes(),
                    condition.location());
        }
        if (r.succeeded()) {
            r = edge(op, "Operation scf.yield to Region #0", yield.operandTypes(), before.argumentTypes(),
                    yield.location());
        }
        return r;
    }

    /** One control-flow edge: the values passed against the inputs of its target. */
    private static LogicalResult edge(Operation op, String edge, List<Type> passed, List<Type> inputs, Location at) {
        if (passed.size() != inputs.size()) {
            return op.emitOpError("along control flow edge from " + edge + ": region branch point has "
                    + passed.size() + " operands, but region successor needs " + inputs.size() + " inputs",
                    d -> d.attachNote(at, "region branch point"));
        }
        for (int i = 0; i < passed.size(); i++) {
            if (!passed.get(i).equals(inputs.get(i))) {
                return op.emitOpError("along control flow edge from " + edge + ": successor operand type #" + i + " '"
                        + AttrTypePrinter.typeToString(passed.get(i), op.context())
                        + "' should match successor input type #" + i + " '"
                        + AttrTypePrinter.typeToString(inputs.get(i), op.context()) + "'",
                        d -> d.attachNote(at, "region branch point"));
            }
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyCondition(Operation op) {
        Operation parent = op.parentOp();
        if (parent == null || !parent.is("scf.while")) {
            return op.emitOpError("expects parent op 'scf.while'");
        }
        if (op.numOperands() == 0 || !op.operand(0).type().equals(IntegerType.I1)) {
            return op.emitOpError("operand #0 must be 1-bit signless integer");
        }
        return LogicalResult.success();
    }

    /** {@code scf.while (%a = %x) : (T) -> R { before } do { ^bb0(%b: R): after } [attributes {..}]}. */
    static final class WhileAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            Block before = op.region(0).front();
            if (op.numOperands() > 0) {
                p.print(" (");
                for (int i = 0; i < op.numOperands(); i++) {
                    p.print(i > 0 ? ", " : "").printOperand(before.argument(i)).print(" = ")
                            .printOperand(op.operand(i));
                }
                p.print(")");
            }
            p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes())).print(" ");
            p.printRegion(op.region(0), false, true);
            p.print(" do ");
            p.printRegion(op.region(1), true, true);
            p.printOptionalAttrDictWithKeyword(op.attributes(), List.of());
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            List<OpAsmParser.Argument> args = new ArrayList<>();
            List<OpAsmParser.UnresolvedOperand> inits = new ArrayList<>();
            Location at = p.currentLocation();
            if (p.parseOptionalPunct("(")) {
                do {
                    args.add(p.parseArgument(false, false));
                    p.parsePunct("=");
                    inits.add(p.parseOperand());
                } while (p.parseOptionalPunct(","));
                p.parsePunct(")");
            }
            if (!(p.parseColonType() instanceof FunctionType ft)) {
                throw p.error("expected a function type '(T, ..) -> (R, ..)'");
            }
            if (ft.inputs().size() != args.size()) {
                throw p.error("expected as many input types as operands (expected " + args.size() + " got "
                        + ft.inputs().size() + ")");
            }
            List<OpAsmParser.Argument> typed = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                OpAsmParser.Argument a = args.get(i);
                typed.add(new OpAsmParser.Argument(a.ssaName(), ft.inputs().get(i), Map.of(), a.location()));
            }
            s.operands.addAll(p.resolveOperands(inits, ft.inputs(), at));
            s.resultTypes.addAll(ft.results());
            Region before = s.addRegion();
            p.parseRegion(before, typed);
            p.parseKeyword("do");
            Region after = s.addRegion();
            p.parseRegion(after, List.of());
            p.parseOptionalAttrDictWithKeyword(s.attributes);
        }
    }

    /** {@code scf.condition(%c) [{attrs}] [%a, %b : T, U]}. */
    static final class ConditionAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.print("(").printOperand(op.operand(0)).print(")");
            LLVMAsm.printExtras(op, p, Set.of(), Map.of());
            if (op.numOperands() > 1) {
                p.print(" ").printOperands(op.operands().subList(1, op.numOperands())).print(" : ");
                LLVMAsm.printTypes(p, op.operandTypes().subList(1, op.numOperands()));
            }
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            p.parsePunct("(");
            s.operands.add(p.resolveOperand(p.parseOperand(), IntegerType.I1));
            p.parsePunct(")");
            LLVMAsm.parseExtras(p, s, Map.of());
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> args = p.parseOperandList();
            if (!args.isEmpty()) {
                p.parsePunct(":");
                s.operands.addAll(p.resolveOperands(args, p.parseTypeList(false), at));
            }
        }
    }
}
