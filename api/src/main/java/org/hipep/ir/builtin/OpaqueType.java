package org.hipep.ir.builtin;

import org.hipep.ir.DialectType;

/**
 * A type of a dialect that is not loaded ({@code !foo.bar<...>} with
 * allow-unregistered-dialects). It keeps its body text verbatim so that it round-trips.
 *
 * @param dialectNamespace the dialect the type claims to belong to
 * @param body the text after {@code !namespace.}
 */
public record OpaqueType(String dialectNamespace, String body) implements DialectType {
}
