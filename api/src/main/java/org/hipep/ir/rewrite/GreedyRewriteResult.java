package org.hipep.ir.rewrite;

import org.hipep.ir.LogicalResult;

/**
 * What a greedy rewrite did.
 *
 * @param converged whether a round ended without any change (a fixpoint); {@code false} when
 *     the iteration bound stopped the driver first
 * @param changed whether the IR was changed at all
 * @param iterations the number of rounds started
 * @param numRewrites the number of successful pattern applications
 * @param numDeadOpsErased the number of trivially dead ops erased
 */
public record GreedyRewriteResult(boolean converged, boolean changed, int iterations, int numRewrites,
        int numDeadOpsErased) {
    /** Success when the driver converged (MLIR's return value). */
    public LogicalResult result() {
        return LogicalResult.of(converged);
    }

    /** Whether the driver converged. */
    public boolean succeeded() {
        return converged;
    }
}
