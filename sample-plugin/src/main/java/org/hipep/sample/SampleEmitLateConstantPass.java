package org.hipep.sample;

import org.hipep.ir.Operation;
import org.hipep.pass.Pass;

/**
 * {@code hip-ep-sample-emit-late-constant}: the negative fixture. A function with the attribute
 * {@code hip_ep_sample.emit_late_constant} gets a constant carrier
 * ({@code sample_plugin_late_weight}) at BeforeBufferization, which is too late: the pipeline's
 * late-constant check must reject it.
 */
public final class SampleEmitLateConstantPass extends Pass {
    /** The attribute that asks for the late carrier. */
    public static final String EMIT_LATE_CONSTANT = "hip_ep_sample.emit_late_constant";

    @Override
    public String argument() {
        return "hip-ep-sample-emit-late-constant";
    }

    @Override
    public String name() {
        return "SampleEmitLateConstantPass";
    }

    @Override
    public String description() {
        return "Sample plugin pass: emit a constant carrier too late (negative fixture)";
    }

    @Override
    public String anchorName() {
        return "func.func";
    }

    @Override
    protected void runOnOperation() {
        Operation fn = getOperation();
        if (fn.attribute(EMIT_LATE_CONSTANT) != null) {
            SampleConstants.insertCarrier(fn, "sample_plugin_late_weight");
        }
    }
}
