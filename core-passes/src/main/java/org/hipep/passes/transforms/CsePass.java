package org.hipep.passes.transforms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.pass.Pass;

/**
 * {@code cse}: eliminates common sub-expressions. A side-effect-free op ({@link OpTrait.Pure},
 * no regions, not a terminator) is replaced by an equivalent op (same name, operands,
 * attributes, properties and result types) that dominates it: earlier in the same block, or in
 * a block of an enclosing region. Multi-block regions are handled block by block (conservative:
 * no cross-block reuse among siblings). Op-agnostic; as upstream, the regions of a nested
 * isolated-from-above op (a function under {@code --cse} on the module) are processed with a
 * fresh scope, so nothing from outside replaces their ops.
 */
public final class CsePass extends Pass {
    private int eliminated;

    @Override
    public String argument() {
        return "cse";
    }

    @Override
    public String name() {
        return "CSE";
    }

    @Override
    public String description() {
        return "Eliminate common sub-expressions";
    }

    /** How many ops the last run removed. */
    public int eliminatedCount() {
        return eliminated;
    }

    @Override
    protected void runOnOperation() {
        eliminated = 0;
        for (Region r : getOperation().regions()) {
            simplifyRegion(r, new Scope(null));
        }
    }

    private record Key(String name, List<Value> operands, Map<String, Attribute> attributes, Attribute properties,
            List<Type> resultTypes) {
    }

    /** Known ops, with a parent scope for the values of enclosing regions. */
    private static final class Scope {
        final Scope parent;
        final Map<Key, Operation> known = new HashMap<>();

        Scope(Scope parent) {
            this.parent = parent;
        }

        Operation lookup(Key k) {
            for (Scope s = this; s != null; s = s.parent) {
                Operation op = s.known.get(k);
                if (op != null) {
                    return op;
                }
            }
            return null;
        }
    }

    private void simplifyRegion(Region region, Scope parent) {
        for (Block block : region.blocks()) {
            Scope scope = new Scope(parent);
            List<Operation> dead = new ArrayList<>();
            for (Operation op : block) {
                if (op.numRegions() > 0) {
                    // An isolated-from-above op (a function) starts a fresh scope: its body may not
                    // use values from outside, so nothing known here may replace its ops.
                    Scope outer = op.hasTrait(OpTrait.IsolatedFromAbove.class) ? null : scope;
                    for (Region nested : op.regions()) {
                        simplifyRegion(nested, outer);
                    }
                    continue;
                }
                if (!MemoryEffects.isPure(op) || op.hasTrait(OpTrait.IsTerminator.class)) {
                    continue;
                }
                Key k = new Key(op.nameString(), op.operands(), Map.copyOf(op.attributes()), op.properties(),
                        op.resultTypes());
                Operation existing = scope.lookup(k);
                if (existing != null) {
                    op.replaceAllUsesWith(existing);
                    dead.add(op);
                } else {
                    scope.known.put(k, op);
                }
            }
            for (Operation op : dead) {
                op.erase();
                eliminated++;
            }
        }
    }
}
