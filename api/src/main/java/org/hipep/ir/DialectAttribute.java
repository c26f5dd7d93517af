package org.hipep.ir;

/**
 * An attribute defined by a dialect. It prints as {@code #<namespace>.<body>}, where the body is
 * written by the owning dialect's {@link Dialect#printAttribute} and read back by
 * {@link Dialect#parseAttribute}.
 */
public interface DialectAttribute extends Attribute {
    /** The namespace of the dialect that owns this attribute. */
    String dialectNamespace();
}
