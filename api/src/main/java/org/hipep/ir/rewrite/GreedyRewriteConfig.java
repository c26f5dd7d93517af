package org.hipep.ir.rewrite;

/**
 * Settings of {@link GreedyPatternRewriteDriver} (MLIR's {@code GreedyRewriteConfig}).
 *
 * @param maxIterations the most rounds over the whole IR (each round refills the worklist from
 *     the IR), or {@link #NO_LIMIT}; hitting it before a fixpoint reports non-convergence
 * @param maxNumRewrites the most successful pattern applications within one round, or
 *     {@link #NO_LIMIT} (as in MLIR the bound is per round: the next round may rewrite again)
 * @param useTopDownTraversal whether a round starts with the ops in pre-order (parents before
 *     children, in block order) rather than bottom-up (the reverse of post-order: the last op of
 *     a block first, users before their operands' definitions)
 * @param removeDeadOps whether trivially dead ops (registered, {@code Pure}, results unused)
 *     are erased
 */
public record GreedyRewriteConfig(int maxIterations, int maxNumRewrites, boolean useTopDownTraversal,
        boolean removeDeadOps) {
    /** No bound. */
    public static final int NO_LIMIT = -1;

    /** Validates the bounds. */
    public GreedyRewriteConfig {
        if (maxIterations < 1 && maxIterations != NO_LIMIT) {
            throw new IllegalArgumentException("maxIterations must be positive or NO_LIMIT, got " + maxIterations);
        }
        if (maxNumRewrites < 0 && maxNumRewrites != NO_LIMIT) {
            throw new IllegalArgumentException("maxNumRewrites must be non-negative or NO_LIMIT, got "
                    + maxNumRewrites);
        }
    }

    /** MLIR's defaults: 10 rounds, unlimited rewrites, top-down, dead ops removed. */
    public static GreedyRewriteConfig defaults() {
        return new GreedyRewriteConfig(10, NO_LIMIT, true, true);
    }

    /** This config with another iteration bound. */
    public GreedyRewriteConfig withMaxIterations(int n) {
        return new GreedyRewriteConfig(n, maxNumRewrites, useTopDownTraversal, removeDeadOps);
    }

    /** This config with another per-round rewrite bound. */
    public GreedyRewriteConfig withMaxNumRewrites(int n) {
        return new GreedyRewriteConfig(maxIterations, n, useTopDownTraversal, removeDeadOps);
    }

    /** This config with top-down ({@code true}) or bottom-up initial order. */
    public GreedyRewriteConfig withTopDownTraversal(boolean topDown) {
        return new GreedyRewriteConfig(maxIterations, maxNumRewrites, topDown, removeDeadOps);
    }

    /** This config with dead-op removal on or off. */
    public GreedyRewriteConfig withRemoveDeadOps(boolean remove) {
        return new GreedyRewriteConfig(maxIterations, maxNumRewrites, useTopDownTraversal, remove);
    }
}
