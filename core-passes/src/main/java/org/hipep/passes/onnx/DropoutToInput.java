package org.hipep.passes.onnx;

import java.util.Arrays;
import java.util.OptionalDouble;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * An inference {@code Dropout} → its input (output 0), when the mask (output 1) is unused.
 * Inference: from opset 12 no {@code training_mode} input or a constant false one; opset 7 to
 * 11 always; before opset 7 only with {@code is_test} set.
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
        for (int i = 1; i < op.numResults(); i++) {
            if (!op.result(i).useEmpty()) {
                return rewriter.notifyMatchFailure(op, "the mask is used");
            }
        }
        int opset = OnnxRewrites.opset(op);
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
        rewriter.replaceOp(op, Arrays.asList(replacements));
        return LogicalResult.success();
    }
}
