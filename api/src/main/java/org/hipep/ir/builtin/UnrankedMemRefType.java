package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;

/**
 * {@code memref<*xf32>} with an optional memory space.
 *
 * @param elementType element type
 * @param memorySpace {@code null} for the default space
 */
public record UnrankedMemRefType(Type elementType, Attribute memorySpace) implements ShapedType {
    public UnrankedMemRefType {
        if (elementType == null) {
            throw new IllegalArgumentException("element type is required");
        }
    }

    @Override
    public boolean hasRank() {
        return false;
    }

    @Override
    public List<Long> shape() {
        throw new IllegalStateException("shape of an unranked memref");
    }
}
