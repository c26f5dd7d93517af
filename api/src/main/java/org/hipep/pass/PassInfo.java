package org.hipep.pass;

import java.util.Objects;
import java.util.function.Supplier;
import org.hipep.pass.options.PassOptions;

/**
 * A pass registered in a {@link PassRegistry}.
 *
 * @param argument the textual name ({@code cse})
 * @param description the one-line description
 * @param owner who registered it (a plugin or module name), for collision messages
 * @param factory creates a new instance on each call
 */
public record PassInfo(String argument, String description, String owner, Supplier<? extends Pass> factory) {

    /** Validates the components. */
    public PassInfo {
        Objects.requireNonNull(argument, "argument");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(factory, "factory");
    }

    /** A new instance of the pass, with default options. */
    public Pass create() {
        return factory.get();
    }

    /** The options of a new instance, with their defaults (for {@code --help}). */
    public PassOptions defaultOptions() {
        return create().options();
    }
}
