package org.hipep.sample;

import java.util.Set;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionPattern;

/**
 * The sample's dialect {@code hip_ep_sample}: one nullary op, {@code hip_ep_sample.marker}, whose
 * to-LLVM lowering simply erases it. The lowering is attached from outside the dialect, by a
 * dialect extension, as a plugin would attach models to ops of other dialects.
 */
public final class SampleDialect extends Dialect {
    /** The namespace. */
    public static final String NAMESPACE = "hip_ep_sample";
    /** {@code hip_ep_sample.marker}. */
    public static final String MARKER = "hip_ep_sample.marker";

    /** Constructor for the registry. */
    public SampleDialect(Context context) {
        super(NAMESPACE, context);
    }

    @Override
    protected void initialize() {
        addOperation("marker").summary("A nullary op that lowers to nothing").register();
    }

    /** The to-LLVM model: the marker is illegal and its pattern erases it. */
    static final ConvertToLLVMPatternInterface TO_LLVM = (target, typeConverter, patterns) -> {
        target.addIllegalDialect(NAMESPACE);
        patterns.add(ConversionPattern.of(MARKER, 1, typeConverter, "EraseSampleMarker", (op, operands, rewriter) -> {
            rewriter.eraseOp(op);
            return LogicalResult.success();
        }));
    };

    /** Registers the dialect and attaches its to-LLVM model (the plugin's dialect registration). */
    public static void register(DialectRegistry registry) {
        registry.insert(NAMESPACE, SampleDialect::new);
        registry.addExtension(DialectExtension.of(Set.of(NAMESPACE),
                ctx -> ctx.getLoadedDialect(NAMESPACE).attachInterface(ConvertToLLVMPatternInterface.class, TO_LLVM)));
    }
}
