package org.hipep.runtime.jit;

import static org.bytedeco.llvm.global.LLVM.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bytedeco.llvm.LLVM.LLVMContextRef;
import org.bytedeco.llvm.LLVM.LLVMOrcThreadSafeContextRef;

/**
 * Loads a compiled model (its bitcode, as {@code LlvmModule.bitcode()} writes it): JIT-compiled
 * in process ({@link #loadJit}), or written as a native {@code .so} ({@link #writeNative}) and
 * loaded from there ({@link #loadNative}). Both take the C runtime the same way: on a host with a
 * {@link PrebuiltRuntime} (x86-64-v3 or v4) its object beside the model's code, else its bitcode
 * linked into the model (as with a plugin that overrides a runtime symbol); and both apply the
 * same plugin bitcode and library rules ({@link LoadOptions}). Unresolved symbols fail the load,
 * listing them all, before any code is generated.
 */
public final class ModelLoader {
    private ModelLoader() {
    }

    /**
     * JIT-compiles the model with the runtime, the plugin bitcode and libraries in a fresh ORC
     * LLJIT. On a host with a {@link PrebuiltRuntime} that the options allow, the runtime is that
     * object and only the model's and the plugins' code is compiled here.
     */
    public static LoadedModel loadJit(byte[] modelBitcode, LoadOptions options) {
        PrebuiltRuntime prebuilt = prebuiltFor(options);
        return loadJit(modelBitcode, linkedBitcode(prebuilt), prebuilt, options);
    }

    /** {@link #loadJit(byte[], LoadOptions)} with another runtime bitcode (tests use a fake runtime), linked in. */
    static LoadedModel loadJit(byte[] modelBitcode, byte[] runtimeBitcode, LoadOptions options) {
        return loadJit(modelBitcode, runtimeBitcode, null, options);
    }

    /**
     * The form of the runtime this host's loads take, in words ({@code prebuilt x86-64-v4}, or
     * {@code linked bitcode}), as the system property {@code hipep.runtime.prebuilt} and the host's
     * CPU decide: the compile cache keys its entries by it, since the cached objects hold that
     * runtime's code. (A plugin that overrides a runtime symbol makes a load link the bitcode; its
     * bitcode keys the entry already.) Fails as a load would when the property names a level this
     * host lacks.
     */
    public static String runtimeForm() {
        return PrebuiltRuntime.chosenLevel().map(l -> "prebuilt " + l).orElse("linked bitcode");
    }

    /** The prebuilt runtime this host and these options use, or null when the runtime bitcode is linked in. */
    static PrebuiltRuntime prebuiltFor(LoadOptions options) {
        return PrebuiltRuntime.forHost().filter(p -> p.serves(options)).orElse(null);
    }

    /** The runtime bitcode to link in: none beside {@code prebuilt}. */
    private static byte[] linkedBitcode(PrebuiltRuntime prebuilt) {
        return prebuilt != null ? null : ModelLinker.runtimeBitcode();
    }

    /** {@link #loadJit(byte[], LoadOptions)} with {@code prebuilt}, or with {@code runtimeBitcode} linked in when it is null. */
    static LoadedModel loadJit(byte[] modelBitcode, byte[] runtimeBitcode, PrebuiltRuntime prebuilt,
            LoadOptions options) {
        List<LibrarySearch.Found> libraries = options.libraries().resolve();
        OrcJit jit = new OrcJit();
        LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
        try {
            LLVMContextRef ctx = LLVMOrcThreadSafeContextGetContext(tsc);
            ModelLinker.Linked linked = link(ctx, modelBitcode, runtimeBitcode, prebuilt, options);
            try {
                jit.addLibraries(libraries);
                jit.requireResolvable(ModelLinker.undefined(linked, prebuilt));
                if (prebuilt != null) {
                    jit.addObject(prebuilt.object(), "hipep-runtime-" + prebuilt.level(),
                            "adding the prebuilt runtime (" + prebuilt.level() + ")");
                }
            } catch (RuntimeException e) {
                linked.dispose();
                throw e;
            }
            for (ModelLinker.Part part : linked.parts()) {
                OrcJit.check(LLVMOrcLLJITAddLLVMIRModule(jit.jit(), jit.dylib(),
                        LLVMOrcCreateNewThreadSafeModule(part.module(), tsc)), "adding the module of '"
                        + part.contributor() + "' to the JIT");
            }
            return new LoadedModel(jit, prebuilt == null ? "the JIT-compiled model"
                    : "the JIT-compiled model (with the prebuilt " + prebuilt.level() + " runtime)");
        } catch (RuntimeException e) {
            jit.close();
            throw e;
        } finally {
            LLVMOrcDisposeThreadSafeContext(tsc);
        }
    }

    private static ModelLinker.Linked link(LLVMContextRef ctx, byte[] modelBitcode, byte[] runtimeBitcode,
            PrebuiltRuntime prebuilt, LoadOptions options) {
        return prebuilt != null ? ModelLinker.linkBeside(ctx, modelBitcode, prebuilt, options)
                : ModelLinker.link(ctx, modelBitcode, runtimeBitcode, options);
    }

    /**
     * The model with the runtime, and each plugin's bitcode, linked and optimised as {@link #loadJit}
     * does and compiled for this host to one object file each (the model's first): what the
     * compile cache keeps, so that {@link #loadObjects} skips parsing, linking, optimising and code
     * generation. With a {@link PrebuiltRuntime}, the model's object is the model's code linked by
     * {@code ld.lld -r --gc-sections} with the runtime functions it reaches (a few hundred KB of
     * the object's 5 MB). Unresolved symbols fail here as in {@link #loadJit}.
     */
    public static List<byte[]> compileObjects(byte[] modelBitcode, LoadOptions options) {
        PrebuiltRuntime prebuilt = prebuiltFor(options);
        return compileObjects(modelBitcode, linkedBitcode(prebuilt), prebuilt, options);
    }

    static List<byte[]> compileObjects(byte[] modelBitcode, byte[] runtimeBitcode, LoadOptions options) {
        return compileObjects(modelBitcode, runtimeBitcode, null, options);
    }

    /** {@link #compileObjects(byte[], LoadOptions)} with {@code prebuilt}, or with {@code runtimeBitcode} linked in when it is null. */
    static List<byte[]> compileObjects(byte[] modelBitcode, byte[] runtimeBitcode, PrebuiltRuntime prebuilt,
            LoadOptions options) {
        return withLinked(modelBitcode, runtimeBitcode, prebuilt, options, (linked, libraries) -> {
            List<byte[]> objects = new ArrayList<>();
            for (ModelLinker.Part part : linked.parts()) {
                objects.add(NativeArtifact.emitObject(part.module(), options.optLevel()));
            }
            if (prebuilt != null) {
                Set<String> roots = ModelLinker.keep(
                        ModelLinker.externalDefinitions(linked.main().module()).keySet(), linked.parts());
                objects.set(0, NativeArtifact.linkRelocatable(objects.get(0), prebuilt.object(), roots));
            }
            return objects;
        });
    }

    /** What to make of the linked model, given the resolved libraries. */
    private interface LinkedWork<T> {
        T apply(ModelLinker.Linked linked, List<LibrarySearch.Found> libraries);
    }

    /**
     * Links the model with the runtime and plugin bitcode in a fresh context, checks that every
     * symbol left undefined resolves against the libraries (as {@link #loadJit} does), hands the
     * result to {@code work} and disposes of it.
     */
    private static <T> T withLinked(byte[] modelBitcode, byte[] runtimeBitcode, PrebuiltRuntime prebuilt,
            LoadOptions options, LinkedWork<T> work) {
        List<LibrarySearch.Found> libraries = options.libraries().resolve();
        LLVMContextRef ctx = LLVMContextCreate();
        try {
            ModelLinker.Linked linked = link(ctx, modelBitcode, runtimeBitcode, prebuilt, options);
            try {
                try (OrcJit probe = new OrcJit()) {
                    probe.addLibraries(libraries);
                    probe.requireResolvable(ModelLinker.undefined(linked, prebuilt));
                }
                return work.apply(linked, libraries);
            } finally {
                linked.dispose();
            }
        } finally {
            LLVMContextDispose(ctx);
        }
    }

    /**
     * Loads the object files {@link #compileObjects} made (on this host) into a fresh ORC LLJIT
     * with the libraries of {@code options}.
     */
    public static LoadedModel loadObjects(List<byte[]> objects, LoadOptions options) {
        List<LibrarySearch.Found> libraries = options.libraries().resolve();
        OrcJit jit = new OrcJit();
        try {
            jit.addLibraries(libraries);
            for (int i = 0; i < objects.size(); i++) {
                jit.addObject(objects.get(i), "model-object-" + i, "adding object " + i + " of the compiled model");
            }
            return new LoadedModel(jit, "the compiled model's objects");
        } catch (RuntimeException e) {
            jit.close();
            throw e;
        }
    }

    /**
     * Writes the model, the runtime and the plugin bitcode, merged into one module and compiled
     * for this host (with a {@link PrebuiltRuntime}: the model and plugins compiled, then linked
     * with the runtime functions they reach), as a shared library {@code so} (atomically: a
     * temporary file beside it, then a move), linked with the bundled {@code ld.lld} against
     * OpenBLAS, oneDNN and the plugin libraries.
     */
    public static void writeNative(byte[] modelBitcode, LoadOptions options, Path so) {
        PrebuiltRuntime prebuilt = prebuiltFor(options);
        writeNative(modelBitcode, linkedBitcode(prebuilt), prebuilt, options, so);
    }

    static void writeNative(byte[] modelBitcode, byte[] runtimeBitcode, LoadOptions options, Path so) {
        writeNative(modelBitcode, runtimeBitcode, null, options, so);
    }

    private static void writeNative(byte[] modelBitcode, byte[] runtimeBitcode, PrebuiltRuntime prebuilt,
            LoadOptions options, Path so) {
        withLinked(modelBitcode, runtimeBitcode, prebuilt, options, (linked, libraries) -> {
            NativeArtifact.write(linked, options.optLevel(), libraries, so, prebuilt);
            return null;
        });
    }

    /**
     * Loads a {@code .so} that {@link #writeNative} wrote. Its plugin libraries, OpenBLAS and
     * oneDNN are found through the run paths written into it; OpenBLAS and oneDNN are loaded
     * through JavaCPP first (their kernel-set and OpenMP wait-policy choices happen before they
     * load, and JavaCPP re-extracts them if its cache was cleared). {@code options} is kept for
     * symmetry with the JIT (its libraries are resolved, so a missing one fails here too).
     */
    public static LoadedModel loadNative(Path so, LoadOptions options) {
        if (!Files.isRegularFile(so)) {
            throw new RuntimeFailure("native model " + so + " does not exist");
        }
        options.libraries().resolve();
        OpenBlasLibrary.path();
        DnnlLibrary.path();
        return new LoadedModel(NativeLibrary.open(so.toAbsolutePath()), "native model " + so);
    }
}
