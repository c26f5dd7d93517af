/**
 * Pattern rewriting and dialect conversion, after MLIR's.
 *
 * <ul>
 *   <li>{@link org.hipep.ir.rewrite.RewritePattern}s are collected in a
 *       {@link org.hipep.ir.rewrite.RewritePatternSet} and frozen into a
 *       {@link org.hipep.ir.rewrite.FrozenRewritePatternSet} (indexed by root op name, ordered by
 *       benefit).</li>
 *   <li>Patterns change the IR only through a {@link org.hipep.ir.rewrite.PatternRewriter}, which
 *       reports every change to a {@link org.hipep.ir.rewrite.RewriterListener}; drivers keep their
 *       worklists exact that way.</li>
 *   <li>{@link org.hipep.ir.rewrite.GreedyPatternRewriteDriver} applies patterns to a fixpoint
 *       (canonicalization-style rewriting).</li>
 *   <li>{@link org.hipep.ir.rewrite.DialectConversion} legalizes ops for a
 *       {@link org.hipep.ir.rewrite.ConversionTarget} with
 *       {@link org.hipep.ir.rewrite.ConversionPattern}s and a
 *       {@link org.hipep.ir.rewrite.TypeConverter}, rolling the IR back on failure.</li>
 * </ul>
 */
package org.hipep.ir.rewrite;
