package org.hipep.ir;

import java.util.IdentityHashMap;
import java.util.Map;
import org.hipep.ir.builtin.SymbolRefAttr;

/**
 * Symbol lookups over IR that does not change while they run, each symbol table's ops read once
 * (as MLIR's {@code SymbolTableCollection}). {@link SymbolTable#lookupNearestSymbolFrom} scans the
 * table's ops at every call, so verifying a module whose ops each name a symbol of it took time
 * that grows with the square of the module's size; the {@link Verifier} keeps one collection per
 * run for the ops' {@link SymbolUseVerifier}s. An op added, erased or renamed in a table after its
 * first lookup is not seen: make a new collection after changing the IR.
 */
public final class SymbolTableCollection {
    private final Map<Operation, Map<String, Operation>> tables = new IdentityHashMap<>();

    /** As {@link SymbolTable#lookupNearestSymbolFrom(Operation, SymbolRefAttr)}, through this collection's tables. */
    public Operation lookupNearestSymbolFrom(Operation from, SymbolRefAttr ref) {
        return SymbolTable.lookupNearestSymbolFrom(from, ref, this::lookupDirect);
    }

    private Operation lookupDirect(Operation table, String name) {
        return tables.computeIfAbsent(table, SymbolTable::symbolsOf).get(name);
    }
}
