package org.hipep.passes.llvm;

import org.hipep.dialects.hip.HipDialect;
import org.hipep.ir.Operation;
import org.hipep.pass.Pass;

/**
 * {@code convert-hip-to-llvm} (on {@code builtin.module}): one partial conversion with the
 * {@code ConvertToLLVMPatternInterface} model of every loaded dialect ({@link LLVMConversion}:
 * a dialect that only promises the interface is skipped), so the hip compute ops in memref form
 * become kernel calls ({@link HipToLLVM}, {@code docs/kernel-abi.md}) in the same conversion
 * that lowers the other dialects' ops, a plugin dialect's included. A {@code hip.constant} left
 * in the module fails the pass before anything changes: it must have been externalized.
 */
public final class ConvertHipToLLVMPass extends Pass {
    @Override
    public String argument() {
        return "convert-hip-to-llvm";
    }

    @Override
    public String name() {
        return "ConvertHipToLLVMPass";
    }

    @Override
    public String description() {
        return "Lower hip ops (and every loaded dialect's to-LLVM interface, plugins' included) to the llvm dialect";
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        boolean[] carriers = {false};
        module.walk(op -> {
            if (op.is(HipDialect.NAMESPACE + ".constant")) {
                op.emitOpError("must be gone before convert-hip-to-llvm (run hip-externalize-constants)");
                carriers[0] = true;
            }
        });
        if (carriers[0] || LLVMConversion.applyAll(module).failed()) {
            signalPassFailure();
        }
    }
}
