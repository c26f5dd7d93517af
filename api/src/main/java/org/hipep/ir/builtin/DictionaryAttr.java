package org.hipep.ir.builtin;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.hipep.ir.Attribute;

/**
 * A dictionary of named attributes, kept sorted by name as MLIR does ({@code {a = 1, b}}).
 */
public final class DictionaryAttr implements Attribute {
    /** The empty dictionary. */
    public static final DictionaryAttr EMPTY = new DictionaryAttr(new TreeMap<>());

    private final SortedMap<String, Attribute> entries;

    private DictionaryAttr(SortedMap<String, Attribute> entries) {
        this.entries = Collections.unmodifiableSortedMap(entries);
    }

    /** A dictionary of the given entries (sorted by name). */
    public static DictionaryAttr of(Map<String, ? extends Attribute> entries) {
        if (entries.isEmpty()) {
            return EMPTY;
        }
        TreeMap<String, Attribute> copy = new TreeMap<>();
        entries.forEach((k, v) -> {
            if (k == null || v == null) {
                throw new IllegalArgumentException("null name or value in dictionary");
            }
            copy.put(k, v);
        });
        return new DictionaryAttr(copy);
    }

    /** A dictionary of named attributes; a duplicate name is an error. */
    public static DictionaryAttr of(List<NamedAttribute> named) {
        TreeMap<String, Attribute> copy = new TreeMap<>();
        for (NamedAttribute n : named) {
            if (copy.put(n.name(), n.value()) != null) {
                throw new IllegalArgumentException("duplicate key '" + n.name() + "' in dictionary attribute");
            }
        }
        return copy.isEmpty() ? EMPTY : new DictionaryAttr(copy);
    }

    /** The entries, sorted by name. */
    public SortedMap<String, Attribute> entries() {
        return entries;
    }

    /** The value for a name, or {@code null}. */
    public Attribute get(String name) {
        return entries.get(name);
    }

    /** Whether the dictionary is empty. */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The number of entries. */
    public int size() {
        return entries.size();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DictionaryAttr d && d.entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "DictionaryAttr" + entries;
    }
}
