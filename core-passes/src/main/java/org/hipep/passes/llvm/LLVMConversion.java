package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import org.hipep.dialects.llvm.LLVMDialect;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;
import org.hipep.ir.rewrite.ConversionTarget;
import org.hipep.ir.rewrite.DialectConversion;
import org.hipep.ir.rewrite.RewritePatternSet;

/**
 * The one place that gathers to-LLVM patterns and runs them: every pass that lowers to the llvm
 * dialect ({@code convert-to-llvm}, the per-dialect {@code convert-*-to-llvm} passes,
 * {@code convert-hip-to-llvm}) asks the loaded dialects for their
 * {@link ConvertToLLVMPatternInterface} here, so that in-tree dialects and plugin dialects are
 * lowered the same way. A dialect that only promises the interface (its extension was never
 * registered) is skipped.
 */
public final class LLVMConversion {
    private LLVMConversion() {
    }

    /**
     * Prepares {@code context} for a lowering: loads the llvm dialect and registers the in-tree
     * to-LLVM models ({@link ToLLVMModels}), the way an upstream pass declares its dependent
     * dialects. Idempotent.
     */
    public static void prepare(Context context) {
        // A pass nested under functions may run on several threads at once.
        synchronized (context) {
            context.getOrLoadDialect(LLVMDialect.NAMESPACE);
            context.appendDialectRegistry(ToLLVMModels.registry());
        }
    }

    /** A target where the llvm dialect and {@code builtin.unrealized_conversion_cast} are legal. */
    public static ConversionTarget newTarget() {
        return new ConversionTarget().addLegalDialect(LLVMDialect.NAMESPACE)
                .addLegalOp(BuiltinDialect.UNREALIZED_CONVERSION_CAST);
    }

    /** The loaded dialects whose namespace {@code accept}s that implement the interface, in load order. */
    public static List<Dialect> dialectsWithModels(Context context, Predicate<String> accept) {
        List<Dialect> out = new ArrayList<>();
        Collection<Dialect> loaded = context.loadedDialects();
        for (Dialect d : loaded) {
            if (!accept.test(d.namespace()) || d.hasPromisedInterface(ConvertToLLVMPatternInterface.class)) {
                continue;
            }
            if (d.getInterface(ConvertToLLVMPatternInterface.class) != null) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * Adds to {@code target} and {@code patterns} what each accepted loaded dialect's model
     * contributes.
     *
     * @return the namespaces that contributed
     */
    public static List<String> populate(Context context, Predicate<String> accept, ConversionTarget target,
            LLVMTypeConverter typeConverter, RewritePatternSet patterns) {
        List<String> used = new ArrayList<>();
        for (Dialect d : dialectsWithModels(context, accept)) {
            d.getInterface(ConvertToLLVMPatternInterface.class)
                    .populateConvertToLLVMConversionPatterns(target, typeConverter, patterns);
            used.add(d.namespace());
        }
        return used;
    }

    /**
     * Lowers the ops nested in {@code root} with the patterns of every accepted dialect, in one
     * partial conversion (ops the models mark illegal must convert; others may stay).
     *
     * @return failure, with the IR rolled back and an error at the op, when an illegal op stays
     */
    public static LogicalResult apply(Operation root, Predicate<String> accept) {
        prepare(root.context());
        ConversionTarget target = newTarget();
        RewritePatternSet patterns = new RewritePatternSet();
        populate(root.context(), accept, target, new LLVMTypeConverter(), patterns);
        return DialectConversion.applyPartialConversion(root, target, patterns.freeze());
    }

    /**
     * Like {@link #apply(Operation, Predicate)}, but every op must end up legal (llvm ops and
     * casts): for a lowering whose result must be llvm only. An op nothing lowers fails the
     * conversion with {@code failed to legalize operation '<name>'} at the op, the IR rolled back.
     */
    public static LogicalResult applyFull(Operation root, Predicate<String> accept) {
        prepare(root.context());
        ConversionTarget target = newTarget();
        RewritePatternSet patterns = new RewritePatternSet();
        populate(root.context(), accept, target, new LLVMTypeConverter(), patterns);
        return DialectConversion.applyFullConversion(root, target, patterns.freeze());
    }

    /** {@link #apply(Operation, Predicate)} with every loaded dialect. */
    public static LogicalResult applyAll(Operation root) {
        return apply(root, ns -> true);
    }
}
