package org.hipep.passes.onnx;

import java.util.List;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePattern;

/**
 * {@code Identity(x)} → {@code x}. When x's type only differs from the result's in shape
 * knowledge (same element type, known dimensions agree), the uses by ONNX ops that are not
 * terminators and by {@code onnx.Return} take x (their verifiers accept compatible shapes);
 * other uses (e.g. {@code onnx.Yield}, {@code func.return}) keep the Identity.
 */
final class IdentityToInput extends RewritePattern {
    IdentityToInput() {
        super("onnx.Identity", 1, "simplify-onnx.IdentityToInput");
    }

    @Override
    public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return rewriter.notifyMatchFailure(op, "expected one operand and one result");
        }
        Value x = op.operand(0);
        Value result = op.result(0);
        if (x.type().equals(result.type())) {
            rewriter.replaceOp(op, List.of(x));
            return LogicalResult.success();
        }
        if (!compatible(x.type(), result.type())) {
            return rewriter.notifyMatchFailure(op, "input type " + x.type() + " is not compatible with " + result.type());
        }
        boolean any = result.useList().stream().anyMatch(u -> shapeAgnosticUser(u.owner()));
        if (!any) {
            return rewriter.notifyMatchFailure(op, "the result's type is fixed by its users");
        }
        rewriter.replaceUsesWithIf(result, x, u -> shapeAgnosticUser(u.owner()));
        if (result.useEmpty()) {
            rewriter.eraseOp(op);
        }
        return LogicalResult.success();
    }

    private static boolean shapeAgnosticUser(Operation user) {
        return user.is(OnnxDialect.RETURN)
                || user.nameString().startsWith("onnx.") && !user.hasTrait(OpTrait.IsTerminator.class);
    }

    /** Tensor types of one element type whose known dimensions agree. */
    static boolean compatible(Type t, Type of) {
        if (!(t instanceof ShapedType a) || !(of instanceof ShapedType b) || !a.elementType().equals(b.elementType())) {
            return false;
        }
        boolean tensors = (t instanceof RankedTensorType || t instanceof UnrankedTensorType)
                && (of instanceof RankedTensorType || of instanceof UnrankedTensorType);
        if (!tensors) {
            return false;
        }
        if (!a.hasRank() || !b.hasRank()) {
            return true;
        }
        if (a.rank() != b.rank()) {
            return false;
        }
        for (int i = 0; i < a.rank(); i++) {
            if (!a.isDynamicDim(i) && !b.isDynamicDim(i) && !a.shape().get(i).equals(b.shape().get(i))) {
                return false;
            }
        }
        return true;
    }
}
