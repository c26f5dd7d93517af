package org.hipep.passes.llvm;

import java.util.Set;
import org.hipep.pass.Pass;

/**
 * {@code convert-to-llvm}, and the per-dialect passes built on the same models
 * ({@code convert-arith-to-llvm}, {@code convert-func-to-llvm}, {@code convert-cf-to-llvm},
 * {@code convert-math-to-llvm}, {@code finalize-memref-to-llvm}): one partial conversion with the
 * {@code ConvertToLLVMPatternInterface} patterns of every loaded dialect, or of the named ones.
 * Ops a model marks illegal must convert, else the pass fails naming the op; ops no model
 * claims stay, with {@code builtin.unrealized_conversion_cast}s between them and converted values.
 */
public final class ConvertToLLVMPass extends Pass {
    private final String argument;
    private final String name;
    private final String description;
    private final Set<String> dialects;

    /** {@code convert-to-llvm}: every loaded dialect with a model. */
    public ConvertToLLVMPass() {
        this("convert-to-llvm", "ConvertToLLVMPass", "Convert to LLVM via dialect interfaces found in the input IR", null);
    }

    private ConvertToLLVMPass(String argument, String name, String description, Set<String> dialects) {
        this.argument = argument;
        this.name = name;
        this.description = description;
        this.dialects = dialects;
    }

    /** {@code convert-arith-to-llvm}. */
    public static ConvertToLLVMPass arith() {
        return new ConvertToLLVMPass("convert-arith-to-llvm", "ArithToLLVMConversionPass",
                "Convert Arith dialect to LLVM dialect", Set.of("arith"));
    }

    /** {@code convert-func-to-llvm}. */
    public static ConvertToLLVMPass func() {
        return new ConvertToLLVMPass("convert-func-to-llvm", "ConvertFuncToLLVMPass",
                "Convert from the Func dialect to the LLVM dialect",
                Set.of("func"));
    }

    /** {@code convert-cf-to-llvm}. */
    public static ConvertToLLVMPass cf() {
        return new ConvertToLLVMPass("convert-cf-to-llvm", "ConvertControlFlowToLLVMPass",
                "Convert ControlFlow operations to the LLVM dialect", Set.of("cf"));
    }

    /** {@code convert-math-to-llvm}. */
    public static ConvertToLLVMPass math() {
        return new ConvertToLLVMPass("convert-math-to-llvm", "ConvertMathToLLVMPass",
                "Convert Math dialect to LLVM dialect", Set.of("math"));
    }

    /** {@code finalize-memref-to-llvm}. */
    public static ConvertToLLVMPass memref() {
        return new ConvertToLLVMPass("finalize-memref-to-llvm", "FinalizeMemRefToLLVMConversionPass",
                "Finalize MemRef dialect to LLVM dialect conversion", Set.of("memref"));
    }

    @Override
    public String argument() {
        return argument;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    protected void runOnOperation() {
        boolean ok = dialects == null ? LLVMConversion.applyAll(getOperation()).succeeded()
                : LLVMConversion.apply(getOperation(), dialects::contains).succeeded();
        if (!ok) {
            signalPassFailure();
        }
    }
}
