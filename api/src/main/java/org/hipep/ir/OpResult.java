package org.hipep.ir;

/** The {@code index}-th result of an operation. */
public final class OpResult extends Value {
    private final Operation owner;
    private final int index;

    OpResult(Operation owner, int index, Type type) {
        super(type);
        this.owner = owner;
        this.index = index;
    }

    /** The operation that produces this result. */
    public Operation owner() {
        return owner;
    }

    /** The position among the owner's results. */
    public int index() {
        return index;
    }

    @Override
    public Operation definingOp() {
        return owner;
    }

    @Override
    public Block parentBlock() {
        return owner.block();
    }

    @Override
    public Location location() {
        return owner.location();
    }

    @Override
    public String toString() {
        return "OpResult#" + index + " of " + owner.name();
    }
}
