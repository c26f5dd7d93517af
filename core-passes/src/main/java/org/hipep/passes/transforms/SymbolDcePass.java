package org.hipep.passes.transforms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hipep.ir.Attribute;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.pass.Pass;

/**
 * {@code symbol-dce}: erases private symbols (visibility {@code private}) of the symbol table it
 * runs on that no attribute anywhere inside the table refers to, repeating until nothing more
 * goes (a private function used only by another dead one goes too). Runs on ops with the
 * {@link OpTrait.SymbolTable} trait.
 */
public final class SymbolDcePass extends Pass {
    @Override
    public String argument() {
        return "symbol-dce";
    }

    @Override
    public String name() {
        return "SymbolDCE";
    }

    @Override
    public String description() {
        return "Eliminate dead symbols";
    }

    @Override
    public boolean canScheduleOn(Operation op) {
        return op.hasTrait(OpTrait.SymbolTable.class);
    }

    @Override
    protected void runOnOperation() {
        Operation table = getOperation();
        boolean changed = true;
        while (changed) {
            changed = false;
            Set<String> used = new HashSet<>();
            for (Operation top : table.region(0).front()) {
                top.walk(op -> {
                    op.attributes().values().forEach(a -> collect(a, used));
                    if (op.properties() != null) {
                        collect(op.properties(), used);
                    }
                });
            }
            List<Operation> dead = new ArrayList<>();
            for (Operation op : table.region(0).front()) {
                String name = SymbolTable.symbolName(op);
                boolean priv = op.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr s && s.value().equals("private");
                if (name != null && priv && !used.contains(name)) {
                    dead.add(op);
                }
            }
            for (Operation op : dead) {
                op.dropAllReferences();
                op.dropAllUses();
                op.erase();
                changed = true;
            }
        }
    }

    private static void collect(Attribute a, Set<String> used) {
        if (a instanceof SymbolRefAttr s) {
            used.add(s.rootReference());
        } else if (a instanceof ArrayAttr arr) {
            arr.elements().forEach(e -> collect(e, used));
        } else if (a instanceof DictionaryAttr d) {
            d.entries().values().forEach(e -> collect(e, used));
        }
    }
}
