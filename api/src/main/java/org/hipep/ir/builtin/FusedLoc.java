package org.hipep.ir.builtin;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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

    /**
     * The location of an op that stands for several (a fusion), as MLIR's {@code
     * FusedLoc::get(locs)}: fused locations without metadata are flattened into their parts,
     * unknown ones and repeats are dropped; one location left is returned as it is, none is
     * {@link UnknownLoc}.
     */
    public static Location of(List<? extends Location> locations) {
        Set<Location> parts = new LinkedHashSet<>();
        for (Location l : locations) {
            if (l instanceof FusedLoc f && f.metadata() == null) {
                parts.addAll(f.locations());
            } else if (!(l instanceof UnknownLoc)) {
                parts.add(l);
            }
        }
        return parts.isEmpty() ? UnknownLoc.INSTANCE
                : parts.size() == 1 ? parts.iterator().next() : new FusedLoc(new ArrayList<>(parts), null);
    }
}
