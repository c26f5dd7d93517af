package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.rewrite.PatternRewriter;

/** Shared parts of the comparison rewrites. */
final class ComparisonRewrites {
    private ComparisonRewrites() {
    }

    /** Whether {@code op} broadcasts numpy-style (no legacy opset-1 {@code broadcast = 1}). */
    static boolean numpyBroadcast(Operation op) {
        return !(op.attribute("broadcast") instanceof IntegerAttr b && b.longValue() != 0)
                && op.attribute("axis") == null;
    }

    /** Replaces {@code op} by {@code Not(Less(lhs, rhs))}. */
    static LogicalResult notLess(Operation op, PatternRewriter rewriter, Value lhs, Value rhs) {
        Operation less = OnnxRewrites.create(rewriter, op, "onnx.Less", List.of(lhs, rhs), op.result(0).type(), Map.of());
        Operation not = OnnxRewrites.create(rewriter, op, "onnx.Not", List.of(less.result(0)), op.result(0).type(),
                Map.of());
        rewriter.replaceOp(op, not);
        return LogicalResult.success();
    }

    /** The shape checks of a two-operand comparison. */
    static LogicalResult check(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected two operands and one result");
        }
        return LogicalResult.success();
    }
}
