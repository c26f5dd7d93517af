package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.pass.Pass;

/**
 * {@code hip-split-duplicate-dps-inits} (hip-ep-contracts §3.1 row 10, on {@code func.func}):
 * after {@code cse} one value may be the destination of several hip results (two
 * {@code tensor.empty}s of one type merged), or of two results of one op; bufferization could
 * then not write each result in place. In walk order, the first destination use of a value
 * keeps it; every later one gets a destination of its own, built right before its op:
 * <ul>
 *   <li>a clone of the value's defining {@code tensor.empty} (same size operands);</li>
 *   <li>for any other value (a function argument, another op's result), a new
 *       {@code tensor.empty} of its type, each dynamic size a {@code tensor.dim} of that value.
 *       Its contents are not copied: a hip op writes its whole destination and never reads it,
 *       so only the shape matters.</li>
 * </ul>
 * Uses of the value that are not hip destinations do not count; an unranked destination (no
 * {@code tensor.empty} can stand for it) is left shared.
 */
public final class SplitDuplicateDpsInitsPass extends Pass {
    @Override
    public String argument() {
        return "hip-split-duplicate-dps-inits";
    }

    @Override
    public String name() {
        return "HipSplitDuplicateDpsInits";
    }

    @Override
    public String description() {
        return "Give each hip destination-passing result a destination value of its own";
    }

    @Override
    public String anchorName() {
        return "func.func";
    }

    @Override
    protected void runOnOperation() {
        PatternRewriter rewriter = new PatternRewriter(getContext());
        Set<Value> seen = new HashSet<>();
        List<Operation> ops = new ArrayList<>();
        getOperation().walk(ops::add);
        for (Operation op : ops) {
            if (!HipDps.isDps(op)) {
                continue;
            }
            for (int k = HipDps.firstInit(op); k < op.numOperands(); k++) {
                Value init = op.operand(k);
                if (seen.add(init) || !(init.type() instanceof RankedTensorType)) {
                    continue;
                }
                rewriter.setInsertionPoint(op);
                op.setOperand(k, freshDestination(rewriter, op, init));
            }
        }
    }

    private static Value freshDestination(PatternRewriter rewriter, Operation user, Value init) {
        Operation def = init.definingOp();
        if (def != null && def.is("tensor.empty")) {
            return rewriter.create(def.location(), "tensor.empty", def.operands(), List.of(init.type()), Map.of())
                    .result(0);
        }
        List<Value> sizes = new ArrayList<>();
        RankedTensorType t = (RankedTensorType) init.type();
        for (int d = 0; d < t.rank(); d++) {
            if (t.isDynamicDim(d)) {
                Value index = rewriter.create(user.location(), "arith.constant", List.of(),
                        List.of(IndexType.INSTANCE), Map.of("value", IntegerAttr.index(d))).result(0);
                sizes.add(rewriter.create(user.location(), "tensor.dim", List.of(init, index),
                        List.of(IndexType.INSTANCE), Map.of()).result(0));
            }
        }
        return rewriter.create(user.location(), "tensor.empty", sizes, List.of(init.type()), Map.of()).result(0);
    }
}
