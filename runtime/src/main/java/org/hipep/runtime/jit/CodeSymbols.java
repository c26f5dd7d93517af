package org.hipep.runtime.jit;

/**
 * Where a loaded model's code is and what frees it: an ORC LLJIT ({@link OrcJit}) for the JIT's
 * forms, the dynamic loader ({@link NativeLibrary}) for a native {@code .so}.
 */
interface CodeSymbols extends AutoCloseable {
    /** The address of {@code name} in the model, its runtime, its plugins or the process; 0 when nothing defines it. */
    long lookup(String name);

    /** Frees what the model's code took (a native library stays loaded: see {@link NativeLibrary}). */
    @Override
    void close();
}
