package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code CastLike(x, like)} → {@code Cast(x) {to = <ONNX dtype of like's element type>}}; the
 * type donor {@code like} goes when nothing else uses it.
 */
final class CastLikeToCast extends RewritePattern {
    CastLikeToCast() {
        super("onnx.CastLike", 1, "simplify-onnx.CastLikeToCast");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected two operands and one result");
        }
        Value like = op.operand(1);
        int dtype = OnnxRewrites.onnxDataType(OnnxRewrites.elementType(like.type()));
        if (dtype < 0) {
            return rewriter.notifyMatchFailure(op, "no ONNX data type for " + like.type());
        }
        Operation cast = OnnxRewrites.create(rewriter, op, "onnx.Cast", List.of(op.operand(0)),
                op.result(0).type(), Map.of("to", IntegerAttr.i64(dtype)));
        rewriter.replaceOp(op, cast);
        OnnxRewrites.eraseIfDead(rewriter, like);
        return LogicalResult.success();
    }
}
