package org.hipep.ir.builtin;

import org.hipep.ir.Type;

/** The target-sized integer used for sizes, dimensions and indices ({@code index}). */
public record IndexType() implements Type {
    /** The one instance. */
    public static final IndexType INSTANCE = new IndexType();

    @Override
    public String toString() {
        return "index";
    }
}
