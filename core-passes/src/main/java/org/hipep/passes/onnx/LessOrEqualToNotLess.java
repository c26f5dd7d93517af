package org.hipep.passes.onnx;

import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/** {@code LessOrEqual(a, b)} → {@code Not(Less(b, a))}. */
final class LessOrEqualToNotLess extends RewritePattern {
    LessOrEqualToNotLess() {
        super("onnx.LessOrEqual", 1, "simplify-onnx.LessOrEqualToNotLess");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (ComparisonRewrites.check(op, rewriter).failed()) {
            return LogicalResult.failure();
        }
        return ComparisonRewrites.notLess(op, rewriter, op.operand(1), op.operand(0));
    }
}
