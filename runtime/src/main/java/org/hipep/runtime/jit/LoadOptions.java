package org.hipep.runtime.jit;

import java.util.List;
import java.util.Objects;

/**
 * How a model is loaded.
 *
 * @param optLevel LLVM optimisation level 0..3 of the model (and of the runtime when its bitcode is
 *     linked in; a {@link PrebuiltRuntime} was compiled at -O3)
 * @param bitcode plugin bitcode, linked in this order after the runtime
 * @param libraries plugin libraries and where to find them
 * @param internalizeRuntime whether runtime symbols nobody outside the module needs become
 *     internal (so that unused kernels are dropped) when the runtime bitcode is linked in; off
 *     only to measure or debug
 */
public record LoadOptions(int optLevel, List<RuntimeBitcode> bitcode, LibrarySearch libraries,
        boolean internalizeRuntime) {
    /** Checks the components and copies the list. */
    public LoadOptions {
        if (optLevel < 0 || optLevel > 3) {
            throw new IllegalArgumentException("optimisation level " + optLevel + " is not one of 0..3");
        }
        bitcode = List.copyOf(bitcode);
        Objects.requireNonNull(libraries, "libraries");
    }

    /** Options that internalize the runtime. */
    public LoadOptions(int optLevel, List<RuntimeBitcode> bitcode, LibrarySearch libraries) {
        this(optLevel, bitcode, libraries, true);
    }

    /** O2, no plugin bitcode, no plugin libraries. */
    public static LoadOptions defaults() {
        return new LoadOptions(2, List.of(), LibrarySearch.none());
    }

    /** These options at another optimisation level. */
    public LoadOptions withOptLevel(int level) {
        return new LoadOptions(level, bitcode, libraries, internalizeRuntime);
    }

    /** These options with {@code more} plugin bitcode after the current. */
    public LoadOptions withBitcode(RuntimeBitcode more) {
        List<RuntimeBitcode> all = new java.util.ArrayList<>(bitcode);
        all.add(more);
        return new LoadOptions(optLevel, all, libraries, internalizeRuntime);
    }

    /** These options with other libraries. */
    public LoadOptions withLibraries(LibrarySearch search) {
        return new LoadOptions(optLevel, bitcode, search, internalizeRuntime);
    }

    /** These options with runtime internalization on or off. */
    public LoadOptions withInternalizeRuntime(boolean on) {
        return new LoadOptions(optLevel, bitcode, libraries, on);
    }
}
