package org.hipep.passes.onnx;

import java.util.List;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/** {@code Identity(x)} → {@code x} (when x has the result's type). */
final class IdentityToInput extends RewritePattern {
    IdentityToInput() {
        super("onnx.Identity", 1, "simplify-onnx.IdentityToInput");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected one operand and one result");
        }
        if (!op.operand(0).type().equals(op.result(0).type())) {
            return rewriter.notifyMatchFailure(op, "input type differs from the result type");
        }
        rewriter.replaceOp(op, List.of(op.operand(0)));
        return LogicalResult.success();
    }
}
