package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/** {@code Relu(x)} → {@code Max(x, 0)} with a rank-0 constant zero of x's element type (opset ≥ 8: Max broadcasts). */
final class ReluToMax extends RewritePattern {
    ReluToMax() {
        super("onnx.Relu", 1, "simplify-onnx.ReluToMax");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected one operand and one result");
        }
        if (OnnxRewrites.opset(op) < 8) {
            return rewriter.notifyMatchFailure(op, "Max broadcasts only from opset 8");
        }
        Value x = op.operand(0);
        Type et = OnnxRewrites.elementType(x.type());
        if (OnnxRewrites.onnxDataType(et) < 0) {
            return rewriter.notifyMatchFailure(op, "no constant of element type " + et);
        }
        Value zero = OnnxRewrites.scalarConstant(rewriter, op.location(), et, 0);
        Operation max = OnnxRewrites.create(rewriter, op, "onnx.Max", List.of(x, zero), op.result(0).type(), Map.of());
        rewriter.replaceOp(op, max);
        return LogicalResult.success();
    }
}
