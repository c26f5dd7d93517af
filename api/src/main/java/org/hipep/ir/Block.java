package org.hipep.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A basic block: arguments and an ordered list of operations, usually ending in a terminator.
 * Operations are kept in a doubly linked list so that insertion and removal anywhere are O(1);
 * positions for {@link Operation#isBeforeInBlock} are numbered lazily.
 */
public final class Block implements Iterable<Operation> {
    private final ArrayList<BlockArgument> arguments = new ArrayList<>();
    Region parent;
    Operation first;
    Operation last;
    private int size;
    private boolean orderValid;
    private BlockOperand firstPredecessorUse;

    /** A detached empty block. */
    public Block() {
    }

    /** The region containing this block, or {@code null}. */
    public Region parent() {
        return parent;
    }

    /** The op whose region contains this block, or {@code null}. */
    public Operation parentOp() {
        return parent == null ? null : parent.parentOp();
    }

    /** Whether this is the first block of its region. */
    public boolean isEntryBlock() {
        return parent != null && !parent.blocks().isEmpty() && parent.blocks().get(0) == this;
    }

    // ---------------------------------------------------------------- arguments

    /** The arguments, in order. */
    public List<BlockArgument> arguments() {
        return Collections.unmodifiableList(arguments);
    }

    /** Argument {@code i}. */
    public BlockArgument argument(int i) {
        return arguments.get(i);
    }

    /** The number of arguments. */
    public int numArguments() {
        return arguments.size();
    }

    /** The argument types, in order. */
    public List<Type> argumentTypes() {
        List<Type> out = new ArrayList<>(arguments.size());
        for (BlockArgument a : arguments) {
            out.add(a.type());
        }
        return out;
    }

    /** Appends an argument. */
    public BlockArgument addArgument(Type type, Location location) {
        BlockArgument a = new BlockArgument(this, arguments.size(), type, location);
        arguments.add(a);
        return a;
    }

    /** Inserts an argument at {@code index}. */
    public BlockArgument insertArgument(int index, Type type, Location location) {
        BlockArgument a = new BlockArgument(this, index, type, location);
        arguments.add(index, a);
        renumberArguments();
        return a;
    }

    /** Removes argument {@code index}, which must have no uses. */
    public void eraseArgument(int index) {
        BlockArgument a = arguments.get(index);
        if (!a.useEmpty()) {
            throw new IllegalStateException("erasing block argument #" + index + " that still has uses");
        }
        arguments.remove(index);
        renumberArguments();
    }

    private void renumberArguments() {
        for (int i = 0; i < arguments.size(); i++) {
            arguments.get(i).index = i;
        }
    }

    // ---------------------------------------------------------------- operations

    /** Whether the block has no operations. */
    public boolean isEmpty() {
        return first == null;
    }

    /** The number of operations. */
    public int size() {
        return size;
    }

    /** The first operation, or {@code null}. */
    public Operation front() {
        return first;
    }

    /** The last operation, or {@code null}. */
    public Operation back() {
        return last;
    }

    /** The operations in order; safe against removal of the op just returned. */
    @Override
    public Iterator<Operation> iterator() {
        return new Iterator<>() {
            private Operation nextOp = first;

            @Override
            public boolean hasNext() {
                return nextOp != null;
            }

            @Override
            public Operation next() {
                if (nextOp == null) {
                    throw new NoSuchElementException();
                }
                Operation r = nextOp;
                nextOp = r.next;
                return r;
            }
        };
    }

    /** A snapshot list of the operations. */
    public List<Operation> operations() {
        List<Operation> out = new ArrayList<>(size);
        for (Operation op = first; op != null; op = op.next) {
            out.add(op);
        }
        return out;
    }

    /** Appends a detached op. */
    public void append(Operation op) {
        insertBefore(null, op);
    }

    /** Inserts a detached op at the start. */
    public void prepend(Operation op) {
        insertBefore(first, op);
    }

    /**
     * Inserts a detached op before {@code anchor} ({@code null}: at the end).
     */
    public void insertBefore(Operation anchor, Operation op) {
        if (op.block != null) {
            throw new IllegalStateException("inserting '" + op.name() + "' that is already in a block");
        }
        if (anchor != null && anchor.block != this) {
            throw new IllegalArgumentException("insertion anchor is not in this block");
        }
        op.block = this;
        op.next = anchor;
        op.prev = anchor == null ? last : anchor.prev;
        if (op.prev != null) {
            op.prev.next = op;
        } else {
            first = op;
        }
        if (anchor != null) {
            anchor.prev = op;
        } else {
            last = op;
        }
        size++;
        orderValid = false;
    }

    /** Inserts a detached op after {@code anchor}. */
    public void insertAfter(Operation anchor, Operation op) {
        insertBefore(anchor.next, op);
    }

    void unlink(Operation op) {
        if (op.prev != null) {
            op.prev.next = op.next;
        } else {
            first = op.next;
        }
        if (op.next != null) {
            op.next.prev = op.prev;
        } else {
            last = op.prev;
        }
        op.prev = null;
        op.next = null;
        op.block = null;
        size--;
    }

    void ensureOrder() {
        if (!orderValid) {
            int i = 0;
            for (Operation op = first; op != null; op = op.next) {
                op.orderIndex = i++;
            }
            orderValid = true;
        }
    }

    /**
     * The terminator: the last op when it has the {@link OpTrait.IsTerminator} trait, else
     * {@code null}.
     */
    public Operation terminator() {
        return last != null && last.hasTrait(OpTrait.IsTerminator.class) ? last : null;
    }

    /** The successors of the last op (terminator), in order. */
    public List<Block> successors() {
        return last == null ? List.of() : last.successors();
    }

    /** The distinct blocks whose terminator branches here. */
    public List<Block> predecessors() {
        LinkedHashSet<Block> out = new LinkedHashSet<>();
        for (BlockOperand u = firstPredecessorUse; u != null; u = u.nextUse) {
            out.add(u.owner().block());
        }
        return List.copyOf(out);
    }

    /** Whether any terminator branches here. */
    public boolean hasPredecessors() {
        return firstPredecessorUse != null;
    }

    /** Makes every branch to this block go to {@code other}. */
    public void replaceAllUsesWith(Block other) {
        while (firstPredecessorUse != null) {
            firstPredecessorUse.set(other);
        }
    }

    void addPredecessorUse(BlockOperand u) {
        u.prevUse = null;
        u.nextUse = firstPredecessorUse;
        if (firstPredecessorUse != null) {
            firstPredecessorUse.prevUse = u;
        }
        firstPredecessorUse = u;
    }

    void removePredecessorUse(BlockOperand u) {
        if (u.prevUse != null) {
            u.prevUse.nextUse = u.nextUse;
        } else {
            firstPredecessorUse = u.nextUse;
        }
        if (u.nextUse != null) {
            u.nextUse.prevUse = u.prevUse;
        }
        u.prevUse = null;
        u.nextUse = null;
    }

    /**
     * Splits the block before {@code op}: {@code op} and everything after it move to a new
     * block inserted right after this one, which is returned.
     */
    public Block splitBefore(Operation op) {
        if (op.block != this) {
            throw new IllegalArgumentException("split point is not in this block");
        }
        Block tail = new Block();
        if (parent != null) {
            parent.insertAfter(this, tail);
        }
        Operation cur = op;
        while (cur != null) {
            Operation nextOp = cur.next;
            unlink(cur);
            tail.append(cur);
            cur = nextOp;
        }
        return tail;
    }

    /** Drops the uses held by the ops of this block (before erasing it). */
    public void dropAllReferences() {
        for (Operation op = first; op != null; op = op.next) {
            op.dropAllReferences();
        }
    }

    /**
     * Unlinks this block from its region, keeping its arguments, ops and uses (it may then be
     * inserted into another region, as {@link Operation#remove()} does for ops).
     */
    public void remove() {
        if (parent != null) {
            parent.removeBlock(this);
        }
    }

    /** Removes this block from its region and drops its references. */
    public void erase() {
        dropAllReferences();
        if (parent != null) {
            parent.removeBlock(this);
        }
    }

    @Override
    public String toString() {
        return "Block(" + arguments.size() + " args, " + size + " ops)";
    }
}
