package org.hipep.passes.onnx;

import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/** {@code GreaterOrEqual(a, b)} → {@code Not(Less(a, b))}. */
final class GreaterOrEqualToNotLess extends RewritePattern {
    GreaterOrEqualToNotLess() {
        super("onnx.GreaterOrEqual", 1, "simplify-onnx.GreaterOrEqualToNotLess");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (ComparisonRewrites.check(op, rewriter).failed()) {
            return LogicalResult.failure();
        }
        return ComparisonRewrites.notLess(op, rewriter, op.operand(0), op.operand(1));
    }
}
