package org.hipep.ir;

/**
 * One use of a value: the {@code index}-th operand of an operation. Setting it moves the use
 * from the old value's use list to the new one's.
 */
public final class OpOperand {
    private final Operation owner;
    int index;
    private Value value;
    OpOperand prevUse;
    OpOperand nextUse;

    OpOperand(Operation owner, int index, Value value) {
        this.owner = owner;
        this.index = index;
        this.value = value;
        if (value != null) {
            value.addUse(this);
        }
    }

    /** The operation that uses the value. */
    public Operation owner() {
        return owner;
    }

    /** The operand position. */
    public int index() {
        return index;
    }

    /** The value used. */
    public Value get() {
        return value;
    }

    /** Makes this operand use another value. */
    public void set(Value newValue) {
        if (newValue == null) {
            throw new IllegalArgumentException("an operand needs a value");
        }
        if (value != null) {
            value.removeUse(this);
        }
        value = newValue;
        newValue.addUse(this);
    }

    /** Removes this use from its value's use list (the operand then refers to nothing). */
    void drop() {
        if (value != null) {
            value.removeUse(this);
            value = null;
        }
    }
}
