package org.hipep.passes.transforms;

import java.util.List;
import org.hipep.ir.Dialect;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.rewrite.CanonicalizationPatterns;
import org.hipep.ir.rewrite.GreedyPatternRewriteDriver;
import org.hipep.ir.rewrite.GreedyRewriteConfig;
import org.hipep.ir.rewrite.GreedyRewriteResult;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.pass.Pass;
import org.hipep.pass.options.Option;

/**
 * {@code canonicalize}: applies the canonicalization patterns of every op of the loaded dialects
 * (see {@link CanonicalizationPatterns}) and removes trivially dead ops, with the greedy driver,
 * to a fixpoint or the iteration bound. Op-agnostic.
 */
public final class CanonicalizePass extends Pass {
    private final Option<Integer> maxIterations = options().intOption("max-iterations",
            "Max. iterations between applying patterns / simplifying regions", 10);
    private final Option<Integer> maxNumRewrites = options().intOption("max-num-rewrites",
            "Max. number of pattern rewrites within an iteration (-1: no limit)", -1);
    private final Option<Boolean> topDown = options().boolOption("top-down",
            "Seed the worklist in general top-down order", true);
    private final Option<Boolean> testConvergence = options().boolOption("test-convergence",
            "Fail the pass if the patterns did not converge", false);
    private final Option<List<String>> disabled = options().listOption("disable-patterns",
            "Labels of patterns that should be filtered out during application",
            org.hipep.pass.options.OptionType.STRING);

    @Override
    public String argument() {
        return "canonicalize";
    }

    @Override
    public String name() {
        return "Canonicalizer";
    }

    @Override
    public String description() {
        return "Canonicalize operations";
    }

    @Override
    protected void runOnOperation() {
        RewritePatternSet patterns = new RewritePatternSet();
        for (Dialect d : getContext().loadedDialects()) {
            for (OpDefinition def : d.operations()) {
                CanonicalizationPatterns c = def.getInterface(CanonicalizationPatterns.class);
                if (c != null) {
                    c.populate(patterns, getContext());
                }
            }
        }
        RewritePatternSet kept = new RewritePatternSet();
        patterns.patterns().stream()
                .filter(p -> !disabled.get().contains(p.debugName()))
                .forEach(kept::add);
        GreedyRewriteConfig config = GreedyRewriteConfig.defaults()
                .withMaxIterations(maxIterations.get())
                .withMaxNumRewrites(maxNumRewrites.get() < 0 ? GreedyRewriteConfig.NO_LIMIT : maxNumRewrites.get())
                .withTopDownTraversal(topDown.get());
        GreedyRewriteResult r = GreedyPatternRewriteDriver.applyPatternsGreedily(getOperation(), kept.freeze(), config);
        if (testConvergence.get() && !r.converged()) {
            getOperation().emitError("Canonicalizer failed to converge within " + maxIterations.get() + " iterations");
            signalPassFailure();
        }
    }
}
