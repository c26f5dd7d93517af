package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.hip.ConstantOp;
import org.hipep.ir.Operation;
import org.hipep.pass.Pass;

/**
 * The late-carrier guard the pipelines run after {@code hip-externalize-constants}: fails with
 * {@code hip.constant survived past hip-externalize-constants} on every {@code hip.constant}
 * still in the op it runs on (a carrier emitted by a slot that runs after externalization).
 * Like upstream, it has no textual name of its own and is not registered; pipelines add it
 * directly. Op-agnostic.
 */
public final class VerifyNoConstantCarriersPass extends Pass {
    /** The diagnostic emitted on each surviving carrier. */
    public static final String MESSAGE = "hip.constant survived past hip-externalize-constants";

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
