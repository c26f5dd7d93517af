package org.hipep.ir.rewrite;

import java.util.List;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;

/**
 * Observes every change a {@link PatternRewriter} makes, on top of the insertions an
 * {@link OpBuilder.Listener} sees (ops created or moved, blocks created or moved). Install it
 * with {@link OpBuilder#setListener}; drivers use it to keep their worklists exact.
 *
 * <p>Notifications about an op come before the op is detached or changed for erasure and
 * replacement, so the listener may still look at its operands and results.
 */
public interface RewriterListener extends OpBuilder.Listener {
    /** {@code op} was changed in place (operands, attributes, successors, ...). */
    default void notifyOperationModified(Operation op) {
    }

    /**
     * {@code op} is about to be replaced: its results will be replaced by {@code replacements}
     * (a {@code null} entry: the result is dropped) and the op erased.
     */
    default void notifyOperationReplaced(Operation op, List<? extends Value> replacements) {
    }

    /**
     * {@code op} is about to be erased. For an op with regions, every nested op is notified
     * first (innermost first, in reverse order within a block).
     */
    default void notifyOperationErased(Operation op) {
    }

    /** {@code block} is about to be erased (its ops were notified before). */
    default void notifyBlockErased(Block block) {
    }

    /** A pattern reported why it did not match {@code op}. */
    default void notifyMatchFailure(Operation op, String reason) {
    }
}
