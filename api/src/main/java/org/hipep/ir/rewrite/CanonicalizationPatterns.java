package org.hipep.ir.rewrite;

import org.hipep.ir.Context;

/**
 * An op interface: the canonicalization patterns of an op kind (MLIR's
 * {@code getCanonicalizationPatterns}). Attach it to an {@code OpDefinition} (by the dialect,
 * or from outside through a dialect extension); the {@code canonicalize} pass collects the
 * patterns of every op of the loaded dialects.
 */
@FunctionalInterface
public interface CanonicalizationPatterns {
    /** Adds the op's patterns to {@code patterns}. */
    void populate(RewritePatternSet patterns, Context context);
}
