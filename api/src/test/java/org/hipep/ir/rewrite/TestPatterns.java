package org.hipep.ir.rewrite;

import java.util.List;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;

/** Canonicalization patterns on the toy dialect. */
final class TestPatterns {
    private TestPatterns() {
    }

    /** {@code neg(neg(x)) -> x}. */
    static final RewritePattern NEG_NEG = RewritePattern.of("toy.neg", 1, "NegNeg", (op, r) -> {
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !inner.is("toy.neg")) {
            return r.notifyMatchFailure(op, "operand is not a toy.neg");
        }
        r.replaceOp(op, List.of(inner.operand(0)));
        return LogicalResult.success();
    });

    /** {@code add(x, 0) -> x} and {@code add(0, x) -> x}. */
    static final RewritePattern ADD_ZERO = RewritePattern.of("toy.add", 1, "AddZero", (op, r) -> {
        for (int i = 0; i < 2; i++) {
            if (isConstant(op.operand(i), 0)) {
                r.replaceOp(op, List.of(op.operand(1 - i)));
                return LogicalResult.success();
            }
        }
        return r.notifyMatchFailure(op, "no zero operand");
    });

    static boolean isConstant(Value v, long value) {
        Operation def = v.definingOp();
        if (def == null || !def.is("toy.constant")) {
            return false;
        }
        IntegerAttr a = def.attribute("value", IntegerAttr.class);
        return a != null && a.longValue() == value;
    }
}
