package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Type;

/**
 * {@code tensor<*xf32>}.
 *
 * @param elementType element type
 */
public record UnrankedTensorType(Type elementType) implements ShapedType {
    public UnrankedTensorType {
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
        throw new IllegalStateException("shape of an unranked tensor");
    }
}
