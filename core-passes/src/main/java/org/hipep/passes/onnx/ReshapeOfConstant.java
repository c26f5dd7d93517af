package org.hipep.passes.onnx;

import java.util.List;
import java.util.Map;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code Reshape(Constant, shape)} whose result has a static shape → a {@code Constant} of that
 * shape over the same elements (row-major order is what a reshape keeps). mnist-8 reshapes its
 * classifier weights {@code [16, 4, 4, 10]} to {@code [256, 10]}: a copy on every run before.
 */
final class ReshapeOfConstant extends RewritePattern {
    ReshapeOfConstant() {
        super("onnx.Reshape", 1, "simplify-onnx.ReshapeOfConstant");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation reshape, PatternRewriter rewriter) {
        if (reshape.numOperands() < 1 || reshape.numResults() != 1) {
            return rewriter.notifyMatchFailure(reshape, "expected a data operand and one result");
        }
        DenseElementsAttr data = OnnxToHipConversions.constantElements(reshape.operand(0));
        if (data == null) {
            return rewriter.notifyMatchFailure(reshape, "the data is not a constant");
        }
        if (!(reshape.result(0).type() instanceof RankedTensorType rt) || !rt.hasStaticShape()
                || rt.numElements() != data.numElements() || !rt.elementType().equals(data.elementType())) {
            return rewriter.notifyMatchFailure(reshape, "the result is not a static shape of the data's elements");
        }
        Value oldData = reshape.operand(0);
        List<Value> others = List.copyOf(reshape.operands().subList(1, reshape.numOperands()));
        Operation folded = OnnxRewrites.create(rewriter, reshape, OnnxDialect.CONSTANT, List.of(), rt,
                Map.of("value", DenseElementsAttr.fromRaw(rt, data.rawData())));
        rewriter.replaceOp(reshape, List.of(folded.result(0)));
        OnnxRewrites.eraseIfDead(rewriter, oldData);
        for (Value v : others) {
            OnnxRewrites.eraseIfDead(rewriter, v);
        }
        return LogicalResult.success();
    }
}
