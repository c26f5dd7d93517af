package org.hipep.ir.rewrite;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hipep.ir.Block;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Region;
import org.hipep.ir.Value;
import org.hipep.ir.WalkOrder;
import org.hipep.ir.WalkResult;
import org.hipep.ir.rewrite.ConversionTarget.Legality;

/** The driver behind {@link DialectConversion}: legalizes the ops nested in a root op. */
final class OperationConverter {
    /** How strict the conversion is. */
    enum Mode {
        /** Only explicitly illegal ops must be converted. */
        PARTIAL,
        /** Every op must end up legal. */
        FULL
    }

    /** How deep the legalization of ops created by patterns may recurse (stops cycles). */
    static final int MAX_DEPTH = 32;

    private static final Logger LOG = System.getLogger(OperationConverter.class.getName());

    private final Operation root;
    private final ConversionTarget target;
    private final FrozenRewritePatternSet patterns;
    private final Mode mode;
    private final ConversionPatternRewriter rewriter;
    private final Set<Operation> known = new HashSet<>();
    private Attempt attempt;

    /** What one pattern application did. */
    private static final class Attempt {
        final List<Operation> inserted = new ArrayList<>();
        boolean changed;
    }

    OperationConverter(Operation root, ConversionTarget target, FrozenRewritePatternSet patterns, Mode mode) {
        this.root = root;
        this.target = target;
        this.patterns = patterns;
        this.mode = mode;
        this.rewriter = new ConversionPatternRewriter(root);
        rewriter.setListener(new AttemptListener());
    }

    /** Converts, restoring the IR from a snapshot on failure (or when a pattern throws). */
    LogicalResult run() {
        IrSnapshot snapshot = IrSnapshot.take(root);
        boolean ok = false;
        try {
            LogicalResult r = convertAll();
            if (r.succeeded()) {
                r = rewriter.finalizeConversion();
            }
            if (r.succeeded()) {
                r = checkLegality();
            }
            ok = r.succeeded();
            return r;
        } finally {
            if (ok) {
                snapshot.discard();
            } else {
                snapshot.restore();
            }
        }
    }

    private LogicalResult convertAll() {
        List<Operation> ops = nestedPreOrder(root, false);
        known.addAll(ops);
        for (Operation op : ops) {
            if (!isAlive(op) || rewriter.isMaterialization(op)) {
                continue;
            }
            Legality legality = target.isLegal(op);
            if (legality == Legality.LEGAL) {
                continue;
            }
            String name = op.nameString();
            if (legalize(op, 0).succeeded()) {
                continue;
            }
            if (mode == Mode.FULL) {
                return op.emitError("failed to legalize operation '" + name + "'");
            }
            if (legality == Legality.ILLEGAL) {
                return op.emitError("failed to legalize operation '" + name + "' that was explicitly marked illegal");
            }
        }
        return LogicalResult.success();
    }

    /** Makes {@code op} legal with the patterns, recursing into the ops they create. */
    private LogicalResult legalize(Operation op, int depth) {
        if (target.isLegal(op) == Legality.LEGAL) {
            return LogicalResult.success();
        }
        if (depth > MAX_DEPTH) {
            log("legalization of ''{0}'' exceeded the recursion bound", op.nameString());
            return LogicalResult.failure();
        }
        for (RewritePattern p : patterns.patternsFor(op.nameString())) {
            Attempt a = new Attempt();
            attempt = a;
            LogicalResult r;
            try {
                rewriter.setInsertionPoint(op);
                r = p.matchAndRewrite(op, rewriter);
            } finally {
                attempt = null;
            }
            if (r.failed()) {
                if (a.changed) {
                    throw new IllegalStateException("pattern " + p.debugName() + " failed on '" + op.name()
                            + "' after changing the IR; conversion patterns must not change the IR before failing");
                }
                continue;
            }
            log("pattern {0} rewrote ''{1}''", p.debugName(), op.nameString());
            return legalizeResult(op, a.inserted, depth);
        }
        return LogicalResult.failure();
    }

    /**
     * Legalizes the new ops a pattern created (and ops nested in them that were never seen),
     * and checks that the root, when updated in place, is now legal.
     */
    private LogicalResult legalizeResult(Operation op, List<Operation> inserted, int depth) {
        for (Operation created : inserted) {
            if (known.contains(created) || !isAlive(created)) {
                continue;
            }
            for (Operation n : nestedPreOrder(created, true)) {
                if (!known.add(n) || !isAlive(n) || rewriter.isMaterialization(n)) {
                    continue;
                }
                if (legalize(n, depth + 1).failed()) {
                    log("failed to legalize generated operation ''{0}''", n.nameString());
                    return LogicalResult.failure();
                }
            }
        }
        if (isAlive(op) && target.isLegal(op) != Legality.LEGAL) {
            log("operation ''{0}'' updated in place is not legal", op.nameString());
            return LogicalResult.failure();
        }
        return LogicalResult.success();
    }

    /** The check after the patterns: no op may be illegal (partial) or not legal (full). */
    private LogicalResult checkLegality() {
        for (Operation op : nestedPreOrder(root, false)) {
            if (rewriter.isMaterialization(op)) {
                continue;
            }
            Legality l = target.isLegal(op);
            if (mode == Mode.FULL && l != Legality.LEGAL) {
                return op.emitError("failed to legalize operation '" + op.nameString() + "'");
            }
            if (mode == Mode.PARTIAL && l == Legality.ILLEGAL) {
                return op.emitError("failed to legalize operation '" + op.nameString()
                        + "' that was explicitly marked illegal");
            }
        }
        return LogicalResult.success();
    }

    private boolean isAlive(Operation op) {
        return root.isProperAncestor(op);
    }

    /** The ops nested in {@code op} in pre-order, with {@code op} itself first when {@code self}. */
    private static List<Operation> nestedPreOrder(Operation op, boolean self) {
        List<Operation> out = new ArrayList<>();
        if (self) {
            out.add(op);
        }
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation o : b) {
                    o.walk(WalkOrder.PRE_ORDER, x -> {
                        out.add(x);
                        return WalkResult.ADVANCE;
                    });
                }
            }
        }
        return out;
    }

    private static void log(String format, Object... args) {
        if (LOG.isLoggable(Level.DEBUG)) {
            LOG.log(Level.DEBUG, format, args);
        }
    }

    /** Records what the running pattern does. */
    private final class AttemptListener implements RewriterListener {
        private void changed() {
            if (attempt != null) {
                attempt.changed = true;
            }
        }

        @Override
        public void notifyOperationInserted(Operation op) {
            if (attempt != null) {
                attempt.inserted.add(op);
            }
            changed();
        }

        @Override
        public void notifyBlockInserted(Block block) {
            changed();
        }

        @Override
        public void notifyOperationModified(Operation op) {
            changed();
        }

        @Override
        public void notifyOperationReplaced(Operation op, List<? extends Value> replacements) {
            changed();
        }

        @Override
        public void notifyOperationErased(Operation op) {
            changed();
        }

        @Override
        public void notifyBlockErased(Block block) {
            changed();
        }

        @Override
        public void notifyMatchFailure(Operation op, String reason) {
            log("''{0}'' did not match: {1}", op.nameString(), reason);
        }
    }
}
