package org.hipep.dialects;

import org.hipep.dialects.arith.ArithBufferizationModels;
import org.hipep.dialects.arith.ArithDialect;
import org.hipep.dialects.bufferization.BufferizationBufferizationModels;
import org.hipep.dialects.bufferization.BufferizationDialect;
import org.hipep.dialects.cf.CFDialect;
import org.hipep.dialects.func.FuncBufferizationModels;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.HipBufferizationModels;
import org.hipep.dialects.hip.HipDialect;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.dialects.math.MathDialect;
import org.hipep.dialects.memref.MemRefDialect;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.dialects.scf.SCFDialect;
import org.hipep.dialects.tensor.TensorBufferizationModels;
import org.hipep.dialects.tensor.TensorDialect;
import org.hipep.ir.DialectRegistry;

/** Registers every in-tree dialect of this module in a registry (they load lazily), with their external models. */
public final class CoreDialects {
    private CoreDialects() {
    }

    /** Adds the core dialects to {@code registry} and returns it. */
    public static DialectRegistry register(DialectRegistry registry) {
        registry.insert(FuncDialect.NAMESPACE, FuncDialect::new);
        registry.insert(OnnxDialect.NAMESPACE, OnnxDialect::new);
        registry.insert(HipDialect.NAMESPACE, HipDialect::new);
        registry.insert(ArithDialect.NAMESPACE, ArithDialect::new);
        registry.insert(MathDialect.NAMESPACE, MathDialect::new);
        registry.insert(LLVMDialect.NAMESPACE, LLVMDialect::new);
        registry.insert(CFDialect.NAMESPACE, CFDialect::new);
        registry.insert(SCFDialect.NAMESPACE, SCFDialect::new);
        registry.insert(MemRefDialect.NAMESPACE, MemRefDialect::new);
        registry.insert(TensorDialect.NAMESPACE, TensorDialect::new);
        registry.insert(BufferizationDialect.NAMESPACE, BufferizationDialect::new);
        return registerBufferizationModels(registry);
    }

    /**
     * Attaches the bufferization models of the core dialects (one register function per
     * dialect); {@link #register} already does.
     */
    public static DialectRegistry registerBufferizationModels(DialectRegistry registry) {
        ArithBufferizationModels.register(registry);
        BufferizationBufferizationModels.register(registry);
        FuncBufferizationModels.register(registry);
        HipBufferizationModels.register(registry);
        TensorBufferizationModels.register(registry);
        return registry;
    }
}
