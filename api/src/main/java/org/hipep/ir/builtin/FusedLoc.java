package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;

/**
 * Several locations fused into one, with optional metadata:
 * {@code loc(fused<"pass">["a.mlir":1:1, "b.mlir":2:2])}.
 *
 * @param locations the fused locations
 * @param metadata an attribute describing the fusion, or {@code null}
 */
public record FusedLoc(List<Location> locations, Attribute metadata) implements Location {
    public FusedLoc {
        locations = List.copyOf(locations);
    }
}
