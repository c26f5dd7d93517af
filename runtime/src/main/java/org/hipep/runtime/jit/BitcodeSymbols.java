package org.hipep.runtime.jit;

import static org.bytedeco.llvm.global.LLVM.LLVMContextCreate;
import static org.bytedeco.llvm.global.LLVM.LLVMContextDispose;
import static org.bytedeco.llvm.global.LLVM.LLVMDisposeModule;

import java.util.Set;
import java.util.TreeSet;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMModuleRef;

/**
 * The symbol table of a bitcode buffer as the model linker sees it: the functions and global
 * variables it defines with a non-local linkage. Two contributions that both define one of these
 * collide at load time unless the later one declares an override ({@link RuntimeBitcode}), so a
 * tool can find such collisions before anything is compiled (the assembler does).
 */
public final class BitcodeSymbols {
    /** Where the runtime jar keeps the C runtime's bitcode: a resource of this package. */
    public static final String RUNTIME_RESOURCE = "org/hipep/runtime/jit/" + ModelLinker.RUNTIME_RESOURCE;

    private BitcodeSymbols() {
    }

    /**
     * The externally visible definitions of {@code bitcode}, sorted.
     *
     * @param bitcode LLVM bitcode
     * @param contributor who contributed it, for the error message
     * @throws RuntimeFailure when the bytes are not bitcode LLVM can read (with LLVM's message)
     */
    public static Set<String> defined(byte[] bitcode, String contributor) {
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            LLVMModuleRef mod = ModelLinker.parse(ctx, bitcode, contributor);
            try {
                return new TreeSet<>(ModelLinker.externalDefinitions(mod).keySet());
            } finally {
                LLVMDisposeModule(mod);
            }
        } finally {
            LLVMContextDispose(ctx);
        }
    }

    /** The bitcode of the C runtime that this runtime module carries. */
    public static byte[] runtimeBitcode() {
        return ModelLinker.runtimeBitcode();
    }
}
