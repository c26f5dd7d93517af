package org.hipep.ir;

/**
 * An IR attribute: an immutable compile-time value attached to an operation (integers, strings,
 * dense tensors, symbol references, locations, ...). Like {@link Type}s, attributes have
 * structural equality and are interned by the {@link Context} that parses them.
 *
 * <p>Builtin attributes live in {@code org.hipep.ir.builtin}; dialect attributes implement
 * {@link DialectAttribute} and print as {@code #namespace.body}.
 */
public interface Attribute {
}
