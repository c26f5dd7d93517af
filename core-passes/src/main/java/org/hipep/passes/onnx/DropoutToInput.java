package org.hipep.passes.onnx;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * An inference {@code Dropout} → its input (output 0); a used mask (output 1) becomes
 * an all-true splat {@code Constant} of the input's shape: inference keeps every element. The
 * mask is built only where it is a bool tensor (opset ≥ 10) of the input's static shape;
 * otherwise a used mask keeps the Dropout. Inference: from opset 12 no {@code training_mode}
 * input or a constant false one; opset 7 to 11 always; before opset 7 only with
 * {@code is_test} set.
 */
final class DropoutToInput extends RewritePattern {
    DropoutToInput() {
        super("onnx.Dropout", 1, "simplify-onnx.DropoutToInput");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() < 1 || op.numResults() < 1) {
            return rewriter.notifyMatchFailure(op, "expected an input and an output");
        }
        int opset = OnnxRewrites.opset(op);
        boolean maskUsed = op.numResults() > 1 && !op.result(1).useEmpty();
        RankedTensorType shape = op.operand(0).type() instanceof RankedTensorType t ? t : null;
        if (maskUsed && (opset < 10 || shape == null || !shape.hasStaticShape()
                || !op.result(1).type().equals(RankedTensorType.of(shape.shape(), IntegerType.I1)))) {
            return rewriter.notifyMatchFailure(op, "the mask is used and is not a bool tensor of a static shape");
        }
        if (opset < 7 && !(op.attribute("is_test") instanceof IntegerAttr t && t.longValue() != 0)) {
            return rewriter.notifyMatchFailure(op, "training mode (is_test = 0)");
        }
        if (opset >= 12 && OnnxRewrites.hasOperand(op, 2)) {
            OptionalDouble training = OnnxRewrites.splatValue(op.operand(2));
            if (training.isEmpty() || training.getAsDouble() != 0) {
                return rewriter.notifyMatchFailure(op, "training_mode is not a constant false");
            }
        }
        Value data = op.operand(0);
        if (!data.type().equals(op.result(0).type())) {
            return rewriter.notifyMatchFailure(op, "input type differs from the result type");
        }
        Value[] replacements = new Value[op.numResults()];
        replacements[0] = data;
        if (maskUsed) {
            replacements[1] = allTrue(rewriter, op, shape);
        }
        rewriter.replaceOp(op, Arrays.asList(replacements));
        return LogicalResult.success();
    }

    /** {@code Constant {value = dense<true>}} of {@code shape}, before {@code op}. */
    private static Value allTrue(PatternRewriter rewriter, Operation op, RankedTensorType shape) {
        RankedTensorType mask = RankedTensorType.of(shape.shape(), IntegerType.I1);
        return OnnxRewrites.create(rewriter, op, OnnxDialect.CONSTANT, List.of(), mask,
                Map.of("value", DenseElementsAttr.splat(mask, BoolAttr.TRUE))).result(0);
    }
}
