package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/** {@code Greater(a, b)} → {@code Less(b, a)}. */
final class GreaterToLess extends RewritePattern {
    GreaterToLess() {
        super("onnx.Greater", 1, "simplify-onnx.GreaterToLess");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected two operands and one result");
        }
        if (!ComparisonRewrites.numpyBroadcast(op)) {
            return rewriter.notifyMatchFailure(op, "legacy broadcast attributes");
        }
        Operation less = OnnxRewrites.create(rewriter, op, "onnx.Less", List.of(op.operand(1), op.operand(0)),
                op.result(0).type(), Map.of());
        rewriter.replaceOp(op, less);
        return LogicalResult.success();
    }
}
