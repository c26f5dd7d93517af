package org.hipep.ir.rewrite;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;

/**
 * A mutable collection of patterns, frozen into a {@link FrozenRewritePatternSet} before a
 * driver uses it. Insertion order is kept; it breaks ties between patterns of equal benefit.
 */
public final class RewritePatternSet {
    private final List<RewritePattern> patterns = new ArrayList<>();

    /** An empty set. */
    public RewritePatternSet() {
    }

    /** Adds patterns. */
    public RewritePatternSet add(RewritePattern... ps) {
        for (RewritePattern p : ps) {
            if (p == null) {
                throw new IllegalArgumentException("null pattern");
            }
            patterns.add(p);
        }
        return this;
    }

    /** Adds patterns. */
    public RewritePatternSet addAll(Collection<? extends RewritePattern> ps) {
        ps.forEach(this::add);
        return this;
    }

    /** Adds a pattern made from a function ({@link RewritePattern#of}). */
    public RewritePatternSet add(String rootName, int benefit,
            BiFunction<Operation, PatternRewriter, LogicalResult> rewrite) {
        return add(RewritePattern.of(rootName, benefit, rewrite));
    }

    /** The patterns, in insertion order (read-only view). */
    public List<RewritePattern> patterns() {
        return Collections.unmodifiableList(patterns);
    }

    /** The number of patterns. */
    public int size() {
        return patterns.size();
    }

    /** An immutable, indexed copy of the current patterns. */
    public FrozenRewritePatternSet freeze() {
        return new FrozenRewritePatternSet(patterns);
    }
}
