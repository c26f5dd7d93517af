package org.hipep.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An ordered list of blocks owned by an operation. The first block is the entry block; its
 * arguments are the region's arguments.
 */
public final class Region {
    private final ArrayList<Block> blocks = new ArrayList<>();
    Operation parent;

    /** A detached region (used while building an {@link OperationState}). */
    public Region() {
    }

    /** The op owning this region, or {@code null} while detached. */
    public Operation parentOp() {
        return parent;
    }

    /** The blocks, in order. */
    public List<Block> blocks() {
        return Collections.unmodifiableList(blocks);
    }

    /** Whether the region has no blocks. */
    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    /** The entry block. */
    public Block front() {
        if (blocks.isEmpty()) {
            throw new IllegalStateException("region has no blocks");
        }
        return blocks.get(0);
    }

    /** Appends a new empty block and returns it. */
    public Block emplaceBlock() {
        Block b = new Block();
        append(b);
        return b;
    }

    /** Appends a detached block. */
    public void append(Block b) {
        adopt(b);
        blocks.add(b);
    }

    /** Inserts a detached block after {@code anchor}. */
    public void insertAfter(Block anchor, Block b) {
        int i = blocks.indexOf(anchor);
        if (i < 0) {
            throw new IllegalArgumentException("anchor block is not in this region");
        }
        adopt(b);
        blocks.add(i + 1, b);
    }

    /** Inserts a detached block before {@code anchor}. */
    public void insertBefore(Block anchor, Block b) {
        int i = blocks.indexOf(anchor);
        if (i < 0) {
            throw new IllegalArgumentException("anchor block is not in this region");
        }
        adopt(b);
        blocks.add(i, b);
    }

    private void adopt(Block b) {
        if (b.parent != null) {
            throw new IllegalStateException("block already belongs to a region");
        }
        b.parent = this;
    }

    void removeBlock(Block b) {
        if (blocks.remove(b)) {
            b.parent = null;
        }
    }

    /** Moves every block of {@code other} to the end of this region. */
    public void takeBody(Region other) {
        for (Block b : new ArrayList<>(other.blocks)) {
            other.removeBlock(b);
            append(b);
        }
    }

    /** Whether this region is {@code other} or encloses it. */
    public boolean isAncestor(Region other) {
        for (Region r = other; r != null; r = r.parent == null ? null : r.parent.parentRegion()) {
            if (r == this) {
                return true;
            }
        }
        return false;
    }

    /** The number of operations directly and indirectly contained. */
    public long countOps() {
        long[] n = {0};
        for (Block b : blocks) {
            for (Operation op : b) {
                op.walk(x -> n[0]++);
            }
        }
        return n[0];
    }

    /**
     * Clones every block of this region into {@code dest} (appending), remapping values and
     * blocks through {@code mapping}.
     */
    public void cloneInto(Region dest, IRMapping mapping) {
        List<Block> newBlocks = new ArrayList<>();
        for (Block b : blocks) {
            Block nb = new Block();
            for (BlockArgument a : b.arguments()) {
                mapping.map(a, nb.addArgument(a.type(), a.location()));
            }
            mapping.map(b, nb);
            newBlocks.add(nb);
        }
        // Blocks first, so that successors and forward references resolve; then the ops in
        // order, which maps every value before a later op (in an SSACFG region) uses it. Graph
        // regions may use a value before its definition: those operands are fixed afterwards.
        List<Operation[]> pending = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            for (Operation op : blocks.get(i)) {
                Operation c = op.clone(mapping);
                newBlocks.get(i).append(c);
                pending.add(new Operation[] {op, c});
            }
        }
        for (Operation[] pair : pending) {
            for (int k = 0; k < pair[0].numOperands(); k++) {
                Value mapped = mapping.lookupOrDefault(pair[0].operand(k));
                if (pair[1].operand(k) != mapped) {
                    pair[1].setOperand(k, mapped);
                }
            }
        }
        for (Block nb : newBlocks) {
            dest.append(nb);
        }
    }

    /** Drops the uses held by every op in the region. */
    public void dropAllReferences() {
        for (Block b : blocks) {
            b.dropAllReferences();
        }
    }

    /** Walks every op in the region (post-order). */
    public void walk(java.util.function.Consumer<Operation> visitor) {
        for (Block b : blocks) {
            for (Operation op : b) {
                op.walk(visitor);
            }
        }
    }
}
