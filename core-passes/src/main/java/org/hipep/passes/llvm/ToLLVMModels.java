package org.hipep.passes.llvm;

import java.util.Set;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.interfaces.ConvertToLLVMPatternInterface;

/**
 * Attaches the in-tree to-LLVM models to their dialects through dialect extensions, exactly as a
 * plugin attaches the model of its own dialect: one extension per dialect, which runs when that
 * dialect loads. The extensions are constants, so registering them twice (every lowering pass
 * does, through {@link LLVMConversion#prepare}) adds them once.
 */
public final class ToLLVMModels {
    /** arith → {@link ArithToLLVM}. */
    public static final DialectExtension ARITH = extension("arith", ArithToLLVM.INSTANCE);
    /** func → {@link FuncToLLVM}. */
    public static final DialectExtension FUNC = extension("func", FuncToLLVM.INSTANCE);
    /** cf → {@link CFToLLVM}. */
    public static final DialectExtension CF = extension("cf", CFToLLVM.INSTANCE);
    /** math → {@link MathToLLVM}. */
    public static final DialectExtension MATH = extension("math", MathToLLVM.INSTANCE);
    /** memref → {@link MemRefToLLVM}. */
    public static final DialectExtension MEMREF = extension("memref", MemRefToLLVM.INSTANCE);
    /** hip → {@link HipToLLVM} (the kernel calls of {@code docs/kernel-abi.md}). */
    public static final DialectExtension HIP = extension("hip", HipToLLVM.INSTANCE);

    private static final DialectRegistry REGISTRY = register(new DialectRegistry());

    private ToLLVMModels() {
    }

    private static DialectExtension extension(String namespace, ConvertToLLVMPatternInterface model) {
        return DialectExtension.of(Set.of(namespace), ctx -> ctx.getLoadedDialect(namespace)
                .attachInterface(ConvertToLLVMPatternInterface.class, model));
    }

    /** Adds every in-tree model's extension to {@code registry} and returns it. */
    public static DialectRegistry register(DialectRegistry registry) {
        return registry.addExtension(ARITH).addExtension(FUNC).addExtension(CF).addExtension(MATH)
                .addExtension(MEMREF).addExtension(HIP);
    }

    /** A registry holding only the extensions (for {@code Context.appendDialectRegistry}). */
    static DialectRegistry registry() {
        return REGISTRY;
    }
}
