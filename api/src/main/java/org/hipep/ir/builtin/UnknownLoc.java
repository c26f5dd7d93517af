package org.hipep.ir.builtin;

import org.hipep.ir.Location;

/** No location information ({@code loc(unknown)}). */
public record UnknownLoc() implements Location {
    /** The one instance. */
    public static final UnknownLoc INSTANCE = new UnknownLoc();
}
