package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Operation;

/**
 * A LIFO worklist of ops without duplicates: pushing an op already present does nothing, and
 * removal is O(1) (the slot is cleared). Ops are popped from the back.
 */
final class Worklist {
    private final List<Operation> list = new ArrayList<>();
    private final Map<Operation, Integer> index = new HashMap<>();

    /** Adds {@code op} at the back unless it is already present. */
    void push(Operation op) {
        if (!index.containsKey(op)) {
            index.put(op, list.size());
            list.add(op);
        }
    }

    /** Removes and returns the op at the back, or {@code null} when empty. */
    Operation pop() {
        while (!list.isEmpty()) {
            Operation op = list.remove(list.size() - 1);
            if (op != null) {
                index.remove(op);
                return op;
            }
        }
        return null;
    }

    /** Removes {@code op} if present. */
    void remove(Operation op) {
        Integer i = index.remove(op);
        if (i != null) {
            list.set(i, null);
        }
    }

    /** Whether no op is left. */
    boolean isEmpty() {
        return index.isEmpty();
    }

    /** Removes everything. */
    void clear() {
        list.clear();
        index.clear();
    }
}
