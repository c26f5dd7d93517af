package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code Clip(x, min, max)} → {@code Min(Max(x, min), max)}, skipping an omitted bound; with no
 * bound, {@code x}. From opset 11 the bounds are inputs; before, {@code min}/{@code max} float
 * attributes (absent: no bound), which become rank-0 constants (opset 8 to 10: Max and Min
 * broadcast only from opset 8).
 */
final class ClipToMinMax extends RewritePattern {
    ClipToMinMax() {
        super("onnx.Clip", 1, "simplify-onnx.ClipToMinMax");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() < 1 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected an input and one result");
        }
        Value x = op.operand(0);
        Type resultType = op.result(0).type();
        boolean hasMin;
        boolean hasMax;
        int opset = OnnxRewrites.opset(op);
        if (opset >= 11) {
            hasMin = OnnxRewrites.hasOperand(op, 1);
            hasMax = OnnxRewrites.hasOperand(op, 2);
        } else {
            hasMin = op.attribute("min") instanceof FloatAttr;
            hasMax = op.attribute("max") instanceof FloatAttr;
        }
        if (!hasMin && !hasMax) {
            if (!x.type().equals(resultType)) {
                return rewriter.notifyMatchFailure(op, "input type differs from the result type");
            }
            rewriter.replaceOp(op, List.of(x));
            return LogicalResult.success();
        }
        if (opset < 8) {
            return rewriter.notifyMatchFailure(op, "Max and Min broadcast only from opset 8");
        }
        Value min;
        Value max;
        if (opset >= 11) {
            min = hasMin ? op.operand(1) : null;
            max = hasMax ? op.operand(2) : null;
        } else {
            Type et = OnnxRewrites.elementType(x.type());
            if (OnnxRewrites.onnxDataType(et) < 0) {
                return rewriter.notifyMatchFailure(op, "no constant of element type " + et);
            }
            min = hasMin ? OnnxRewrites.scalarConstant(rewriter, op.location(), et,
                    op.attribute("min", FloatAttr.class).value()) : null;
            max = hasMax ? OnnxRewrites.scalarConstant(rewriter, op.location(), et,
                    op.attribute("max", FloatAttr.class).value()) : null;
        }
        Value v = x;
        if (min != null) {
            v = OnnxRewrites.create(rewriter, op, "onnx.Max", List.of(v, min), resultType, Map.of()).result(0);
        }
        if (max != null) {
            v = OnnxRewrites.create(rewriter, op, "onnx.Min", List.of(v, max), resultType, Map.of()).result(0);
        }
        rewriter.replaceOp(op, List.of(v));
        return LogicalResult.success();
    }
}
