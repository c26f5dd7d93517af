package org.hipep.ir;

/**
 * An IR type. Types are immutable values with structural equality: two types that print the
 * same are {@code equals}. A {@link Context} interns the types it parses so that equal types
 * usually share one instance, but code must compare with {@code equals}, never {@code ==}.
 *
 * <p>Builtin types live in {@code org.hipep.ir.builtin}. A dialect defines its own types by
 * implementing {@link DialectType}; they print as {@code !namespace.body}.
 */
public interface Type {
}
