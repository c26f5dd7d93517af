package org.hipep.sample;

import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.pass.Pass;

/**
 * {@code hip-ep-sample-print-functions}: emits the remark {@code [hip-ep-sample] visited <fn>}
 * for every function; a function with the attribute {@code hip_ep_sample.emit_constant} also gets
 * the plugin's constant carrier ({@code hip.constant} named {@code sample_plugin_weight}, bytes
 * {101, 102}) at its entry, the way plugins add weights at AfterConvertOnnxToHip.
 */
public final class SamplePrintFunctionsPass extends Pass {
    /** The attribute that asks for the constant carrier. */
    public static final String EMIT_CONSTANT = "hip_ep_sample.emit_constant";

    @Override
    public String argument() {
        return "hip-ep-sample-print-functions";
    }

    @Override
    public String name() {
        return "SamplePrintFunctionsPass";
    }

    @Override
    public String description() {
        return "Sample plugin pass: emit a remark for every function";
    }

    @Override
    public String anchorName() {
        return "func.func";
    }

    @Override
    protected void runOnOperation() {
        Operation fn = getOperation();
        fn.emitRemark("[hip-ep-sample] visited " + SymbolTable.symbolName(fn));
        if (fn.attribute(EMIT_CONSTANT) != null) {
            SampleConstants.insertCarrier(fn, "sample_plugin_weight");
        }
    }
}
