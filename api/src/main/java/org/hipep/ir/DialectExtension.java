package org.hipep.ir;

import java.util.Set;
import java.util.function.Consumer;

/**
 * Code that runs in a context once all the dialects it needs are loaded (MLIR's dialect
 * extensions): the place to attach external interface models to ops of another dialect.
 * Runs at most once per context, on the thread that loaded the last required dialect.
 */
public interface DialectExtension {
    /** Namespaces that must all be loaded before {@link #apply} runs. */
    Set<String> requiredDialects();

    /** Does the extension's work; the required dialects are loaded. */
    void apply(Context context);

    /** An extension from a set of namespaces and a callback. */
    static DialectExtension of(Set<String> requiredDialects, Consumer<Context> apply) {
        Set<String> required = Set.copyOf(requiredDialects);
        return new DialectExtension() {
            @Override
            public Set<String> requiredDialects() {
                return required;
            }

            @Override
            public void apply(Context context) {
                apply.accept(context);
            }
        };
    }
}
