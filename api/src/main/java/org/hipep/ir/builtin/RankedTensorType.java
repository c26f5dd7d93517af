package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;

/**
 * {@code tensor<2x?x4xf32>} with an optional encoding attribute
 * ({@code tensor<4xf32, #enc>}).
 *
 * @param shape dimensions, {@link ShapedType#DYNAMIC} for {@code ?}
 * @param elementType element type
 * @param encoding the encoding attribute or {@code null}
 */
public record RankedTensorType(List<Long> shape, Type elementType, Attribute encoding) implements ShapedType {
    public RankedTensorType {
        shape = ShapedType.checkShape(shape);
        if (elementType == null) {
            throw new IllegalArgumentException("element type is required");
        }
    }

    /** A tensor type without encoding. */
    public static RankedTensorType of(List<Long> shape, Type elementType) {
        return new RankedTensorType(shape, elementType, null);
    }

    /** A tensor type without encoding. */
    public static RankedTensorType of(Type elementType, long... shape) {
        return new RankedTensorType(java.util.Arrays.stream(shape).boxed().toList(), elementType, null);
    }

    @Override
    public boolean hasRank() {
        return true;
    }
}
