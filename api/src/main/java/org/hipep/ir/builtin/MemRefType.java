package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;

/**
 * {@code memref<4x?xf32>}, optionally with a layout ({@code strided<[?, 1], offset: ?>}) and a
 * memory space ({@code memref<4xf32, 1>}).
 *
 * @param shape dimensions, {@link ShapedType#DYNAMIC} for {@code ?}
 * @param elementType element type
 * @param layout {@code null} for the identity layout, else a layout attribute such as
 *     {@link StridedLayoutAttr}
 * @param memorySpace {@code null} for the default space, else an attribute
 */
public record MemRefType(List<Long> shape, Type elementType, Attribute layout, Attribute memorySpace)
        implements ShapedType {
    public MemRefType {
        shape = ShapedType.checkShape(shape);
        if (elementType == null) {
            throw new IllegalArgumentException("element type is required");
        }
    }

    /** An identity-layout memref in the default memory space. */
    public static MemRefType of(List<Long> shape, Type elementType) {
        return new MemRefType(shape, elementType, null, null);
    }

    @Override
    public boolean hasRank() {
        return true;
    }

    /** Whether the layout is the identity (row-major, offset 0). */
    public boolean hasIdentityLayout() {
        return layout == null;
    }
}
