package org.hipep.ir.builtin;

import org.hipep.ir.DialectAttribute;

/**
 * An attribute of a dialect that is not loaded ({@code #foo.bar<...>} with
 * allow-unregistered-dialects), kept as text so that it round-trips.
 *
 * @param dialectNamespace the dialect the attribute claims to belong to
 * @param body the text after {@code #namespace.}
 */
public record OpaqueAttr(String dialectNamespace, String body) implements DialectAttribute {
}
