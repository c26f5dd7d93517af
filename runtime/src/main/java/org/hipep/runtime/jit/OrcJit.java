package org.hipep.runtime.jit;

import static org.bytedeco.llvm.global.LLVM.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.llvm.LLVM.LLVMErrorRef;
import org.bytedeco.llvm.LLVM.LLVMMemoryBufferRef;
import org.bytedeco.llvm.LLVM.LLVMOrcDefinitionGeneratorRef;
import org.bytedeco.llvm.LLVM.LLVMOrcJITDylibRef;
import org.bytedeco.llvm.LLVM.LLVMOrcLLJITRef;

/**
 * One ORC LLJIT and its main JITDylib, with the symbol sources of a model in resolution order:
 * its own modules, then the plugin libraries ({@code .so} through a dynamic library search
 * generator, {@code .a} as the object files of its members), then OpenBLAS, then the process
 * (libc, libm, pthread).
 *
 * <p>One LLJIT per model rather than a JITDylib per model in a shared one: every model defines the
 * same {@code inference_*} names, closing a model frees all its code and memory at once
 * ({@code LLVMOrcDisposeLLJIT}; the C API cannot remove a JITDylib's code), and an LLJIT costs
 * 1-2 ms to create.
 */
final class OrcJit implements CodeSymbols {
    private LLVMOrcLLJITRef jit;
    private final LLVMOrcJITDylibRef dylib;

    static {
        if (LLVMInitializeNativeTarget() != 0 || LLVMInitializeNativeAsmPrinter() != 0) {
            throw new RuntimeFailure("LLVM has no native target for this host");
        }
    }

    OrcJit() {
        LLVMOrcLLJITRef j = new LLVMOrcLLJITRef();
        check(LLVMOrcCreateLLJIT(j, null), "creating an ORC LLJIT");
        jit = j;
        dylib = LLVMOrcLLJITGetMainJITDylib(jit);
    }

    LLVMOrcLLJITRef jit() {
        return jit;
    }

    LLVMOrcJITDylibRef dylib() {
        return dylib;
    }

    /** Adds the libraries, OpenBLAS and the process as symbol sources (in that order). */
    void addLibraries(List<LibrarySearch.Found> libraries) {
        for (LibrarySearch.Found lib : libraries) {
            if (lib.isArchive()) {
                addArchive(lib);
            } else {
                addSharedLibrary(lib.path(), "library '" + lib.library().name() + "' of '"
                        + lib.library().contributor() + "'");
            }
        }
        addSharedLibrary(OpenBlasLibrary.path(), "OpenBLAS");
        addSharedLibrary(DnnlLibrary.path(), "oneDNN");
        LLVMOrcDefinitionGeneratorRef gen = new LLVMOrcDefinitionGeneratorRef();
        check(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(gen, LLVMOrcLLJITGetGlobalPrefix(jit), null, null),
                "searching the process's symbols");
        LLVMOrcJITDylibAddGenerator(dylib, gen);
    }

    /** A dynamic library search generator for {@code so} (which dlopens it, for good). */
    private void addSharedLibrary(Path so, String what) {
        LLVMOrcDefinitionGeneratorRef gen = new LLVMOrcDefinitionGeneratorRef();
        check(LLVMOrcCreateDynamicLibrarySearchGeneratorForPath(gen, new BytePointer(so.toString()),
                LLVMOrcLLJITGetGlobalPrefix(jit), null, null), "loading " + what + " from " + so);
        LLVMOrcJITDylibAddGenerator(dylib, gen);
    }

    /**
     * Every object member of the archive, added to the JITDylib: ORC links a member when one of
     * its symbols is looked up. (The static library generator of the C API is exported by
     * libLLVM only under a C++-mangled name that disagrees with its header, so it is not used.)
     */
    private void addArchive(LibrarySearch.Found lib) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(lib.path());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + lib.path(), e);
        }
        for (Map.Entry<String, byte[]> member : ArArchive.members(bytes, lib.path()).entrySet()) {
            if (!member.getKey().endsWith(".o")) {
                continue;
            }
            addObject(member.getValue(), lib.path() + "(" + member.getKey() + ")", "adding " + member.getKey() + " of "
                    + lib.path() + " (library '" + lib.library().name() + "' of '" + lib.library().contributor() + "')");
        }
    }

    /** Adds an object file ({@code name} for LLVM's messages, {@code what} for ours) to the JITDylib. */
    void addObject(byte[] obj, String name, String what) {
        BytePointer data = new BytePointer(Math.max(1, obj.length));
        data.put(obj);
        LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(data, obj.length, new BytePointer(name));
        data.close();
        check(LLVMOrcLLJITAddObjectFile(jit, dylib, buf), what);
    }

    /**
     * Checks that every symbol in {@code undefined} resolves in this JITDylib (before any of the
     * model's modules is added, so a lookup only consults the libraries and the process); the
     * ones that do not make one failure listing them all.
     */
    void requireResolvable(Map<String, List<String>> undefined) {
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : undefined.entrySet()) {
            if (lookup(e.getKey()) == 0) {
                String s = e.getKey();
                String what = s.startsWith("hipep_") ? "no runtime kernel for " + s
                        : s.startsWith("hipdnn_ep_") ? "no runtime function for " + s : "undefined symbol " + s;
                missing.add(what + " (used by " + String.join(", ", e.getValue()) + ")");
            }
        }
        if (!missing.isEmpty()) {
            throw new RuntimeFailure(missing.size() + " symbol(s) of the model resolve nowhere (not in the model, "
                    + "the runtime, plugin bitcode, plugin libraries, OpenBLAS or the process):\n  "
                    + String.join("\n  ", missing));
        }
    }

    /** The address of {@code name} in the JITDylib, materialising what defines it; 0 when nothing does. */
    @Override
    public long lookup(String name) {
        LongPointer addr = new LongPointer(1);
        try {
            LLVMErrorRef err = LLVMOrcLLJITLookup(jit, addr, name);
            if (err != null && !err.isNull()) {
                LLVMConsumeError(err);
                return 0;
            }
            return addr.get(0);
        } finally {
            addr.close();
        }
    }

    static void check(LLVMErrorRef err, String what) {
        if (err != null && !err.isNull()) {
            BytePointer msg = LLVMGetErrorMessage(err);
            String text = msg.getString();
            LLVMDisposeErrorMessage(msg);
            throw new RuntimeFailure(what + " failed: " + text);
        }
    }

    @Override
    public void close() {
        if (jit != null) {
            LLVMErrorRef err = LLVMOrcDisposeLLJIT(jit);
            jit = null;
            check(err, "disposing the ORC LLJIT");
        }
    }
}
