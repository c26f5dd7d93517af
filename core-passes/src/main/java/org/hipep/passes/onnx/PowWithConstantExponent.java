package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code Pow(x, c)} for a float {@code x} and a constant exponent whose elements are all
 * {@code c}: 1 → {@code x}, 2 → {@code Mul(x, x)}, 0.5 → {@code Sqrt(x)}, -1 →
 * {@code Div(1, x)}. Only when the result has x's type (the exponent does not broadcast x) and
 * from opset 7 (numpy broadcasting); other exponents stay.
 */
final class PowWithConstantExponent extends RewritePattern {
    PowWithConstantExponent() {
        super("onnx.Pow", 1, "simplify-onnx.PowWithConstantExponent");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected two operands and one result");
        }
        if (OnnxRewrites.opset(op) < 7) {
            return rewriter.notifyMatchFailure(op, "legacy broadcast before opset 7");
        }
        Value x = op.operand(0);
        Type resultType = op.result(0).type();
        if (!OnnxRewrites.isFloatTensor(x)) {
            return rewriter.notifyMatchFailure(op, "base is not a float tensor");
        }
        if (!x.type().equals(resultType)) {
            return rewriter.notifyMatchFailure(op, "the exponent broadcasts the base");
        }
        OptionalDouble c = OnnxRewrites.splatValue(op.operand(1));
        if (c.isEmpty()) {
            return rewriter.notifyMatchFailure(op, "exponent is not a uniform constant");
        }
        double e = c.getAsDouble();
        Value exponent = op.operand(1);
        if (e == 1) {
            rewriter.replaceOp(op, List.of(x));
        } else if (e == 2) {
            rewriter.replaceOp(op, OnnxRewrites.create(rewriter, op, "onnx.Mul", List.of(x, x), resultType, Map.of()));
        } else if (e == 0.5) {
            rewriter.replaceOp(op, OnnxRewrites.create(rewriter, op, "onnx.Sqrt", List.of(x), resultType, Map.of()));
        } else if (e == -1) {
            Value one = OnnxRewrites.scalarConstant(rewriter, op.location(), OnnxRewrites.elementType(x.type()), 1);
            rewriter.replaceOp(op, OnnxRewrites.create(rewriter, op, "onnx.Div", List.of(one, x), resultType, Map.of()));
        } else {
            return rewriter.notifyMatchFailure(op, "exponent " + e + " has no simpler form");
        }
        OnnxRewrites.eraseIfDead(rewriter, exponent);
        return LogicalResult.success();
    }
}
