package org.hipep.ir.builtin;

import org.hipep.ir.Location;

/**
 * A named location {@code loc("conv1"("model.onnx":0:0))}, e.g. an ONNX node name; the child is
 * {@link UnknownLoc} when absent.
 *
 * @param name the name
 * @param child the location the name refines
 */
public record NameLoc(String name, Location child) implements Location {
    public NameLoc {
        if (child == null) {
            child = UnknownLoc.INSTANCE;
        }
    }
}
