package org.hipep.ir.rewrite;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hipep.ir.Block;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.Value;
import org.hipep.ir.WalkOrder;
import org.hipep.ir.WalkResult;

/**
 * Applies patterns to every op nested in a root op (not the root itself) until nothing changes,
 * as MLIR's {@code applyPatternsGreedily}.
 *
 * <p>Each round fills a worklist with every nested op (pre-order for top-down, the reverse of
 * post-order for bottom-up) and pops ops one by one: a trivially dead op (registered,
 * {@link OpTrait.Pure}, not a terminator, results unused) is erased; otherwise the patterns
 * rooted at its name and the any-op patterns are tried by descending benefit until one
 * succeeds. The rewriter's listener pushes back onto the worklist what a rewrite affects: new
 * and moved ops, ops modified in place (including the users of replaced values) and the
 * defining ops of an erased op's operands; erased ops leave it. Rounds repeat while a round
 * changed something, up to {@link GreedyRewriteConfig#maxIterations()}. The order is fully
 * deterministic.
 */
public final class GreedyPatternRewriteDriver {
    private static final Logger LOG = System.getLogger(GreedyPatternRewriteDriver.class.getName());

    private final Operation root;
    private final FrozenRewritePatternSet patterns;
    private final GreedyRewriteConfig config;
    private final RewriterListener observer;
    private final Worklist worklist = new Worklist();
    private final PatternRewriter rewriter;
    private int numRewrites;
    private int numDead;

    private GreedyPatternRewriteDriver(Operation root, FrozenRewritePatternSet patterns, GreedyRewriteConfig config,
            RewriterListener observer) {
        this.root = root;
        this.patterns = patterns;
        this.config = config;
        this.observer = observer;
        this.rewriter = new PatternRewriter(root.context(), new WorklistListener());
    }

    /** Applies {@code patterns} to the ops nested in {@code root} with the default config. */
    public static GreedyRewriteResult applyPatternsGreedily(Operation root, FrozenRewritePatternSet patterns) {
        return applyPatternsGreedily(root, patterns, GreedyRewriteConfig.defaults());
    }

    /**
     * Applies {@code patterns} to the ops nested in {@code root}.
     *
     * @return whether the driver converged, and how many rewrites it made
     */
    public static GreedyRewriteResult applyPatternsGreedily(Operation root, FrozenRewritePatternSet patterns,
            GreedyRewriteConfig config) {
        return applyPatternsGreedily(root, patterns, config, null);
    }

    /**
     * Applies {@code patterns} to the ops nested in {@code root}, forwarding every rewriter
     * notification (including match failures) to {@code observer} (may be {@code null}).
     */
    public static GreedyRewriteResult applyPatternsGreedily(Operation root, FrozenRewritePatternSet patterns,
            GreedyRewriteConfig config, RewriterListener observer) {
        return new GreedyPatternRewriteDriver(root, patterns, config, observer).run();
    }

    private GreedyRewriteResult run() {
        int iterations = 0;
        boolean changed = false;
        boolean continueRewrites = false;
        do {
            if (config.maxIterations() != GreedyRewriteConfig.NO_LIMIT && iterations >= config.maxIterations()) {
                break;
            }
            iterations++;
            worklist.clear();
            List<Operation> order = initialOrder();
            for (int i = order.size() - 1; i >= 0; i--) {
                worklist.push(order.get(i));
            }
            continueRewrites = processWorklist();
            changed |= continueRewrites;
        } while (continueRewrites);
        return new GreedyRewriteResult(!continueRewrites, changed, iterations, numRewrites, numDead);
    }

    /** The ops nested in root in the order a round processes them. */
    private List<Operation> initialOrder() {
        List<Operation> out = new ArrayList<>();
        WalkOrder walk = config.useTopDownTraversal() ? WalkOrder.PRE_ORDER : WalkOrder.POST_ORDER;
        for (Region r : root.regions()) {
            for (Block b : r.blocks()) {
                for (Operation op : b) {
                    op.walk(walk, o -> {
                        out.add(o);
                        return WalkResult.ADVANCE;
                    });
                }
            }
        }
        if (!config.useTopDownTraversal()) {
            Collections.reverse(out);
        }
        return out;
    }

    private boolean processWorklist() {
        boolean changed = false;
        int roundRewrites = 0;
        int bound = config.maxNumRewrites();
        while (!worklist.isEmpty() && (bound == GreedyRewriteConfig.NO_LIMIT || roundRewrites < bound)) {
            Operation op = worklist.pop();
            if (op == null || !root.isProperAncestor(op)) {
                continue;
            }
            if (config.removeDeadOps() && isTriviallyDead(op)) {
                rewriter.eraseOp(op);
                numDead++;
                changed = true;
                continue;
            }
            if (applyPatterns(op)) {
                changed = true;
                roundRewrites++;
                numRewrites++;
            }
        }
        return changed;
    }

    private boolean applyPatterns(Operation op) {
        for (RewritePattern p : patterns.patternsFor(op.nameString())) {
            rewriter.setInsertionPoint(op);
            String name = LOG.isLoggable(Level.DEBUG) ? op.nameString() : null;
            if (p.matchAndRewrite(op, rewriter).succeeded()) {
                if (name != null) {
                    LOG.log(Level.DEBUG, "applied pattern {0} to ''{1}''", p.debugName(), name);
                }
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code op} can be erased without changing the program: it is registered,
     * {@link OpTrait.Pure} (taken to cover its regions) with no reported
     * {@link org.hipep.ir.interfaces.MemoryEffects}, not a terminator, and its results are unused.
     */
    public static boolean isTriviallyDead(Operation op) {
        return op.isRegistered() && org.hipep.ir.interfaces.MemoryEffects.isPure(op)
                && !op.hasTrait(OpTrait.IsTerminator.class)
                && op.useEmpty();
    }

    private void addToWorklist(Operation op) {
        if (root.isProperAncestor(op)) {
            worklist.push(op);
        }
    }

    /** Keeps the worklist in step with the rewriter's changes and forwards them to the observer. */
    private final class WorklistListener implements RewriterListener {
        @Override
        public void notifyOperationInserted(Operation op) {
            addToWorklist(op);
            if (observer != null) {
                observer.notifyOperationInserted(op);
            }
        }

        @Override
        public void notifyBlockInserted(Block block) {
            if (observer != null) {
                observer.notifyBlockInserted(block);
            }
        }

        @Override
        public void notifyOperationModified(Operation op) {
            addToWorklist(op);
            if (observer != null) {
                observer.notifyOperationModified(op);
            }
        }

        @Override
        public void notifyOperationReplaced(Operation op, List<? extends Value> replacements) {
            if (observer != null) {
                observer.notifyOperationReplaced(op, replacements);
            }
        }

        @Override
        public void notifyOperationErased(Operation op) {
            if (observer != null) {
                observer.notifyOperationErased(op);
            }
            for (Value v : op.operands()) {
                Operation def = v.definingOp();
                if (def != null) {
                    addToWorklist(def);
                }
            }
            worklist.remove(op);
        }

        @Override
        public void notifyBlockErased(Block block) {
            if (observer != null) {
                observer.notifyBlockErased(block);
            }
        }

        @Override
        public void notifyMatchFailure(Operation op, String reason) {
            if (LOG.isLoggable(Level.DEBUG)) {
                LOG.log(Level.DEBUG, "''{0}'' did not match: {1}", op.nameString(), reason);
            }
            if (observer != null) {
                observer.notifyMatchFailure(op, reason);
            }
        }
    }
}
