package org.hipep.vendor;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.pass.Pass;

/**
 * {@code convert-onnx-add-to-vendor} (on {@code func.func}, requested at the AfterSimplifyOnnx
 * slot): replaces each ONNX op a {@link VendorOp} claims ({@code onnx.Add} for {@code vendor.add})
 * by the vendor op, with the same operands and result type, when {@link VendorShapes#check}
 * accepts its types: ranked f32, f16 or bf16 tensors that broadcast, every dynamic result
 * dimension sizable. Anything else (integer adds, unranked tensors, {@code ?} against {@code ?})
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
        List<Operation> claimed = new ArrayList<>();
        List<VendorOp> defs = new ArrayList<>();
        getOperation().walk(op -> {
            for (VendorOp def : VendorOp.ALL) {
                if (op.is(def.onnxOp()) && op.numOperands() == 2 && op.numResults() == 1 && VendorShapes.check(
                        op.operand(0).type(), op.operand(1).type(), op.result(0).type()) == null) {
                    claimed.add(op);
                    defs.add(def);
                }
            }
        });
        if (claimed.isEmpty()) {
            return;
        }
        if (getContext().getOrLoadDialect(VendorDialect.NAMESPACE) == null) {
            getOperation().emitError("the vendor dialect is not registered in this context (select the plugin"
                    + " 'vendor')");
            signalPassFailure();
            return;
        }
        for (int i = 0; i < claimed.size(); i++) {
            Operation op = claimed.get(i);
            OperationState st = new OperationState(op.location(), defs.get(i).fullName(), op.context());
            st.addOperands(op.operands()).addTypes(op.resultTypes());
            Operation replacement = OpBuilder.before(op).create(st);
            op.replaceAllUsesWith(replacement);
            op.erase();
        }
    }
}
