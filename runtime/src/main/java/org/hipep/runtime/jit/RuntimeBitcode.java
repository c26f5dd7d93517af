package org.hipep.runtime.jit;

import java.util.Objects;
import java.util.Set;

/**
 * A plugin's bitcode contribution to the runtime: kernels or helpers added beside the C runtime.
 * A symbol it defines that the model, the runtime or an earlier contribution also defines is an
 * error naming both contributors, unless the symbol is in {@code overrides}: then this
 * definition wins and the earlier one is renamed away before linking.
 *
 * @param contributor who contributes it (a plugin id), for messages
 * @param bitcode LLVM bitcode
 * @param overrides symbols this contribution deliberately redefines
 */
public record RuntimeBitcode(String contributor, byte[] bitcode, Set<String> overrides) {
    /** Checks the components and copies {@code overrides}. */
    public RuntimeBitcode {
        Objects.requireNonNull(contributor, "contributor");
        Objects.requireNonNull(bitcode, "bitcode");
        overrides = Set.copyOf(overrides);
    }

    /** A contribution that overrides nothing. */
    public static RuntimeBitcode of(String contributor, byte[] bitcode) {
        return new RuntimeBitcode(contributor, bitcode, Set.of());
    }
}
