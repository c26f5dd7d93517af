package org.hipep.ir.rewrite;

import java.util.Objects;
import java.util.function.BiFunction;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;

/**
 * A rewrite of an operation: matches an op (of a given root name, or any op) and, on success,
 * changes the IR through the {@link PatternRewriter} it is given. The benefit orders patterns
 * that match the same op: the highest benefit is tried first.
 *
 * <p>A pattern that returns failure must not have changed the IR. Use
 * {@link PatternRewriter#notifyMatchFailure} to say why it did not match.
 */
public abstract class RewritePattern {
    private final String rootName;
    private final int benefit;
    private final String debugName;

    /**
     * A pattern named after its class.
     *
     * @param rootName the name of the ops it matches, or {@code null} for any op
     * @param benefit a non-negative benefit; higher is tried first
     */
    protected RewritePattern(String rootName, int benefit) {
        this(rootName, benefit, null);
    }

    /**
     * A pattern with a debug name.
     *
     * @param rootName the name of the ops it matches, or {@code null} for any op
     * @param benefit a non-negative benefit; higher is tried first
     * @param debugName a name for debugging output, or {@code null} for the class name
     */
    protected RewritePattern(String rootName, int benefit, String debugName) {
        if (benefit < 0) {
            throw new IllegalArgumentException("pattern benefit must be non-negative, got " + benefit);
        }
        this.rootName = rootName;
        this.benefit = benefit;
        this.debugName = debugName != null ? debugName : defaultName(getClass(), rootName);
    }

    private static String defaultName(Class<?> cls, String rootName) {
        String simple = cls.getSimpleName();
        if (simple.isEmpty()) {
            simple = cls.getName().substring(cls.getName().lastIndexOf('.') + 1);
        }
        return simple + "(" + (rootName == null ? "*" : rootName) + ")";
    }

    /** The name of the ops this pattern matches, or {@code null} when it may match any op. */
    public final String rootName() {
        return rootName;
    }

    /** Whether the pattern may match any op (it has no root name). */
    public final boolean matchesAnyOp() {
        return rootName == null;
    }

    /** The benefit: patterns with a higher benefit are tried first. */
    public final int benefit() {
        return benefit;
    }

    /** The name shown in debugging output. */
    public final String debugName() {
        return debugName;
    }

    /**
     * Tries to rewrite {@code op}. The rewriter's insertion point is right before {@code op}.
     *
     * @return success when the IR was rewritten; failure (with the IR unchanged) otherwise
     */
    public abstract LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter);

    /** A pattern from a function, named after its root. */
    public static RewritePattern of(String rootName, int benefit,
            BiFunction<Operation, PatternRewriter, LogicalResult> rewrite) {
        return of(rootName, benefit, "lambda(" + (rootName == null ? "*" : rootName) + ")", rewrite);
    }

    /** A pattern from a function, with a debug name. */
    public static RewritePattern of(String rootName, int benefit, String debugName,
            BiFunction<Operation, PatternRewriter, LogicalResult> rewrite) {
        Objects.requireNonNull(rewrite, "rewrite");
        return new RewritePattern(rootName, benefit, debugName) {
            @Override
            public LogicalResult matchAndRewrite(Operation op, PatternRewriter rewriter) {
                return rewrite.apply(op, rewriter);
            }
        };
    }

    @Override
    public String toString() {
        return debugName + "[benefit " + benefit + "]";
    }
}
