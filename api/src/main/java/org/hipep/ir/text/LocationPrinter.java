package org.hipep.ir.text;

import org.hipep.ir.Location;
import org.hipep.ir.builtin.CallSiteLoc;
import org.hipep.ir.builtin.FileLineColLoc;
import org.hipep.ir.builtin.FusedLoc;
import org.hipep.ir.builtin.NameLoc;

/** Location helpers for diagnostics. */
public final class LocationPrinter {
    private LocationPrinter() {
    }

    /** {@code loc(...)} text of a location. */
    public static String print(Location l) {
        return AttrTypePrinter.attributeToString(l);
    }

    /**
     * The first file position inside a location: itself, a named location's child, a call
     * site's callee, or a fused location's first element with one; {@code null} when none.
     */
    public static FileLineColLoc firstFilePosition(Location l) {
        if (l instanceof FileLineColLoc f) {
            return f;
        }
        if (l instanceof NameLoc n) {
            return firstFilePosition(n.child());
        }
        if (l instanceof CallSiteLoc c) {
            return firstFilePosition(c.callee());
        }
        if (l instanceof FusedLoc f) {
            for (Location x : f.locations()) {
                FileLineColLoc p = firstFilePosition(x);
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }
}
