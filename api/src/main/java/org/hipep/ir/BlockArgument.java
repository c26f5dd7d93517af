package org.hipep.ir;

/** The {@code index}-th argument of a block, with its own location. */
public final class BlockArgument extends Value {
    private final Block owner;
    int index;
    private Location location;

    BlockArgument(Block owner, int index, Type type, Location location) {
        super(type);
        this.owner = owner;
        this.index = index;
        this.location = location;
    }

    /** The block this argument belongs to. */
    public Block owner() {
        return owner;
    }

    /** The position among the block's arguments. */
    public int index() {
        return index;
    }

    @Override
    public Operation definingOp() {
        return null;
    }

    @Override
    public Block parentBlock() {
        return owner;
    }

    @Override
    public Location location() {
        return location;
    }

    /** Changes the argument's location. */
    public void setLocation(Location location) {
        this.location = location;
    }

    @Override
    public String toString() {
        return "BlockArgument#" + index;
    }
}
