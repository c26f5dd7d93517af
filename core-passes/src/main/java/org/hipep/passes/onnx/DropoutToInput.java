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
 * {@code ConstantOfShape(Constant(shape)) {value = true}}: inference keeps every element. The
 * mask is built only where it is a bool tensor (opset ≥ 10) of the input's static shape, the
 * form {@code convert-onnx-to-hip} lowers to {@code hip.fill} (a fill, not constant data);
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

    /** {@code ConstantOfShape(Constant(dims of shape)) {value = dense<true> : tensor<1xi1>}}, before {@code op}. */
    private static Value allTrue(PatternRewriter rewriter, Operation op, RankedTensorType shape) {
        RankedTensorType dimsType = RankedTensorType.of(List.of((long) shape.rank()), IntegerType.I64);
        long[] dims = shape.shape().stream().mapToLong(Long::longValue).toArray();
        Value dimsValue = OnnxRewrites.create(rewriter, op, OnnxDialect.CONSTANT, List.of(), dimsType,
                Map.of("value", DenseElementsAttr.ofLongs(dimsType, dims))).result(0);
        RankedTensorType one = RankedTensorType.of(List.of(1L), IntegerType.I1);
        return OnnxRewrites.create(rewriter, op, "onnx.ConstantOfShape", List.of(dimsValue), op.result(1).type(),
                Map.of("value", DenseElementsAttr.splat(one, BoolAttr.TRUE))).result(0);
    }
}
