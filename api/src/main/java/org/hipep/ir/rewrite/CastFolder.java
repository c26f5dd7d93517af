package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.Set;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BuiltinDialect;

/**
 * Cleans up the materializations of a dialect conversion once the patterns are done: erases
 * those left unused, and folds a cast {@code B -> A} fed by a cast {@code A -> B} (both
 * {@code builtin.unrealized_conversion_cast}, one value each) into the original {@code A} value.
 * Casts that stay live are kept, as MLIR does; a later pass reconciles them.
 */
final class CastFolder {
    private final Operation root;
    private final Set<Operation> materializations;

    CastFolder(Operation root, Set<Operation> materializations) {
        this.root = root;
        this.materializations = materializations;
    }

    void run() {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Operation op : new ArrayList<>(materializations)) {
                if (root.isProperAncestor(op)) {
                    changed |= simplify(op);
                }
            }
        }
    }

    private boolean simplify(Operation op) {
        if (op.useEmpty()) {
            op.erase();
            return true;
        }
        if (!isSimpleCast(op)) {
            return false;
        }
        Operation inner = op.operand(0).definingOp();
        if (inner == null || !isSimpleCast(inner) || !inner.operand(0).type().equals(op.result(0).type())) {
            return false;
        }
        Value original = inner.operand(0);
        op.result(0).replaceAllUsesWith(original);
        op.erase();
        if (inner.useEmpty() && !materializations.contains(inner)) {
            inner.erase();
        }
        return true;
    }

    static boolean isSimpleCast(Operation op) {
        return op.is(BuiltinDialect.UNREALIZED_CONVERSION_CAST) && op.numOperands() == 1 && op.numResults() == 1;
    }
}
