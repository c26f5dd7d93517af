package org.hipep.ir;

import java.util.HashMap;
import java.util.Map;

/** Maps values and blocks of original IR to their clones (MLIR's {@code IRMapping}). */
public final class IRMapping {
    private final Map<Value, Value> values = new HashMap<>();
    private final Map<Block, Block> blocks = new HashMap<>();
    private final Map<Operation, Operation> operations = new HashMap<>();

    /** Maps a value. */
    public void map(Value from, Value to) {
        values.put(from, to);
    }

    /** Maps a block. */
    public void map(Block from, Block to) {
        blocks.put(from, to);
    }

    /** Maps an operation. */
    public void map(Operation from, Operation to) {
        operations.put(from, to);
    }

    /** The mapped value, or {@code v} itself when unmapped. */
    public Value lookupOrDefault(Value v) {
        return values.getOrDefault(v, v);
    }

    /** The mapped block, or {@code b} itself when unmapped. */
    public Block lookupOrDefault(Block b) {
        return blocks.getOrDefault(b, b);
    }

    /** The mapped value or {@code null}. */
    public Value lookupOrNull(Value v) {
        return values.get(v);
    }

    /** The mapped operation or {@code null}. */
    public Operation lookupOrNull(Operation op) {
        return operations.get(op);
    }

    /** Whether a value is mapped. */
    public boolean contains(Value v) {
        return values.containsKey(v);
    }
}
