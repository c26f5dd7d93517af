package org.hipep.ir.builtin;

import org.hipep.ir.Type;

/** The unit type {@code none}. */
public record NoneType() implements Type {
    /** The one instance. */
    public static final NoneType INSTANCE = new NoneType();

    @Override
    public String toString() {
        return "none";
    }
}
