package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;

/**
 * A reference to a symbol, possibly nested in symbol tables: {@code @f} (flat) or
 * {@code @module::@f}.
 *
 * @param rootReference the first (outermost) name
 * @param nestedReferences the names that follow, outermost first
 */
public record SymbolRefAttr(String rootReference, List<String> nestedReferences) implements Attribute {
    public SymbolRefAttr {
        if (rootReference == null) {
            throw new IllegalArgumentException("root reference is required");
        }
        nestedReferences = List.copyOf(nestedReferences);
    }

    /** A flat reference {@code @name}. */
    public static SymbolRefAttr flat(String name) {
        return new SymbolRefAttr(name, List.of());
    }

    /** Whether this is a flat reference. */
    public boolean isFlat() {
        return nestedReferences.isEmpty();
    }

    /** The innermost name. */
    public String leafReference() {
        return nestedReferences.isEmpty() ? rootReference : nestedReferences.get(nestedReferences.size() - 1);
    }
}
