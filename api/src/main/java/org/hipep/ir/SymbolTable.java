package org.hipep.ir;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;

/**
 * The symbols defined directly in the region of a symbol-table op (e.g. {@code builtin.module}):
 * ops with a {@code sym_name} string attribute. Built once and kept up to date through
 * {@link #insert} and {@link #erase}.
 */
public final class SymbolTable {
    /** The attribute that names a symbol. */
    public static final String SYMBOL_ATTR = "sym_name";
    /** The attribute that gives a symbol's visibility ({@code public}, {@code private}, {@code nested}). */
    public static final String VISIBILITY_ATTR = "sym_visibility";

    private final Operation tableOp;
    private final Map<String, Operation> symbols = new LinkedHashMap<>();

    /**
     * Collects the symbols of {@code tableOp}'s single-block region.
     *
     * @throws IllegalArgumentException when two ops define the same name (the verifier reports
     *     this as a diagnostic; this constructor is for valid IR)
     */
    public SymbolTable(Operation tableOp) {
        this.tableOp = tableOp;
        if (tableOp.numRegions() != 1) {
            throw new IllegalArgumentException("'" + tableOp.name() + "' does not have exactly one region");
        }
        for (Block b : tableOp.region(0).blocks()) {
            for (Operation op : b) {
                String name = symbolName(op);
                if (name != null && symbols.putIfAbsent(name, op) != null) {
                    throw new IllegalArgumentException("redefinition of symbol named '" + name + "'");
                }
            }
        }
    }

    /** The symbol name an op defines, or {@code null}. */
    public static String symbolName(Operation op) {
        Attribute a = op.attribute(SYMBOL_ATTR);
        return a instanceof StringAttr s ? s.value() : null;
    }

    /** The op that owns this table. */
    public Operation op() {
        return tableOp;
    }

    /** The op defining {@code name} directly in this table, or {@code null}. */
    public Operation lookup(String name) {
        return symbols.get(name);
    }

    /** The symbols by name, in definition order. */
    public Map<String, Operation> symbols() {
        return java.util.Collections.unmodifiableMap(symbols);
    }

    /**
     * Inserts a detached symbol op at the end of the table's block (before a terminator),
     * renaming it with a numeric suffix when the name is taken; returns the final name.
     */
    public String insert(Operation symbol) {
        String name = symbolName(symbol);
        if (name == null) {
            throw new IllegalArgumentException("'" + symbol.name() + "' has no " + SYMBOL_ATTR);
        }
        String unique = name;
        for (int i = 0; symbols.containsKey(unique); i++) {
            unique = name + "_" + i;
        }
        if (!unique.equals(name)) {
            symbol.setAttribute(SYMBOL_ATTR, new StringAttr(unique));
        }
        Block body = tableOp.region(0).front();
        Operation term = body.terminator();
        body.insertBefore(term, symbol);
        symbols.put(unique, symbol);
        return unique;
    }

    /** Erases a symbol op of this table. */
    public void erase(Operation symbol) {
        String name = symbolName(symbol);
        if (name != null && symbols.get(name) == symbol) {
            symbols.remove(name);
        }
        symbol.erase();
    }

    /**
     * Resolves a (possibly nested) symbol reference starting from the nearest symbol table that
     * encloses {@code from} (or is {@code from}), or {@code null} when not found. Each table's ops
     * are scanned; a {@link SymbolTableCollection} reads each table once for many lookups.
     */
    public static Operation lookupNearestSymbolFrom(Operation from, SymbolRefAttr ref) {
        return lookupNearestSymbolFrom(from, ref, SymbolTable::lookupDirect);
    }

    /** Resolves {@code ref} inside {@code table} (nested references walk nested tables). */
    public static Operation lookupIn(Operation table, SymbolRefAttr ref) {
        return lookupIn(table, ref, SymbolTable::lookupDirect);
    }

    /** {@link #lookupNearestSymbolFrom(Operation, SymbolRefAttr)}, {@code direct} finding a name in one table. */
    static Operation lookupNearestSymbolFrom(Operation from, SymbolRefAttr ref,
            BiFunction<Operation, String, Operation> direct) {
        Operation table = from.hasTrait(OpTrait.SymbolTable.class) ? from : from.parentWithTrait(OpTrait.SymbolTable.class);
        while (table != null) {
            Operation found = lookupIn(table, ref, direct);
            if (found != null) {
                return found;
            }
            table = table.parentWithTrait(OpTrait.SymbolTable.class);
        }
        return null;
    }

    private static Operation lookupIn(Operation table, SymbolRefAttr ref,
            BiFunction<Operation, String, Operation> direct) {
        Operation cur = direct.apply(table, ref.rootReference());
        for (String nested : ref.nestedReferences()) {
            if (cur == null || !cur.hasTrait(OpTrait.SymbolTable.class)) {
                return null;
            }
            cur = direct.apply(cur, nested);
        }
        return cur;
    }

    private static Operation lookupDirect(Operation table, String name) {
        if (table.numRegions() == 0 || table.region(0).isEmpty()) {
            return null;
        }
        for (Operation op : table.region(0).front()) {
            if (name.equals(symbolName(op))) {
                return op;
            }
        }
        return null;
    }

    /**
     * The symbols {@link #lookupDirect} finds in {@code table}, by name: the first op of each name
     * in its region's first block (none without one). Unlike the constructor, a name defined twice
     * is no error here: the verifier reports it.
     */
    static Map<String, Operation> symbolsOf(Operation table) {
        Map<String, Operation> out = new HashMap<>();
        if (table.numRegions() == 0 || table.region(0).isEmpty()) {
            return out;
        }
        for (Operation op : table.region(0).front()) {
            String name = symbolName(op);
            if (name != null) {
                out.putIfAbsent(name, op);
            }
        }
        return out;
    }
}
