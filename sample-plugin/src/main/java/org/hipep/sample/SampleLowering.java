package org.hipep.sample;

import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.DialectConversion;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * The sample's own lowering entry point: applies the to-LLVM patterns of every loaded dialect
 * that implements {@link ConvertToLLVMPatternInterface} (not merely promises it), the way
 * {@code convert-hip-to-llvm} does, in one partial conversion.
 */
public final class SampleLowering {
    private SampleLowering() {
    }

    /** Lowers {@code root}'s nested ops; failures are reported as diagnostics. */
    public static LogicalResult convertToLLVM(Operation root) {
        ConversionTarget target = new ConversionTarget();
        TypeConverter types = new TypeConverter().addSimpleConversion(t -> t);
        RewritePatternSet patterns = new RewritePatternSet();
        for (Dialect d : root.context().loadedDialects()) {
            if (d.hasPromisedInterface(ConvertToLLVMPatternInterface.class)) {
                continue;
            }
            ConvertToLLVMPatternInterface model = d.getInterface(ConvertToLLVMPatternInterface.class);
            if (model != null) {
                model.populateConvertToLLVMConversionPatterns(target, types, patterns);
            }
        }
        return DialectConversion.applyPartialConversion(root, target, patterns.freeze());
    }
}
