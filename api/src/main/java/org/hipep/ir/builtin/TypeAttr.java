package org.hipep.ir.builtin;

import org.hipep.ir.Attribute;
import org.hipep.ir.Type;

/**
 * A type used as an attribute ({@code function_type = (i32) -> ()}).
 *
 * @param value the type
 */
public record TypeAttr(Type value) implements Attribute {
    public TypeAttr {
        if (value == null) {
            throw new IllegalArgumentException("value is required");
        }
    }
}
