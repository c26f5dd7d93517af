package org.hipep.ir;

import java.util.List;

/**
 * Creates operations at an insertion point: before an op, or at the end of a block. A
 * {@link Listener} is told about every op and block the builder inserts (the rewriter uses this
 * to track changes).
 */
public class OpBuilder {
    /** Notified of insertions made through a builder. */
    public interface Listener {
        /** An op was inserted (created or moved) through the builder. */
        default void notifyOperationInserted(Operation op) {
        }

        /** A block was created through the builder. */
        default void notifyBlockInserted(Block block) {
        }
    }

    /** Where the next op goes: before {@code before}, or at the end of {@code block} when it is null. */
    public record InsertionPoint(Block block, Operation before) {
        /** Whether the point is set. */
        public boolean isSet() {
            return block != null;
        }
    }

    private final Context context;
    private Block block;
    private Operation before;
    private Listener listener;

    /** A builder with no insertion point. */
    public OpBuilder(Context context) {
        this.context = context;
    }

    /** A builder that inserts at the end of {@code block}. */
    public static OpBuilder atBlockEnd(Context context, Block block) {
        OpBuilder b = new OpBuilder(context);
        b.setInsertionPointToEnd(block);
        return b;
    }

    /** A builder that inserts before {@code op}. */
    public static OpBuilder before(Operation op) {
        OpBuilder b = new OpBuilder(op.context());
        b.setInsertionPoint(op);
        return b;
    }

    /** The context. */
    public Context context() {
        return context;
    }

    /** Sets the listener (or {@code null}). */
    public void setListener(Listener listener) {
        this.listener = listener;
    }

    /** The listener, or {@code null}. */
    public Listener listener() {
        return listener;
    }

    /** Inserts before {@code op}. */
    public void setInsertionPoint(Operation op) {
        this.block = op.block();
        this.before = op;
    }

    /** Inserts after {@code op}. */
    public void setInsertionPointAfter(Operation op) {
        this.block = op.block();
        this.before = op.nextNode();
    }

    /** Inserts right after the definition of {@code v} (at the block start for arguments). */
    public void setInsertionPointAfterValue(Value v) {
        if (v.definingOp() != null) {
            setInsertionPointAfter(v.definingOp());
        } else {
            setInsertionPointToStart(v.parentBlock());
        }
    }

    /** Inserts at the start of {@code b}. */
    public void setInsertionPointToStart(Block b) {
        this.block = b;
        this.before = b.front();
    }

    /** Inserts at the end of {@code b}. */
    public void setInsertionPointToEnd(Block b) {
        this.block = b;
        this.before = null;
    }

    /** Clears the insertion point. */
    public void clearInsertionPoint() {
        this.block = null;
        this.before = null;
    }

    /** The current insertion point. */
    public InsertionPoint saveInsertionPoint() {
        return new InsertionPoint(block, before);
    }

    /** Restores a saved insertion point. */
    public void restoreInsertionPoint(InsertionPoint ip) {
        this.block = ip.block();
        this.before = ip.before();
    }

    /** The block of the insertion point, or {@code null}. */
    public Block insertionBlock() {
        return block;
    }

    /** Inserts a detached op at the insertion point and returns it. */
    public Operation insert(Operation op) {
        if (block != null) {
            block.insertBefore(before, op);
        }
        if (listener != null) {
            listener.notifyOperationInserted(op);
        }
        return op;
    }

    /** Creates an op from a state and inserts it. */
    public Operation create(OperationState state) {
        return insert(Operation.create(state));
    }

    /** Creates an op from its parts and inserts it. */
    public Operation create(Location loc, String name, List<? extends Value> operands, List<? extends Type> resultTypes,
            java.util.Map<String, ? extends Attribute> attributes) {
        OperationState st = new OperationState(loc, name, context);
        st.addOperands(operands).addTypes(resultTypes);
        st.attributes.putAll(attributes);
        return create(st);
    }

    /**
     * Creates a block at the end of {@code region} with the given argument types and locations,
     * and moves the insertion point to its end.
     */
    public Block createBlock(Region region, List<? extends Type> argTypes, List<? extends Location> argLocs) {
        Block b = new Block();
        for (int i = 0; i < argTypes.size(); i++) {
            b.addArgument(argTypes.get(i), argLocs.get(i));
        }
        region.append(b);
        setInsertionPointToEnd(b);
        if (listener != null) {
            listener.notifyBlockInserted(b);
        }
        return b;
    }

    /** Clones {@code op} with {@code mapping} and inserts the clone. */
    public Operation clone(Operation op, IRMapping mapping) {
        Operation c = op.clone(mapping);
        insert(c);
        return c;
    }
}
