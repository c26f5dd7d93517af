package org.hipep.dialects.scf;

import static org.hipep.dialects.memref.ShapedSyntax.segment;
import static org.hipep.dialects.memref.ShapedSyntax.segments;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.llvm.LLVMAsm;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * {@code scf.parallel} (a multi-dimensional loop whose iterations may run in any order), its
 * terminator {@code scf.reduce} (one operand and one reduction region per result) and
 * {@code scf.reduce.return}, with MLIR's custom forms and verifier messages. The operands of
 * {@code scf.parallel} are split by {@code operandSegmentSizes} into lower bounds, upper bounds,
 * steps and init values.
 */
final class SCFParallel {
    private SCFParallel() {
    }

    private static String str(Operation op, Type t) {
        return AttrTypePrinter.typeToString(t, op.context());
    }

    static LogicalResult verifyParallel(Operation op) {
        if (ShapedSyntax.verifySegments(op, 4).failed()) {
            return LogicalResult.failure();
        }
        List<Value> lbs = segment(op, 0);
        List<Value> ubs = segment(op, 1);
        List<Value> steps = segment(op, 2);
        if (steps.isEmpty() || lbs.size() != steps.size() || ubs.size() != steps.size()) {
            return op.emitOpError("needs at least one tuple element for lowerBound, upperBound and step");
        }
        if (op.numRegions() != 1 || op.region(0).isEmpty()) {
            return op.emitOpError("expects a non-empty body region");
        }
        Block body = op.region(0).front();
        if (body.numArguments() != steps.size()) {
            return op.emitOpError("expects the same number of induction variables: " + body.numArguments()
                    + " as bound and step values: " + steps.size());
        }
        for (Value v : body.arguments()) {
            if (!(v.type() instanceof IndexType)) {
                return op.emitOpError("expects arguments for the induction variable to be of index type");
            }
        }
        Operation reduce = body.isEmpty() ? null : body.back();
        if (reduce == null || !reduce.is("scf.reduce")) {
            return op.emitOpError("expects body to terminate with 'scf.reduce'");
        }
        if (op.numResults() != reduce.numOperands()) {
            return op.emitOpError("expects number of results: " + op.numResults()
                    + " to be the same as number of reductions: " + reduce.numOperands());
        }
        List<Value> inits = segment(op, 3);
        for (int i = 0; i < op.numResults(); i++) {
            if (i >= inits.size() || !inits.get(i).type().equals(op.result(i).type())) {
                return op.emitOpError("expects type of the " + i + "-th init value to be the same as the " + i
                        + "-th result type: '" + str(op, op.result(i).type()) + "'");
            }
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyReduce(Operation op) {
        Operation parent = op.parentOp();
        if (parent == null || !parent.is("scf.parallel")) {
            return op.emitOpError("expects parent op 'scf.parallel'");
        }
        if (op.numRegions() != op.numOperands()) {
            return op.emitOpError("expects one reduction region per operand");
        }
        for (int i = 0; i < op.numOperands(); i++) {
            Type t = op.operand(i).type();
            if (i < parent.numResults() && !t.equals(parent.result(i).type())) {
                return op.emitOpError("expects type of " + i + "-th reduction operand: '" + str(op, t)
                        + "' to be the same as the " + i + "-th result type: '" + str(op, parent.result(i).type())
                        + "'");
            }
            Region r = op.region(i);
            if (r.isEmpty() || r.front().numArguments() != 2 || !r.front().argument(0).type().equals(t)
                    || !r.front().argument(1).type().equals(t)) {
                return op.emitOpError("expected two block arguments with type '" + str(op, t) + "' in the " + i
                        + "-th reduction region");
            }
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyReduceReturn(Operation op) {
        Operation reduce = op.parentOp();
        if (reduce == null || !reduce.is("scf.reduce")) {
            return op.emitOpError("expects parent op 'scf.reduce'");
        }
        Region region = op.parentRegion();
        int index = reduce.regions().indexOf(region);
        Type expected = index >= 0 && index < reduce.numOperands() ? reduce.operand(index).type() : null;
        if (op.numOperands() != 1 || !op.operand(0).type().equals(expected)) {
            return op.emitOpError("must have type '" + (expected == null ? "<none>" : str(op, expected))
                    + "' (the type of the reduction inputs)");
        }
        return LogicalResult.success();
    }

    /** {@code scf.parallel (%i) = (%lb) to (%ub) step (%s) [init (%x) -> T] { ... }}. */
    static final class ParallelAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            Block body = op.region(0).front();
            p.print(" (");
            for (int i = 0; i < body.numArguments(); i++) {
                p.print(i > 0 ? ", " : "").printOperand(body.argument(i));
            }
            p.print(") = (").printOperands(segment(op, 0)).print(") to (").printOperands(segment(op, 1));
            p.print(") step (").printOperands(segment(op, 2)).print(")");
            if (!segment(op, 3).isEmpty()) {
                p.print(" init (").printOperands(segment(op, 3)).print(") -> ");
                if (op.numResults() == 1) {
                    p.printType(op.result(0).type());
                } else {
                    p.print("(");
                    LLVMAsm.printTypes(p, op.resultTypes());
                    p.print(")");
                }
            }
            p.print(" ");
            p.printRegion(op.region(0), false, true);
            LLVMAsm.printExtras(op, p, Set.of(ShapedSyntax.SEGMENTS), Map.of());
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            p.parsePunct("(");
            List<OpAsmParser.Argument> ivs = new ArrayList<>();
            do {
                OpAsmParser.Argument a = p.parseArgument(false, false);
                ivs.add(new OpAsmParser.Argument(a.ssaName(), IndexType.INSTANCE, Map.of(), a.location()));
            } while (p.parseOptionalPunct(","));
            p.parsePunct(")");
            p.parsePunct("=");
            List<Value> lbs = indexList(p);
            p.parseKeyword("to");
            List<Value> ubs = indexList(p);
            p.parseKeyword("step");
            List<Value> steps = indexList(p);
            List<OpAsmParser.UnresolvedOperand> inits = List.of();
            List<Type> types = List.of();
            Location at = p.currentLocation();
            if (p.parseOptionalKeyword("init")) {
                p.parsePunct("(");
                inits = p.parseOperandList();
                p.parsePunct(")");
                types = p.parseOptionalArrowTypeList();
            }
            s.operands.addAll(lbs);
            s.operands.addAll(ubs);
            s.operands.addAll(steps);
            s.operands.addAll(p.resolveOperands(inits, types, at));
            s.resultTypes.addAll(types);
            s.addAttribute(ShapedSyntax.SEGMENTS, segments(lbs.size(), ubs.size(), steps.size(), inits.size()));
            Region body = s.addRegion();
            p.parseRegion(body, ivs);
            if (body.isEmpty()) {
                body.emplaceBlock();
            }
            Block b = body.front();
            if (b.isEmpty() || !b.back().is("scf.reduce")) {
                b.append(Operation.create(new OperationState(p.currentLocation(), "scf.reduce", p.context())));
            }
            LLVMAsm.parseExtras(p, s, Map.of());
        }

        private static List<Value> indexList(OpAsmParser p) {
            p.parsePunct("(");
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            p.parsePunct(")");
            return p.resolveOperands(ops, ops.stream().map(o -> (Type) IndexType.INSTANCE).toList(), at);
        }
    }

    /** {@code scf.reduce[(%a, %b : T, U) { region }, { region }]}. */
    static final class ReduceAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            if (op.numOperands() > 0) {
                p.print("(").printOperands(op.operands()).print(" : ");
                LLVMAsm.printTypes(p, op.operandTypes());
                p.print(")");
            }
            for (int i = 0; i < op.numRegions(); i++) {
                p.print(i > 0 ? ", " : " ");
                p.printRegion(op.region(i), true, true);
            }
            LLVMAsm.printExtras(op, p, Set.of(), Map.of());
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            if (p.parseOptionalPunct("(")) {
                Location at = p.currentLocation();
                List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
                p.parsePunct(":");
                List<Type> types = p.parseTypeList(false);
                p.parsePunct(")");
                s.operands.addAll(p.resolveOperands(ops, types, at));
            }
            Region first = new Region();
            if (p.parseOptionalRegion(first, List.of())) {
                s.regions.add(first);
                while (p.parseOptionalPunct(",")) {
                    p.parseRegion(s.addRegion(), List.of());
                }
            }
            LLVMAsm.parseExtras(p, s, Map.of());
        }
    }

    /** {@code scf.reduce.return %v : T}. */
    static final class ReduceReturnAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.print(" ").printOperands(op.operands());
            LLVMAsm.printExtras(op, p, Set.of(), Map.of());
            p.print(" : ");
            LLVMAsm.printTypes(p, op.operandTypes());
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            LLVMAsm.parseExtras(p, s, Map.of());
            p.parsePunct(":");
            s.operands.addAll(p.resolveOperands(ops, p.parseTypeList(false), at));
        }
    }
}
