package org.hipep.ir.builtin;

import org.hipep.ir.Location;

/**
 * A location inside a callee as reached from a caller:
 * {@code loc(callsite("f.mlir":1:1 at "main.mlir":9:3))}.
 *
 * @param callee where in the callee
 * @param caller the call site
 */
public record CallSiteLoc(Location callee, Location caller) implements Location {
}
