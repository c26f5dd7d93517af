package org.hipep.dialects.hip;

import org.hipep.ir.DialectType;

/**
 * {@code !hip.context}: the opaque run-time state a device function receives as its first
 * argument (hip-ep-contracts §4.4: {@code @main_graph(state, inputs)}); the pool and output
 * allocation reach the runtime through it. {@code hip-add-context-arg} inserts it.
 */
public record ContextType() implements DialectType {
    /** The one instance (the type has no parameters). */
    public static final ContextType INSTANCE = new ContextType();

    /** The keyword after {@code !hip.}. */
    static final String KEYWORD = "context";

    @Override
    public String dialectNamespace() {
        return HipDialect.NAMESPACE;
    }

    @Override
    public String toString() {
        return "!hip." + KEYWORD;
    }
}
