package org.hipep.runtime.jit;

import java.nio.file.Path;

/**
 * A native model's {@code .so} opened by the dynamic loader, through {@link NativeCalls}: loading
 * a model from the cache in the native format then needs no LLVM, which is only the compiler's
 * (a fresh JVM's peak resident memory with mnist-8 or bert-layer from the cache: 40-48 MB less,
 * docs/BENCHMARKS.md, thirtieth round).
 *
 * <p>Opened as the ORC dynamic library search generator that loaded these models before opened
 * them ({@code dlopen(RTLD_LAZY | RTLD_GLOBAL)}, never closed): a plugin library among the
 * {@code .so}'s dependencies may call runtime functions the model exports, which bind when first
 * called. Symbols are looked up in this library's own handle ({@code dlsym}: the library, then its
 * dependencies), never process-wide, so that each model finds its own {@code inference_compute}.
 */
final class NativeLibrary implements CodeSymbols {
    private final long handle;

    private NativeLibrary(long handle) {
        this.handle = handle;
    }

    /** Opens {@code so} (an absolute path); fails with the loader's message. */
    static NativeLibrary open(Path so) {
        long[] handle = new long[1];
        String why = NativeCalls.dlopen(so.toString(), true, handle);
        if (why != null || handle[0] == 0) {
            throw new RuntimeFailure("loading the native model " + so + " failed: " + why);
        }
        return new NativeLibrary(handle[0]);
    }

    @Override
    public long lookup(String name) {
        return NativeCalls.dlsym(handle, name);
    }

    /** Nothing to free: the library stays loaded for the process's life, as before (see the class comment). */
    @Override
    public void close() {
    }
}
