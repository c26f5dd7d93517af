package org.hipep.ir.rewrite;

import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;

/**
 * Dialect conversion (MLIR's {@code applyPartialConversion} / {@code applyFullConversion}):
 * legalizes the ops nested in a root op for a {@link ConversionTarget} with patterns, usually
 * {@link ConversionPattern}s.
 *
 * <h2>Semantics</h2>
 * <ul>
 *   <li>The ops nested in the root (not the root itself) are visited in pre-order, parents
 *       before children, as they were when the conversion started. Legal ops stay as they are,
 *       but the ops in their regions are still visited. Ops erased by an earlier rewrite are
 *       skipped.</li>
 *   <li>An op that is not legal is legalized by trying its patterns (name-specific and any-op)
 *       by descending benefit. After a pattern succeeds, the ops it created are legalized in turn
 *       (recursively, at most 32 levels deep, which stops
 *       cycles), and an op it updated in place must now be legal.</li>
 *   <li>Partial conversion fails only when an op explicitly illegal (declared illegal, or
 *       rejected by its dynamic predicate) cannot be legalized or remains at the end: the error
 *       is {@code failed to legalize operation '<name>' that was explicitly marked illegal}. Full
 *       conversion fails when any op cannot be legalized or is not legal at the end:
 *       {@code failed to legalize operation '<name>'}. The error is emitted at the op, through the
 *       context's diagnostic engine.</li>
 *   <li>Values: replacements are applied eagerly by the {@link ConversionPatternRewriter}; a
 *       result replaced by a value of another type keeps its remaining users through a source
 *       materialization, and patterns with a type converter get target materializations for
 *       operands whose type their converter does not produce. Ops built by materializations are
 *       not subject to legality.</li>
 *   <li>At the end, unused materializations are erased and casts that cancel out
 *       ({@code A -> B -> A}) are folded away. Casts that remain live (e.g. feeding an op that
 *       stays unconverted) are kept, as MLIR does; a later pass reconciles them.</li>
 * </ul>
 *
 * <h2>Rollback</h2>
 * Before starting, the root's regions, attributes and properties are copied (values defined
 * outside the root are referenced through placeholders, so their use lists are unaffected). On
 * failure, or when a pattern throws, the partially converted regions are dropped and the copy is
 * moved back into the root: the IR prints exactly as before the call. Consequences: references to
 * ops and values nested in the root that were taken before a failed conversion point to
 * discarded IR; a pattern that fails must leave the IR unchanged (one that fails after changing
 * it aborts the conversion with an {@link IllegalStateException}, after the rollback); and there
 * is no per-pattern rollback: once a pattern succeeds, the op is not retried with another
 * pattern if the ops it produced cannot be legalized (MLIR would undo that pattern and try the
 * next one).
 */
public final class DialectConversion {
    private DialectConversion() {
    }

    /**
     * Converts the ops nested in {@code root}; only explicitly illegal ops must be converted.
     *
     * @return failure (with the IR rolled back and an error emitted) when an explicitly illegal
     *     op could not be legalized
     */
    public static LogicalResult applyPartialConversion(Operation root, ConversionTarget target,
            FrozenRewritePatternSet patterns) {
        return new OperationConverter(root, target, patterns, OperationConverter.Mode.PARTIAL).run();
    }

    /**
     * Converts the ops nested in {@code root}; every op must end up legal.
     *
     * @return failure (with the IR rolled back and an error emitted) when an op could not be
     *     legalized
     */
    public static LogicalResult applyFullConversion(Operation root, ConversionTarget target,
            FrozenRewritePatternSet patterns) {
        return new OperationConverter(root, target, patterns, OperationConverter.Mode.FULL).run();
    }
}
