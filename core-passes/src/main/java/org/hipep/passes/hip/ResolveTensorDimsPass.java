package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Operation;
import org.hipep.ir.OpResult;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.passes.onnx.DynamicDims;
import org.hipep.pass.Pass;

/**
 * {@code hip-resolve-tensor-dims} (hip-ep-contracts §3.1 row 11, on {@code func.func}): rewrites
 * each {@code tensor.dim %v, %c} with a constant index so that sizes are computed from what the
 * function receives, not from results that bufferization has yet to allocate:
 * <ul>
 *   <li>a static dimension of {@code %v}'s type becomes an {@code arith.constant} index;</li>
 *   <li>{@code %v} result {@code i} of a hip op: the dimension of the input it provably equals
 *       ({@link DynamicDims}, the knowledge {@code convert-onnx-to-hip} sizes destinations with),
 *       else the same dimension of destination {@code i} (which has the result's type);</li>
 *   <li>{@code %v} a {@code tensor.empty}: its size operand for that dimension.</li>
 * </ul>
 * Repeated to a fixpoint, so a dimension travels back through a chain of hip ops to a function
 * argument (or to whatever defines it that the pass does not know). A {@code tensor.dim} with a
 * non-constant index, of an unranked value or of another op's result is left alone; replaced
 * ones, and index constants left unused, are erased.
 */
public final class ResolveTensorDimsPass extends Pass {
    @Override
    public String argument() {
        return "hip-resolve-tensor-dims";
    }

    @Override
    public String name() {
        return "HipResolveTensorDims";
    }

    @Override
    public String description() {
        return "Compute tensor.dim of hip results and destinations from the inputs they equal";
    }

    @Override
    public String anchorName() {
        return "func.func";
    }

    @Override
    protected void runOnOperation() {
        PatternRewriter rewriter = new PatternRewriter(getContext());
        boolean changed = true;
        while (changed) {
            changed = false;
            List<Operation> dims = new ArrayList<>();
            getOperation().walk(op -> {
                if (op.is("tensor.dim")) {
                    dims.add(op);
                }
            });
            for (Operation dim : dims) {
                if (dim.block() != null && resolve(rewriter, dim)) {
                    changed = true;
                }
            }
        }
    }

    /** Replaces {@code dim} by what it equals; false when nothing is known. */
    private static boolean resolve(PatternRewriter rewriter, Operation dim) {
        Long index = constantIndex(dim.operand(1));
        if (index == null || !(dim.operand(0).type() instanceof RankedTensorType t) || index < 0 || index >= t.rank()) {
            return false;
        }
        int d = (int) (long) index;
        Value source = dim.operand(0);
        rewriter.setInsertionPoint(dim);
        Value replacement = null;
        if (!t.isDynamicDim(d)) {
            replacement = indexConstant(rewriter, dim, t.shape().get(d));
        } else if (source instanceof OpResult r && HipDps.isDps(r.owner())) {
            Operation op = r.owner();
            List<Value> inputs = op.operands().subList(0, HipDps.firstInit(op));
            List<Type> inputTypes = inputs.stream().map(Value::type).toList();
            int[] src = op.numResults() != 1 ? null : DynamicDims.source(op.nameString(), inputTypes, HipDps.attributes(op), t.rank(), d);
            if (src != null) {
                replacement = dimOf(rewriter, dim, inputs.get(src[0]), src[1]);
            } else {
                replacement = dimOf(rewriter, dim, op.operand(HipDps.firstInit(op) + r.index()), d);
            }
        } else if (source instanceof OpResult r && r.owner().is("tensor.empty")) {
            int k = 0;
            for (int i = 0; i < d; i++) {
                if (t.isDynamicDim(i)) {
                    k++;
                }
            }
            replacement = r.owner().operand(k);
        }
        if (replacement == null) {
            return false;
        }
        Operation oldIndex = dim.operand(1).definingOp();
        rewriter.replaceOp(dim, List.of(replacement));
        if (oldIndex != null && oldIndex.block() != null && oldIndex.is("arith.constant") && oldIndex.result(0).useEmpty()) {
            rewriter.eraseOp(oldIndex);
        }
        return true;
    }

    private static Value dimOf(PatternRewriter rewriter, Operation at, Value source, int d) {
        Value index = indexConstant(rewriter, at, d);
        return rewriter.create(at.location(), "tensor.dim", List.of(source, index), List.of(IndexType.INSTANCE),
                Map.of()).result(0);
    }

    private static Value indexConstant(PatternRewriter rewriter, Operation at, long value) {
        return rewriter.create(at.location(), "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                Map.of("value", IntegerAttr.index(value))).result(0);
    }

    /** The value of an {@code arith.constant} index, or {@code null}. */
    private static Long constantIndex(Value v) {
        Operation def = v.definingOp();
        if (def != null && def.is("arith.constant") && def.attribute("value") instanceof IntegerAttr a) {
            return a.longValue();
        }
        return null;
    }
}
