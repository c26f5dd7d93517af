package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;

/**
 * A strided memref layout: {@code strided<[?, 1], offset: ?>}. {@link ShapedType#DYNAMIC}
 * marks a dynamic stride or offset.
 *
 * @param offset the element offset
 * @param strides one stride per dimension, in elements
 */
public record StridedLayoutAttr(long offset, List<Long> strides) implements Attribute {
    public StridedLayoutAttr {
        strides = List.copyOf(strides);
    }
}
