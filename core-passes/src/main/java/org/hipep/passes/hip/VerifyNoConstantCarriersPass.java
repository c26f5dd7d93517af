package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.hip.ConstantOp;
import org.hipep.ir.Operation;
import org.hipep.pass.Pass;

/**
 * The late-carrier guard the pipelines run after {@code hip-externalize-constants}: fails with
 * {@link #MESSAGE} (upstream's text, which says where a plugin must emit its carriers instead) on
 * every {@code hip.constant} still in the op it runs on (a carrier emitted by a slot that runs
 * after externalization). Op-agnostic. Upstream's has no textual name, so its pipeline prints it
 * as {@code unknown<...>}; this one is registered as {@code hip-verify-no-constant-carriers}, so
 * that the pipeline {@code --dump-pass-pipeline} prints parses back (into {@code hip-mlir-opt}, a
 * {@code HIPDNN_EP_PIPELINE} override) with the guard in it.
 */
public final class VerifyNoConstantCarriersPass extends Pass {
    /** The diagnostic emitted on each surviving carrier. */
    public static final String MESSAGE = "hip.constant survived past hip-externalize-constants; plugins must emit"
            + " carriers at AfterConvertOnnxToHip, not at BeforeBufferization";

    @Override
    public String argument() {
        return "hip-verify-no-constant-carriers";
    }

    @Override
    public String description() {
        return "Fail when a hip.constant carrier remains after constant externalization";
    }

    @Override
    protected void runOnOperation() {
        List<Operation> survivors = new ArrayList<>();
        getOperation().walk(op -> {
            if (op.is(ConstantOp.NAME)) {
                survivors.add(op);
            }
        });
        for (Operation op : survivors) {
            op.emitError(MESSAGE);
        }
        if (!survivors.isEmpty()) {
            signalPassFailure();
        }
    }
}
