package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;

/**
 * An ordered list of attributes ({@code [1 : i64, "a"]}).
 *
 * @param elements the elements
 */
public record ArrayAttr(List<Attribute> elements) implements Attribute {
    public ArrayAttr {
        elements = List.copyOf(elements);
    }

    /** The number of elements. */
    public int size() {
        return elements.size();
    }

    /** Element {@code i}. */
    public Attribute get(int i) {
        return elements.get(i);
    }
}
