package org.hipep.dialects;

import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.HipDialect;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.DialectRegistry;

/** Registers every in-tree dialect of this module in a registry (they load lazily). */
public final class CoreDialects {
    private CoreDialects() {
    }

    /** Adds the core dialects to {@code registry} and returns it. */
    public static DialectRegistry register(DialectRegistry registry) {
        registry.insert(FuncDialect.NAMESPACE, FuncDialect::new);
        registry.insert(OnnxDialect.NAMESPACE, OnnxDialect::new);
        registry.insert(HipDialect.NAMESPACE, HipDialect::new);
        registry.insert(org.hipep.dialects.memref.MemRefDialect.NAMESPACE, org.hipep.dialects.memref.MemRefDialect::new);
        registry.insert(org.hipep.dialects.tensor.TensorDialect.NAMESPACE, org.hipep.dialects.tensor.TensorDialect::new);
        registry.insert(org.hipep.dialects.bufferization.BufferizationDialect.NAMESPACE, org.hipep.dialects.bufferization.BufferizationDialect::new);
        return registry;
    }
}
