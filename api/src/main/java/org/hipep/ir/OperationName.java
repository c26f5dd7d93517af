package org.hipep.ir;

/**
 * The name of an operation ({@code dialect.op}) and, when the op is registered, its definition.
 *
 * <p>Obtained from {@link Context#operationName(String)}; the name carries its context, so every
 * operation knows where to send its diagnostics.
 *
 * @param name the full name, e.g. {@code func.return}
 * @param context the context the op belongs to
 * @param definition the registered definition, or {@code null} for an unregistered op
 */
public record OperationName(String name, Context context, OpDefinition definition) {
    public OperationName {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("an operation needs a name");
        }
        if (context == null) {
            throw new IllegalArgumentException("an operation name needs a context");
        }
    }

    /** Whether a dialect registered this op. */
    public boolean isRegistered() {
        return definition != null;
    }

    /** The dialect namespace: the text before the first dot ({@code ""} when there is none). */
    public String dialectNamespace() {
        int dot = name.indexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    /** The name without the dialect prefix. */
    public String stripDialect() {
        int dot = name.indexOf('.');
        return dot < 0 ? name : name.substring(dot + 1);
    }

    @Override
    public String toString() {
        return name;
    }
}
