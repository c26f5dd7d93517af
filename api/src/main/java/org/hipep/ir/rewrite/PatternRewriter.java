package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.hipep.ir.Block;
import org.hipep.ir.Context;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.Value;

/**
 * The builder patterns change the IR with. Every change goes through it and is reported to the
 * listener ({@link #setListener}): insertions to any {@link OpBuilder.Listener}, and
 * modifications, replacements and erasures to a {@link RewriterListener}.
 *
 * <p>Patterns must not change the IR behind the rewriter's back (e.g. {@code op.erase()} or
 * {@code value.replaceAllUsesWith}) when a driver runs them: its worklist would go stale.
 */
public class PatternRewriter extends OpBuilder {
    /**
     * Why a pattern did not match an op.
     *
     * @param opName the name of the op
     * @param location the op's location
     * @param reason the reason the pattern gave
     */
    public record MatchFailure(String opName, Location location, String reason) {
    }

    private final List<MatchFailure> matchFailures = new ArrayList<>();

    /** A rewriter without a listener or insertion point. */
    public PatternRewriter(Context context) {
        super(context);
    }

    /** A rewriter reporting to {@code listener}. */
    public PatternRewriter(Context context, OpBuilder.Listener listener) {
        super(context);
        setListener(listener);
    }

    /** The listener when it observes rewrites, else {@code null}. */
    protected final RewriterListener rewriterListener() {
        return listener() instanceof RewriterListener l ? l : null;
    }

    /** Reports an insertion (creation or move) of {@code op} to the listener. */
    protected final void notifyInserted(Operation op) {
        if (listener() != null) {
            listener().notifyOperationInserted(op);
        }
    }

    // ---------------------------------------------------------------- replacing and erasing

    /**
     * Replaces every use of {@code op}'s results by {@code newValues} (one per result) and
     * erases {@code op}.
     */
    public void replaceOp(Operation op, List<? extends Value> newValues) {
        if (newValues.size() != op.numResults()) {
            throw new IllegalArgumentException("replacing " + op.numResults() + " results of '" + op.name()
                    + "' with " + newValues.size() + " values");
        }
        RewriterListener l = rewriterListener();
        if (l != null) {
            l.notifyOperationReplaced(op, newValues);
        }
        for (int i = 0; i < newValues.size(); i++) {
            Value v = newValues.get(i);
            if (v == null) {
                if (!op.result(i).useEmpty()) {
                    throw new IllegalArgumentException("result #" + i + " of '" + op.name()
                            + "' has uses but no replacement");
                }
                continue;
            }
            replaceAllUsesWith(op.result(i), v);
        }
        eraseOp(op);
    }

    /** Replaces {@code op} by the results of {@code newOp} and erases {@code op}. */
    public void replaceOp(Operation op, Operation newOp) {
        replaceOp(op, newOp.results());
    }

    /**
     * Creates an op from {@code state} (at the insertion point, or right before {@code op} when
     * none is set), replaces {@code op} by its results and returns it.
     */
    public Operation replaceOpWithNewOp(Operation op, OperationState state) {
        InsertionPoint saved = saveInsertionPoint();
        if (!saved.isSet()) {
            setInsertionPoint(op);
        }
        Operation newOp = create(state);
        restoreInsertionPoint(saved);
        replaceOp(op, newOp);
        return newOp;
    }

    /**
     * Erases {@code op} and everything nested in it. Its results must have no uses.
     *
     * @throws IllegalStateException when a result still has uses
     */
    public void eraseOp(Operation op) {
        if (!op.useEmpty()) {
            throw new IllegalStateException("erasing '" + op.name() + "' whose results still have uses");
        }
        RewriterListener l = rewriterListener();
        if (l != null) {
            notifyNestedErased(op, l);
            l.notifyOperationErased(op);
        }
        InsertionPoint ip = saveInsertionPoint();
        if (ip.before() == op) {
            if (op.nextNode() != null) {
                setInsertionPoint(op.nextNode());
            } else {
                setInsertionPointToEnd(op.block());
            }
        }
        op.erase();
    }

    private static void notifyNestedErased(Operation op, RewriterListener l) {
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation nested = b.back(); nested != null; nested = nested.prevNode()) {
                    notifyNestedErased(nested, l);
                    l.notifyOperationErased(nested);
                }
            }
        }
    }

    /**
     * Erases {@code block} with its ops (last op first). Its ops' results must have no uses
     * outside the block, and no branch may target it.
     */
    public void eraseBlock(Block block) {
        if (block.hasPredecessors()) {
            throw new IllegalStateException("erasing a block that is still a branch target");
        }
        for (Operation op = block.back(); op != null;) {
            Operation prev = op.prevNode();
            eraseOp(op);
            op = prev;
        }
        RewriterListener l = rewriterListener();
        if (l != null) {
            l.notifyBlockErased(block);
        }
        block.erase();
    }

    // ---------------------------------------------------------------- in-place changes

    /** Runs {@code change} on {@code op} and reports {@code op} as modified. */
    public void modifyOpInPlace(Operation op, Runnable change) {
        change.run();
        notifyOperationModified(op);
    }

    /** Reports {@code op} as modified in place (for changes made directly on it). */
    public void notifyOperationModified(Operation op) {
        RewriterListener l = rewriterListener();
        if (l != null) {
            l.notifyOperationModified(op);
        }
    }

    /** Makes every use of {@code from} use {@code to}; each user is reported as modified. */
    public void replaceAllUsesWith(Value from, Value to) {
        replaceUsesWithIf(from, to, u -> true);
    }

    /** Replaces the uses of {@code from} that satisfy {@code filter}; users are reported as modified. */
    public void replaceUsesWithIf(Value from, Value to, Predicate<OpOperand> filter) {
        if (from == to) {
            return;
        }
        Set<Operation> users = new LinkedHashSet<>();
        for (OpOperand u : from.useList()) {
            if (filter.test(u)) {
                u.set(to);
                users.add(u.owner());
            }
        }
        users.forEach(this::notifyOperationModified);
    }

    // ---------------------------------------------------------------- moving ops and blocks

    /** Moves {@code op} right before {@code anchor}. */
    public void moveOpBefore(Operation op, Operation anchor) {
        op.moveBefore(anchor);
        notifyInserted(op);
    }

    /** Moves {@code op} right after {@code anchor}. */
    public void moveOpAfter(Operation op, Operation anchor) {
        op.moveAfter(anchor);
        notifyInserted(op);
    }

    /**
     * Moves every block of {@code region} into {@code parent}, before {@code before} ({@code null}:
     * at the end), keeping their order.
     */
    public void inlineRegionBefore(Region region, Region parent, Block before) {
        if (before != null && before.parent() != parent) {
            throw new IllegalArgumentException("insertion block is not in the destination region");
        }
        for (Block b : new ArrayList<>(region.blocks())) {
            b.remove();
            if (before == null) {
                parent.append(b);
            } else {
                parent.insertBefore(before, b);
            }
            if (listener() != null) {
                listener().notifyBlockInserted(b);
            }
        }
    }

    /**
     * Moves the ops of {@code source} right before {@code before}, replacing uses of its
     * arguments by {@code argValues}, then erases {@code source}, which must not be a branch
     * target.
     */
    public void inlineBlockBefore(Block source, Operation before, List<? extends Value> argValues) {
        if (before.block() == null) {
            throw new IllegalArgumentException("inlining before a detached op");
        }
        inlineBlockBefore(source, before.block(), before, argValues);
    }

    /**
     * Moves the ops of {@code source} into {@code dest} before {@code before} ({@code null}: at
     * the end), replacing uses of its arguments by {@code argValues}, then erases
     * {@code source}, which must not be a branch target.
     */
    public void inlineBlockBefore(Block source, Block dest, Operation before, List<? extends Value> argValues) {
        if (argValues.size() != source.numArguments()) {
            throw new IllegalArgumentException("inlining a block of " + source.numArguments() + " arguments with "
                    + argValues.size() + " values");
        }
        if (source.hasPredecessors()) {
            throw new IllegalStateException("inlining a block that is still a branch target");
        }
        if (source == dest) {
            throw new IllegalArgumentException("inlining a block into itself");
        }
        if (before != null && before.block() != dest) {
            throw new IllegalArgumentException("insertion op is not in the destination block");
        }
        for (int i = 0; i < argValues.size(); i++) {
            replaceAllUsesWith(source.argument(i), argValues.get(i));
        }
        for (Operation op : source.operations()) {
            op.remove();
            dest.insertBefore(before, op);
            notifyInserted(op);
        }
        eraseBlock(source);
    }

    /**
     * Appends the ops of {@code source} to {@code dest}, replacing uses of its arguments by
     * {@code argValues}, and erases {@code source}. The caller first removes {@code dest}'s
     * terminator when it branched to {@code source}.
     */
    public void mergeBlocks(Block source, Block dest, List<? extends Value> argValues) {
        inlineBlockBefore(source, dest, null, argValues);
    }

    /**
     * Splits {@code block} before {@code before}: that op and the ops after it move to a new
     * block inserted right after {@code block}, which is returned.
     */
    public Block splitBlock(Block block, Operation before) {
        Block tail = block.splitBefore(before);
        if (listener() != null) {
            listener().notifyBlockInserted(tail);
            for (Operation op : tail) {
                listener().notifyOperationInserted(op);
            }
        }
        return tail;
    }

    // ---------------------------------------------------------------- match failures

    /**
     * Records why a pattern did not match {@code op} (kept for debugging output and tests, and
     * reported to the listener) and returns failure.
     */
    public LogicalResult notifyMatchFailure(Operation op, String reason) {
        matchFailures.add(new MatchFailure(op.nameString(), op.location(), reason));
        RewriterListener l = rewriterListener();
        if (l != null) {
            l.notifyMatchFailure(op, reason);
        }
        return LogicalResult.failure();
    }

    /** The match failures recorded so far, oldest first. */
    public List<MatchFailure> matchFailures() {
        return Collections.unmodifiableList(matchFailures);
    }

    /** Forgets the recorded match failures. */
    public void clearMatchFailures() {
        matchFailures.clear();
    }
}
