package org.hipep.ir.builtin;

import org.hipep.ir.Attribute;

/**
 * One entry of an attribute dictionary.
 *
 * @param name the key
 * @param value the attribute
 */
public record NamedAttribute(String name, Attribute value) {
}
