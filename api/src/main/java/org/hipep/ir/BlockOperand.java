package org.hipep.ir;

/** A successor of a terminator: a use of a block by an operation. */
public final class BlockOperand {
    private final Operation owner;
    private final int index;
    private Block block;
    BlockOperand prevUse;
    BlockOperand nextUse;

    BlockOperand(Operation owner, int index, Block block) {
        this.owner = owner;
        this.index = index;
        this.block = block;
        if (block != null) {
            block.addPredecessorUse(this);
        }
    }

    /** The terminator. */
    public Operation owner() {
        return owner;
    }

    /** The successor position. */
    public int index() {
        return index;
    }

    /** The successor block. */
    public Block get() {
        return block;
    }

    /** Points this successor at another block. */
    public void set(Block newBlock) {
        if (block != null) {
            block.removePredecessorUse(this);
        }
        block = newBlock;
        if (newBlock != null) {
            newBlock.addPredecessorUse(this);
        }
    }

    void drop() {
        set(null);
    }
}
