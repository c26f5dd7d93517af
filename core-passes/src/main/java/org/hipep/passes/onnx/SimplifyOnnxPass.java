package org.hipep.passes.onnx;

import org.hipep.ir.rewrite.GreedyPatternRewriteDriver;
import org.hipep.ir.rewrite.GreedyRewriteConfig;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.pass.Pass;

/**
 * {@code simplify-onnx}: rewrites ONNX ops into the canonical forms {@code convert-onnx-to-hip}
 * lowers, with the greedy driver on the module: CastLike → Cast; Greater, GreaterOrEqual and
 * LessOrEqual → Less (and Not); Relu → Max with zero; Clip → Max/Min; Pow with exponent 1, 2,
 * 0.5 or -1 → x, Mul, Sqrt, Div; Identity and inference Dropout → their input (a used Dropout
 * mask → an all-true ConstantOfShape of the input's static shape); ConstantOfShape of a
 * constant shape → a splat Constant; inference BatchNormalization of a Conv with constant weights and
 * parameters → the Conv with the normalisation folded into them; a per-channel constant Add after a
 * Conv → the Conv's bias; Reshape of a constant with a static result → a Constant. Every rewrite
 * keeps the module valid at its opset; unused pure ops are removed.
 */
public final class SimplifyOnnxPass extends Pass {
    @Override
    public String argument() {
        return "simplify-onnx";
    }

    @Override
    public String name() {
        return "SimplifyOnnx";
    }

    @Override
    public String description() {
        return "Simplify ONNX ops into the canonical forms convert-onnx-to-hip lowers";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    /** Adds the simplify-onnx patterns to {@code patterns} and returns it. */
    public static RewritePatternSet populatePatterns(RewritePatternSet patterns) {
        patterns.add(new CastLikeToCast());
        patterns.add(new GreaterToLess());
        patterns.add(new GreaterOrEqualToNotLess());
        patterns.add(new LessOrEqualToNotLess());
        patterns.add(new ReluToMax());
        patterns.add(new ClipToMinMax());
        patterns.add(new PowWithConstantExponent());
        patterns.add(new IdentityToInput());
        patterns.add(new DropoutToInput());
        patterns.add(new ConstantOfShapeToConstant());
        patterns.add(new BatchNormIntoConv());
        patterns.add(new AddIntoConvBias());
        patterns.add(new ReshapeOfConstant());
        return patterns;
    }

    @Override
    protected void runOnOperation() {
        GreedyPatternRewriteDriver.applyPatternsGreedily(getOperation(),
                populatePatterns(new RewritePatternSet()).freeze(), GreedyRewriteConfig.defaults());
    }
}
