package org.hipep.ir;

/**
 * A type defined by a dialect. It prints as {@code !<namespace>.<body>}, where the body is
 * written by the owning dialect's {@link Dialect#printType} and read back by
 * {@link Dialect#parseType}.
 */
public interface DialectType extends Type {
    /** The namespace of the dialect that owns this type. */
    String dialectNamespace();
}
