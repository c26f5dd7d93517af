package org.hipep.sample;

import java.util.List;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;

/** The constant carrier the sample's passes insert (the seed's {@code hip.constant} contract). */
final class SampleConstants {
    /** The carrier op's name. */
    static final String HIP_CONSTANT = "hip.constant";
    /** The carrier's bytes. */
    static final long[] BYTES = {101, 102};

    private SampleConstants() {
    }

    /**
     * Inserts {@code hip.constant} with {@code value = dense<[101, 102]> : tensor<2xi8>} and the
     * name in {@code symbol_name_hint} and {@code source_name} at the start of the function body.
     */
    static Operation insertCarrier(Operation fn, String name) {
        Block entry = fn.region(0).front();
        RankedTensorType type = RankedTensorType.of(IntegerType.I8, 2);
        OperationState st = new OperationState(fn.location(), HIP_CONSTANT, fn.context());
        st.addTypes(List.of(type));
        st.addAttribute("value", DenseElementsAttr.ofLongs(type, BYTES));
        st.addAttribute("symbol_name_hint", new StringAttr(name));
        st.addAttribute("source_name", new StringAttr(name));
        OpBuilder b = new OpBuilder(fn.context());
        b.setInsertionPointToStart(entry);
        return b.create(st);
    }
}
