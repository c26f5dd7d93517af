package org.hipep.ir.builtin;

import org.hipep.ir.Type;
import org.hipep.ir.TypedAttribute;

/**
 * An i1 constant, printed {@code true} / {@code false}.
 *
 * @param value the value
 */
public record BoolAttr(boolean value) implements TypedAttribute {
    public static final BoolAttr TRUE = new BoolAttr(true);
    public static final BoolAttr FALSE = new BoolAttr(false);

    /** The attribute for a value. */
    public static BoolAttr of(boolean value) {
        return value ? TRUE : FALSE;
    }

    @Override
    public Type type() {
        return IntegerType.I1;
    }
}
