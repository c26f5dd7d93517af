package org.hipep.dialects.scf;

import java.util.List;
import java.util.Map;
import org.hipep.dialects.llvm.LLVMAsm;
import org.hipep.ir.Block;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * The {@code scf} dialect: {@code scf.for} (with {@code iter_args}), {@code scf.if},
 * {@code scf.while} / {@code scf.condition} ({@link SCFWhile}), {@code scf.parallel} /
 * {@code scf.reduce} / {@code scf.reduce.return} ({@link SCFParallel}) and {@code scf.yield}, with MLIR's
 * custom forms (an operand-less {@code scf.yield} is implicit) and
 * verifiers (region arguments, yielded types against the results).
 */
public final class SCFDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "scf";

    /** Constructor for the registry. */
    public SCFDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("for").summary("For operation").traits(OpTrait.SingleBlock.class)
                .verifier(SCFDialect::verifyFor).assembly(new ForAssembly()).register();
        addOperation("if").summary("if-then-else operation").traits(OpTrait.SingleBlock.class)
                .verifier(SCFDialect::verifyIf).assembly(new IfAssembly()).register();
        addOperation("while").summary("a generic 'while' loop")
                .verifier(SCFWhile::verifyWhile).assembly(new SCFWhile.WhileAssembly()).register();
        addOperation("condition").summary("loop continuation condition")
                .traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .verifier(SCFWhile::verifyCondition).assembly(new SCFWhile.ConditionAssembly()).register();
        addOperation("parallel").summary("parallel for operation")
                .traits(OpTrait.SingleBlock.class).inherentAttributes("operandSegmentSizes")
                .verifier(SCFParallel::verifyParallel).assembly(new SCFParallel.ParallelAssembly()).register();
        addOperation("reduce").summary("reduce operation for scf.parallel")
                .traits(OpTrait.IsTerminator.class)
                .verifier(SCFParallel::verifyReduce).assembly(new SCFParallel.ReduceAssembly()).register();
        addOperation("reduce.return").summary("terminator for reduce operation")
                .traits(OpTrait.IsTerminator.class, OpTrait.Pure.class)
                .verifier(SCFParallel::verifyReduceReturn)
                .assembly(new SCFParallel.ReduceReturnAssembly()).register();
        addOperation("yield").summary("loop yield and termination operation")
                .traits(OpTrait.IsTerminator.class, OpTrait.ReturnLike.class, OpTrait.Pure.class)
                .verifier(SCFDialect::verifyYield).assembly(new YieldAssembly()).register();
    }

    private static String str(List<Type> types) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < types.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(AttrTypePrinter.typeToString(types.get(i)));
        }
        return sb.toString();
    }

    private static LogicalResult verifyFor(Operation op) {
        if (op.numOperands() < 3) {
            return op.emitOpError("expects lower bound, upper bound and step operands");
        }
        Type iv = op.operand(0).type();
        if (!op.operand(1).type().equals(iv) || !op.operand(2).type().equals(iv)) {
            return op.emitOpError("failed to verify that all of {lowerBound, upperBound, step} have same type");
        }
        List<Type> inits = op.operandTypes().subList(3, op.numOperands());
        if (!inits.equals(op.resultTypes())) {
            return op.emitOpError("expected as many init values as results, with the same types");
        }
        if (op.numRegions() != 1 || op.region(0).isEmpty()) {
            return op.emitOpError("expects a non-empty body region");
        }
        Block body = op.region(0).front();
        if (body.numArguments() != inits.size() + 1 || !body.argument(0).type().equals(iv)) {
            return op.emitOpError("expected body to have " + (inits.size() + 1)
                    + " arguments: the induction variable (of the bounds' type) and the iter_args");
        }
        if (!body.argumentTypes().subList(1, body.numArguments()).equals(inits)) {
            return op.emitOpError("expects the types of the region iter arguments to match the init values");
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyIf(Operation op) {
        if (op.numOperands() != 1 || !op.operand(0).type().equals(IntegerType.I1)) {
            return op.emitOpError("operand #0 must be 1-bit signless integer");
        }
        if (op.numRegions() != 2 || op.region(0).isEmpty()) {
            return op.emitOpError("expects a then region and an else region");
        }
        if (op.numResults() > 0 && op.region(1).isEmpty()) {
            return op.emitOpError("must have an else block if defining values");
        }
        return LogicalResult.success();
    }

    private static LogicalResult verifyYield(Operation op) {
        Operation parent = op.parentOp();
        if (parent == null || !(parent.is("scf.for") || parent.is("scf.if") || parent.is("scf.while"))) {
            return op.emitOpError("expects parent op to be one of 'scf.execute_region, scf.for, scf.if,"
                    + " scf.index_switch, scf.while'");
        }
        if (parent.is("scf.while")) {
            return LogicalResult.success(); // its edge back to the 'before' region is checked by scf.while
        }
        List<Type> yielded = op.operandTypes();
        List<Type> results = parent.resultTypes();
        if (yielded.size() != results.size()) {
            return op.emitOpError("types mismatch between yield op (" + str(yielded)
                    + ") and its parent's results (" + str(results) + ")");
        }
        for (int i = 0; i < yielded.size(); i++) {
            if (!yielded.get(i).equals(results.get(i))) {
                String t = AttrTypePrinter.typeToString(yielded.get(i));
                String r = AttrTypePrinter.typeToString(results.get(i));
                return parent.emitOpError("along control flow edge from Operation scf.yield to parent: successor"
                        + " operand type #" + i + " '" + t + "' should match successor input type #" + i + " '" + r
                        + "'", d -> d.attachNote(op.location(), "region branch point"));
            }
        }
        return LogicalResult.success();
    }

    /** Appends an operand-less {@code scf.yield} to a single-block region that lacks one. */
    static void ensureTerminator(Region region, OpAsmParser p) {
        if (region.isEmpty()) {
            region.emplaceBlock();
        }
        Block b = region.front();
        if (b.isEmpty() || !b.back().is("scf.yield")) {
            b.append(Operation.create(new OperationState(p.currentLocation(), "scf.yield", p.context())));
        }
    }

    /** Whether a region's terminator is an operand-less {@code scf.yield} (then left implicit). */
    static boolean implicitYield(Region region) {
        return !region.isEmpty() && !region.front().isEmpty() && region.front().back().is("scf.yield")
                && region.front().back().numOperands() == 0;
    }

    /** {@code scf.for %i = %lb to %ub step %s [iter_args(%a = %x) -> (T)] [: type] { ... }}. */
    private static final class ForAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            Block body = op.region(0).front();
            p.print(" ").printOperand(body.argument(0)).print(" = ").printOperand(op.operand(0));
            p.print(" to ").printOperand(op.operand(1)).print(" step ").printOperand(op.operand(2));
            if (op.numOperands() > 3) {
                p.print(" iter_args(");
                for (int i = 3; i < op.numOperands(); i++) {
                    p.print(i > 3 ? ", " : "").printOperand(body.argument(i - 2)).print(" = ")
                            .printOperand(op.operand(i));
                }
                p.print(") -> (");
                LLVMAsm.printTypes(p, op.resultTypes());
                p.print(")");
            }
            if (!(op.operand(0).type() instanceof org.hipep.ir.builtin.IndexType)) {
                p.print("  : ").printType(op.operand(0).type()); // two spaces, as MLIR prints it
            }
            p.print(" ");
            p.printRegion(op.region(0), false, !implicitYield(op.region(0)));
            LLVMAsm.printExtras(op, p, java.util.Set.of(), Map.of());
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            OpAsmParser.Argument iv = p.parseArgument(false, false);
            p.parsePunct("=");
            OpAsmParser.UnresolvedOperand lb = p.parseOperand();
            p.parseKeyword("to");
            OpAsmParser.UnresolvedOperand ub = p.parseOperand();
            p.parseKeyword("step");
            OpAsmParser.UnresolvedOperand step = p.parseOperand();
            List<OpAsmParser.Argument> args = new java.util.ArrayList<>();
            List<OpAsmParser.UnresolvedOperand> inits = new java.util.ArrayList<>();
            List<Type> types = List.of();
            if (p.parseOptionalKeyword("iter_args")) {
                p.parsePunct("(");
                do {
                    args.add(p.parseArgument(false, false));
                    p.parsePunct("=");
                    inits.add(p.parseOperand());
                } while (p.parseOptionalPunct(","));
                p.parsePunct(")");
                types = p.parseOptionalArrowTypeList();
            }
            Type ivType = p.parseOptionalPunct(":") ? p.parseType() : org.hipep.ir.builtin.IndexType.INSTANCE;
            List<OpAsmParser.Argument> regionArgs = new java.util.ArrayList<>();
            regionArgs.add(new OpAsmParser.Argument(iv.ssaName(), ivType, Map.of(), iv.location()));
            for (int i = 0; i < args.size(); i++) {
                OpAsmParser.Argument a = args.get(i);
                regionArgs.add(new OpAsmParser.Argument(a.ssaName(), i < types.size() ? types.get(i) : null, Map.of(),
                        a.location()));
            }
            s.operands.add(p.resolveOperand(lb, ivType));
            s.operands.add(p.resolveOperand(ub, ivType));
            s.operands.add(p.resolveOperand(step, ivType));
            s.operands.addAll(p.resolveOperands(inits, types, p.currentLocation()));
            s.resultTypes.addAll(types);
            Region body = s.addRegion();
            p.parseRegion(body, regionArgs);
            ensureTerminator(body, p);
            LLVMAsm.parseExtras(p, s, Map.of());
        }
    }

    /** {@code scf.if %c [-> (T)] { ... } [else { ... }]}. */
    private static final class IfAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.print(" ").printOperand(op.operand(0));
            if (op.numResults() > 0) {
                p.print(" -> (");
                LLVMAsm.printTypes(p, op.resultTypes());
                p.print(")");
            }
            p.print(" ");
            p.printRegion(op.region(0), false, !implicitYield(op.region(0)));
            if (!op.region(1).isEmpty()) {
                p.print(" else ");
                p.printRegion(op.region(1), false, !implicitYield(op.region(1)));
            }
            LLVMAsm.printExtras(op, p, java.util.Set.of(), Map.of());
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            s.operands.add(p.resolveOperand(p.parseOperand(), IntegerType.I1));
            s.resultTypes.addAll(p.parseOptionalArrowTypeList());
            Region then = s.addRegion();
            p.parseRegion(then, List.of());
            ensureTerminator(then, p);
            Region otherwise = s.addRegion();
            if (p.parseOptionalKeyword("else")) {
                p.parseRegion(otherwise, List.of());
                ensureTerminator(otherwise, p);
            }
            LLVMAsm.parseExtras(p, s, Map.of());
        }
    }

    /** {@code scf.yield [%a : T]}. */
    private static final class YieldAssembly implements OpAssembly {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            LLVMAsm.printExtras(op, p, java.util.Set.of(), Map.of());
            if (op.numOperands() > 0) {
                p.print(" ").printOperands(op.operands()).print(" : ");
                LLVMAsm.printTypes(p, op.operandTypes());
            }
        }

        @Override
        public void parse(OpAsmParser p, OperationState s) {
            LLVMAsm.parseExtras(p, s, Map.of());
            org.hipep.ir.Location at = p.currentLocation();
            List<OpAsmParser.UnresolvedOperand> ops = p.parseOperandList();
            if (!ops.isEmpty()) {
                p.parsePunct(":");
                s.operands.addAll(p.resolveOperands(ops, p.parseTypeList(false), at));
            }
        }
    }
}
