package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.arith.ArithDialect;
import org.hipep.dialects.cf.CFDialect;
import org.hipep.dialects.scf.SCFDialect;
import org.hipep.ir.Block;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.WalkOrder;
import org.hipep.ir.WalkResult;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.pass.Pass;

/**
 * {@code convert-scf-to-cf} (MLIR's {@code SCFToControlFlow.cpp}): replaces {@code scf.for},
 * {@code scf.if} and {@code scf.while} by blocks and {@code cf} branches, innermost first, with upstream's block
 * layout.
 *
 * <ul>
 *   <li>{@code scf.for}: the enclosing block ends with {@code cf.br ^cond(lb, inits...)};
 *       {@code ^cond(iv, iters...)} compares {@code iv < ub} ({@code arith.cmpi slt}) and branches
 *       to the body or to the block holding the ops after the loop; the body (its arguments now
 *       {@code ^cond}'s) ends with {@code iv + step} and a branch back. The loop's results are
 *       {@code ^cond}'s iteration arguments.</li>
 *   <li>{@code scf.if}: {@code cf.cond_br} to the then blocks and the else blocks (or straight
 *       to the continuation when there is no else region); each {@code scf.yield} branches to a
 *       continuation block whose arguments are the results, which branches on to the ops after
 *       the if (without results the continuation is that block itself).</li>
 *   <li>{@code scf.while}: the enclosing block branches to the condition blocks with the
 *       initial values; {@code scf.condition} becomes {@code cf.cond_br} to the body (with the
 *       forwarded values) or to the ops after the loop; the body's {@code scf.yield} branches
 *       back to the condition. The results are the forwarded values, as upstream. A body that
 *       only forwards its arguments (a do-while) is dropped and the condition branches back to
 *       itself, as upstream's do-while lowering does.</li>
 * </ul>
 * {@code scf.parallel} without reductions becomes nested {@code scf.for} loops first, as
 * upstream; one with reductions is left as it is. An scf op in a block without terminator (a region of an op with {@code NoTerminator}) cannot become blocks: the
 * pass fails naming it.
 */
public final class SCFToControlFlowPass extends Pass {
    private static final String FOR = SCFDialect.NAMESPACE + ".for";
    private static final String IF = SCFDialect.NAMESPACE + ".if";
    private static final String YIELD = SCFDialect.NAMESPACE + ".yield";
    private static final String WHILE = SCFDialect.NAMESPACE + ".while";
    private static final String CONDITION = SCFDialect.NAMESPACE + ".condition";
    private static final String PARALLEL = SCFDialect.NAMESPACE + ".parallel";
    private static final String REDUCE = SCFDialect.NAMESPACE + ".reduce";
    private static final String BR = CFDialect.NAMESPACE + ".br";
    private static final String COND_BR = CFDialect.NAMESPACE + ".cond_br";
    private static final long SLT = 2;

    @Override
    public String argument() {
        return "convert-scf-to-cf";
    }

    @Override
    public String name() {
        return "SCFToControlFlowPass";
    }

    @Override
    public String description() {
        return "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG";
    }

    @Override
    protected void runOnOperation() {
        getContext().getOrLoadDialect(CFDialect.NAMESPACE);
        getContext().getOrLoadDialect(ArithDialect.NAMESPACE);
        // A parallel loop without reductions becomes nested scf.for loops first, as upstream.
        List<Operation> parallels = new ArrayList<>();
        getOperation().walk(WalkOrder.POST_ORDER, op -> {
            if (op != getOperation() && op.is(PARALLEL) && op.numResults() == 0) {
                parallels.add(op);
            }
            return WalkResult.ADVANCE;
        });
        for (Operation op : parallels) {
            parallelToFor(op);
        }
        List<Operation> ops = new ArrayList<>();
        getOperation().walk(WalkOrder.POST_ORDER, op -> {
            if (op != getOperation() && (op.is(FOR) || op.is(IF) || op.is(WHILE))) {
                ops.add(op);
            }
            return WalkResult.ADVANCE;
        });
        for (Operation op : ops) {
            if (op.nextNode() == null || op.parentRegion().parentOp() == null
                    || op.parentRegion().parentOp().hasTrait(OpTrait.NoTerminator.class)) {
                op.emitOpError("cannot be lowered to blocks here: its block has no terminator");
                signalPassFailure();
                return;
            }
            if (op.is(FOR)) {
                lowerFor(op);
            } else if (op.is(WHILE)) {
                lowerWhile(op);
            } else {
                lowerIf(op);
            }
        }
    }

    private static void lowerFor(Operation op) {
        Location loc = op.location();
        Block before = op.block();
        Block remaining = before.splitBefore(op.nextNode());
        Value lb = op.operand(0);
        Value ub = op.operand(1);
        Value step = op.operand(2);
        List<Value> inits = op.operands().subList(3, op.numOperands());

        Block cond = new Block();
        cond.addArgument(lb.type(), loc);
        for (Value v : inits) {
            cond.addArgument(v.type(), loc);
        }
        before.parent().insertAfter(before, cond);
        List<Block> body = moveBlocksAfter(op.region(0), cond);
        Block entry = body.get(0);
        for (int i = entry.numArguments() - 1; i >= 0; i--) {
            entry.argument(i).replaceAllUsesWith(cond.argument(i));
            entry.eraseArgument(i);
        }

        OpBuilder b = OpBuilder.atBlockEnd(op.context(), before);
        List<Value> entryArgs = new ArrayList<>();
        entryArgs.add(lb);
        entryArgs.addAll(inits);
        branch(b, loc, cond, entryArgs);
        b.setInsertionPointToEnd(cond);
        Value lt = b.create(loc, ArithDialect.NAMESPACE + ".cmpi", List.of(cond.argument(0), ub),
                List.of(IntegerType.I1), Map.of("predicate", IntegerAttr.i64(SLT))).result(0);
        condBranch(b, loc, lt, entry, remaining, List.of());

        for (Block blk : body) {
            Operation yield = blk.back();
            if (yield != null && yield.is(YIELD)) {
                b.setInsertionPoint(yield);
                Value next = b.create(loc, ArithDialect.NAMESPACE + ".addi", List.of(cond.argument(0), step),
                        List.of(cond.argument(0).type()), Map.of()).result(0);
                List<Value> args = new ArrayList<>();
                args.add(next);
                args.addAll(yield.operands());
                branch(b, loc, cond, args);
                yield.erase();
            }
        }
        op.replaceAllUsesWith(cond.arguments().subList(1, cond.numArguments()));
        op.erase();
    }

    private static void lowerWhile(Operation op) {
        Location loc = op.location();
        Block before = op.block();
        Block remaining = before.splitBefore(op.nextNode());
        List<Block> cond = moveBlocksAfter(op.region(0), before);
        // A body that only forwards its arguments (a do-while): the condition loops on itself.
        boolean doWhile = isForwardingBody(op.region(1));
        List<Block> body = doWhile ? List.of(cond.get(0))
                : moveBlocksAfter(op.region(1), cond.get(cond.size() - 1));
        OpBuilder b = OpBuilder.atBlockEnd(op.context(), before);
        branch(b, loc, cond.get(0), op.operands());
        List<Value> results = null;
        for (Block blk : cond) {
            Operation condition = blk.back();
            if (condition != null && condition.is(CONDITION)) {
                List<Value> args = new ArrayList<>(condition.operands().subList(1, condition.numOperands()));
                b.setInsertionPoint(condition);
                condBranch(b, loc, condition.operand(0), body.get(0), remaining, args);
                results = args;
                condition.erase();
            }
        }
        for (Block blk : doWhile ? List.<Block>of() : body) {
            Operation yield = blk.back();
            if (yield != null && yield.is(YIELD)) {
                b.setInsertionPoint(yield);
                branch(b, loc, cond.get(0), yield.operands());
                yield.erase();
            }
        }
        op.replaceAllUsesWith(results == null ? List.of() : results);
        op.erase();
    }

    /**
     * Replaces {@code scf.parallel} (no results) by one {@code scf.for} per dimension, outermost
     * first, the body moved into the innermost loop and its {@code scf.reduce} dropped.
     */
    private static void parallelToFor(Operation op) {
        Location loc = op.location();
        int n = op.region(0).front().numArguments();
        List<Value> operands = op.operands();
        Block body = op.region(0).front();
        OpBuilder b = OpBuilder.before(op);
        Block innermost = null;
        for (int d = 0; d < n; d++) {
            OperationState st = new OperationState(loc, FOR, op.context());
            st.addOperands(List.of(operands.get(d), operands.get(n + d), operands.get(2 * n + d)));
            Region region = st.addRegion();
            Block blk = new Block();
            blk.addArgument(operands.get(d).type(), loc);
            region.append(blk);
            b.create(st);
            b.setInsertionPointToEnd(blk);
            b.create(new OperationState(loc, YIELD, op.context()));
            b.setInsertionPoint(blk.back());
            body.argument(d).replaceAllUsesWith(blk.argument(0));
            innermost = blk;
        }
        Operation yield = innermost.back();
        for (Operation o : new ArrayList<>(body.operations())) {
            o.remove();
            if (o.is(REDUCE)) {
                o.erase();
            } else {
                innermost.insertBefore(yield, o);
            }
        }
        op.erase();
    }

    /** Whether {@code region} is one block holding only an {@code scf.yield} of its arguments, in order. */
    private static boolean isForwardingBody(Region region) {
        if (region.blocks().size() != 1) {
            return false;
        }
        Block blk = region.front();
        Operation yield = blk.back();
        return yield != null && yield.is(YIELD) && blk.front() == yield
                && yield.operands().equals(blk.arguments());
    }

    private static void lowerIf(Operation op) {
        Location loc = op.location();
        Block before = op.block();
        Block remaining = before.splitBefore(op.nextNode());
        Block cont = remaining;
        if (op.numResults() > 0) {
            cont = new Block();
            for (Type t : op.resultTypes()) {
                cont.addArgument(t, loc);
            }
            before.parent().insertBefore(remaining, cont);
            branch(OpBuilder.atBlockEnd(op.context(), cont), loc, remaining, List.of());
        }
        List<Block> thenBlocks = moveBlocksAfter(op.region(0), before);
        List<Block> elseBlocks = op.region(1).isEmpty() ? List.of()
                : moveBlocksAfter(op.region(1), thenBlocks.get(thenBlocks.size() - 1));
        OpBuilder b = OpBuilder.atBlockEnd(op.context(), before);
        condBranch(b, loc, op.operand(0), thenBlocks.get(0), elseBlocks.isEmpty() ? cont : elseBlocks.get(0),
                List.of());
        for (List<Block> blocks : List.of(thenBlocks, elseBlocks)) {
            for (Block blk : blocks) {
                Operation yield = blk.back();
                if (yield != null && yield.is(YIELD)) {
                    b.setInsertionPoint(yield);
                    branch(b, loc, cont, yield.operands());
                    yield.erase();
                } else if (yield == null || !yield.hasTrait(OpTrait.IsTerminator.class)) {
                    b.setInsertionPointToEnd(blk);
                    branch(b, loc, cont, List.of());
                }
            }
        }
        op.replaceAllUsesWith(cont == remaining ? List.of() : cont.arguments());
        op.erase();
    }

    /** Moves the blocks of {@code region} after {@code anchor}, in order; returns them. */
    private static List<Block> moveBlocksAfter(Region region, Block anchor) {
        List<Block> blocks = new ArrayList<>(region.blocks());
        Block prev = anchor;
        for (Block blk : blocks) {
            blk.remove();
            anchor.parent().insertAfter(prev, blk);
            prev = blk;
        }
        return blocks;
    }

    private static void branch(OpBuilder b, Location loc, Block dest, List<? extends Value> args) {
        b.create(new OperationState(loc, BR, b.context()).addOperands(args).addSuccessor(dest));
    }

    private static void condBranch(OpBuilder b, Location loc, Value cond, Block t, Block f, List<Value> args) {
        OperationState st = new OperationState(loc, COND_BR, b.context());
        st.addOperands(List.of(cond)).addOperands(args).addSuccessor(t).addSuccessor(f);
        st.addAttribute("operandSegmentSizes", DenseArrayAttr.ofLongs(IntegerType.I32, 1, args.size(), 0));
        b.create(st);
    }
}
