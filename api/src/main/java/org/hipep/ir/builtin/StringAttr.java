package org.hipep.ir.builtin;

import org.hipep.ir.Attribute;

/**
 * A string constant ({@code "text"}). MLIR strings are byte strings; here they are Java strings
 * holding the UTF-8 decoded text (bytes that are not UTF-8 are kept as U+FFFD).
 *
 * @param value the text
 */
public record StringAttr(String value) implements Attribute {
    public StringAttr {
        if (value == null) {
            throw new IllegalArgumentException("value is required");
        }
    }
}
