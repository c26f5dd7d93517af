package org.hipep.ir.interfaces;

import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.rewrite.TypeConverter;

/**
 * A dialect interface: the patterns that lower the dialect's ops to the llvm dialect (MLIR's
 * {@code ConvertToLLVMPatternInterface}). {@code convert-hip-to-llvm} asks every loaded dialect
 * that implements it (a dialect that only promises it is skipped) and applies all patterns in
 * one partial conversion. Attach it with {@code Dialect.attachInterface}, usually from a dialect
 * extension so that the lowering can live in another module than the dialect.
 */
public interface ConvertToLLVMPatternInterface {
    /**
     * Marks the dialect's ops illegal (or dynamically legal) on {@code target} and adds the
     * patterns that lower them. Called once per conversion, on the converting thread; must only
     * add to its arguments.
     */
    void populateConvertToLLVMConversionPatterns(ConversionTarget target, TypeConverter typeConverter,
            RewritePatternSet patterns);
}
