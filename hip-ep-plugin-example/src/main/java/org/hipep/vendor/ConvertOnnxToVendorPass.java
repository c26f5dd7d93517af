package org.hipep.vendor;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpOperand;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.pass.Pass;

/**
 * {@code convert-onnx-add-to-vendor} (on {@code func.func}, requested at the AfterSimplifyOnnx
 * slot): replaces each ONNX op a {@link VendorOp} claims ({@code onnx.Add} for {@code vendor.add})
 * by the vendor op, with the same operands and result type, when {@link VendorShapes#check}
 * accepts its types: ranked f32, f16 or bf16 tensors that broadcast, every dynamic result
 * dimension sizable. An unranked result of ranked operands is given their broadcast type
 * ({@link #resultType}), so chains of claimed ops stay claimable. Anything else (integer adds, unranked tensors, {@code ?} against {@code ?})
 * is left for the in-tree path ({@code convert-onnx-to-hip}), so claiming never makes a model
 * fail to compile.
 */
public final class ConvertOnnxToVendorPass extends Pass {
    /** The pass argument. */
    public static final String ARGUMENT = "convert-onnx-add-to-vendor";

    @Override
    public String argument() {
        return ARGUMENT;
    }

    @Override
    public String name() {
        return "ConvertOnnxToVendorPass";
    }

    @Override
    public String description() {
        return "Vendor plugin: claim onnx.Add on f32/f16/bf16 tensors as vendor.add";
    }

    @Override
    public String anchorName() {
        return "func.func";
    }

    @Override
    protected void runOnOperation() {
        // Candidates in program order; each is checked when its turn comes, so that it sees the
        // types refined by the replacements before it.
        List<Operation> candidates = new ArrayList<>();
        getOperation().walk(op -> {
            if (definition(op) != null && op.numOperands() == 2 && op.numResults() == 1) {
                candidates.add(op);
            }
        });
        if (candidates.isEmpty()) {
            return;
        }
        if (getContext().getOrLoadDialect(VendorDialect.NAMESPACE) == null) {
            getOperation().emitError("the vendor dialect is not registered in this context (select the plugin"
                    + " 'vendor')");
            signalPassFailure();
            return;
        }
        for (Operation op : candidates) {
            Type result = resultType(op);
            if (VendorShapes.check(op.operand(0).type(), op.operand(1).type(), result) != null) {
                continue;
            }
            OperationState st = new OperationState(op.location(), definition(op).fullName(), op.context());
            st.addOperands(op.operands()).addTypes(List.of(result));
            Operation replacement = OpBuilder.before(op).create(st);
            op.replaceAllUsesWith(replacement);
            op.erase();
        }
    }

    private static VendorOp definition(Operation op) {
        for (VendorOp def : VendorOp.ALL) {
            if (op.is(def.onnxOp())) {
                return def;
            }
        }
        return null;
    }

    /**
     * The result type the vendor op gets: the ONNX op's, except that an unranked result (the
     * importer leaves intermediate values unranked until {@code hip-infer-shapes}) of ranked
     * operands becomes their broadcast, unless a terminator uses it (a function's result type
     * must stay as declared). Types that do not broadcast stay as they are, and are then not
     * claimed.
     */
    private static Type resultType(Operation op) {
        Type declared = op.result(0).type();
        if (!(declared instanceof UnrankedTensorType u) || !(op.operand(0).type() instanceof RankedTensorType a)
                || !(op.operand(1).type() instanceof RankedTensorType b)) {
            return declared;
        }
        for (OpOperand use : op.result(0).uses()) {
            if (use.owner().hasTrait(OpTrait.IsTerminator.class)) {
                return declared;
            }
        }
        try {
            return RankedTensorType.of(VendorShapes.broadcast(a.shape(), b.shape()), u.elementType());
        } catch (IllegalArgumentException e) {
            return declared;
        }
    }
}
