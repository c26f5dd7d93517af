package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code ConstantOfShape(Constant(dims))} → a splat {@code onnx.Constant} of those dims (value
 * default: f32 0). A tensor whose every element is known when the model is compiled is a constant:
 * it becomes an initializer like any weight, materialised once when a session loads instead of
 * filled on every run (models that generate their weights this way filled tens of MB per run).
 * Stays when a dim is negative or zero, or when the op's declared result type is neither the
 * folded type nor unranked, or when an unranked result is returned (the signature keeps its type).
 */
final class ConstantOfShapeToConstant extends RewritePattern {
    ConstantOfShapeToConstant() {
        super("onnx.ConstantOfShape", 1, "simplify-onnx.ConstantOfShapeToConstant");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected one operand and one result");
        }
        Value shapeValue = op.operand(0);
        DenseElementsAttr shape = OnnxToHipConversions.constantElements(shapeValue);
        if (shape == null || !(shape.elementType() instanceof IntegerType) || shape.type().shape().size() != 1) {
            return rewriter.notifyMatchFailure(op, "shape is not a constant 1-D integer tensor");
        }
        List<Long> dims = new ArrayList<>();
        for (long i = 0; i < shape.numElements(); i++) {
            long d = shape.getLong(i);
            if (d <= 0) {
                return rewriter.notifyMatchFailure(op, "dim " + i + " is " + d);
            }
            dims.add(d);
        }
        Attribute element = FloatAttr.f32(0.0);
        Type elementType = FloatType.F32;
        if (op.attribute("value") instanceof DenseElementsAttr v) {
            if (v.numElements() != 1) {
                return rewriter.notifyMatchFailure(op, "'value' must have one element");
            }
            element = v.getElement(0);
            elementType = v.elementType();
        }
        RankedTensorType type = RankedTensorType.of(dims, elementType);
        Value result = op.result(0);
        boolean sameType = result.type().equals(type);
        if (!sameType && result.type() instanceof RankedTensorType) {
            return rewriter.notifyMatchFailure(op, "declared type " + result.type() + " is not " + type);
        }
        for (OpOperand use : result.useList()) {
            if (!sameType && use.owner().is(OnnxDialect.RETURN)) {
                return rewriter.notifyMatchFailure(op, "returned with the unranked type " + result.type());
            }
        }
        Operation constant = OnnxRewrites.create(rewriter, op, OnnxDialect.CONSTANT, List.of(), type,
                Map.of("value", DenseElementsAttr.splat(type, element)));
        rewriter.replaceOp(op, constant);
        OnnxRewrites.eraseIfDead(rewriter, shapeValue);
        return LogicalResult.success();
    }
}
