package org.hipep.ir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks that IR is well formed, reporting every problem as a diagnostic at the op's location:
 * block terminators, single-block and no-terminator traits, SSA dominance (including uses in
 * nested regions), values used across an isolated-from-above boundary, unique symbols in symbol
 * tables, and each registered op's own verifiers.
 *
 * <p>Regions of unregistered ops and of ops with {@link OpTrait.GraphRegion} are graph regions:
 * uses need not be dominated by their definitions there.
 */
public final class Verifier {
    private final Map<Region, Dominance> dominance = new IdentityHashMap<>();
    private final SymbolTableCollection symbolTables = new SymbolTableCollection();
    private boolean failed;

    private Verifier() {
    }

    /** Verifies {@code op} and everything nested in it. */
    public static LogicalResult verify(Operation op) {
        Verifier v = new Verifier();
        v.verifyOperation(op);
        if (!v.failed) {
            v.verifyDominance(op);
        }
        return LogicalResult.of(!v.failed);
    }

    private void fail(LogicalResult r) {
        if (r.failed()) {
            failed = true;
        }
    }

    // ------------------------------------------------------------------ structure and op verifiers

    private void verifyOperation(Operation op) {
        for (int i = 0; i < op.numOperands(); i++) {
            if (op.operand(i) == null) {
                fail(op.emitOpError("null operand found"));
                return;
            }
        }
        OpDefinition def = op.definition();
        if (def == null) {
            Dialect d = op.context().getLoadedDialect(op.name().dialectNamespace());
            if (d != null && !d.allowsUnknownOperations()) {
                fail(op.emitError("unregistered operation '" + op.name() + "' found in dialect ('" + d.namespace()
                        + "') that does not allow unknown operations"));
            }
        }
        if (def != null) {
            if (def.hasTrait(OpTrait.IsTerminator.class) && op.block() != null && op.block().back() != op) {
                fail(op.emitOpError("must be the last operation in the parent block"));
            }
            if (def.hasTrait(OpTrait.SingleBlock.class)) {
                for (int i = 0; i < op.numRegions(); i++) {
                    if (op.region(i).blocks().size() > 1) {
                        fail(op.emitOpError("expects region #" + i + " to have 0 or 1 blocks"));
                    }
                }
            }
            if (def.verifier() != null) {
                fail(def.verifier().verify(op));
            }
            if (def.symbolUseVerifier() != null) {
                fail(def.symbolUseVerifier().verify(op, symbolTables));
            }
        }
        for (int i = 0; i < op.numRegions(); i++) {
            verifyRegion(op, op.region(i), i);
        }
        if (def != null && def.hasTrait(OpTrait.SymbolTable.class)) {
            verifySymbolTable(op);
        }
        if (def != null && def.regionVerifier() != null && !failed) {
            fail(def.regionVerifier().verify(op));
        }
    }

    private void verifyRegion(Operation op, Region region, int index) {
        boolean registered = op.isRegistered();
        boolean noTerminator = op.hasTrait(OpTrait.NoTerminator.class);
        for (Block block : region.blocks()) {
            if (registered && !noTerminator) {
                if (block.isEmpty()) {
                    fail(op.emitOpError("empty block: expect at least a terminator"));
                } else {
                    Operation last = block.back();
                    if (last.isRegistered() && !last.hasTrait(OpTrait.IsTerminator.class)) {
                        fail(last.emitError("block with no terminator, has " + describe(last)));
                    }
                }
            }
            if (!block.successors().isEmpty()) {
                for (Block succ : block.successors()) {
                    if (succ.parent() != region) {
                        fail(block.back().emitError("branching to block of a different region"));
                    }
                }
            }
            for (Operation nested : block) {
                verifyOperation(nested);
            }
        }
        if (region.blocks().size() > 1 && region.front().hasPredecessors()) {
            fail(op.emitOpError("entry block of region #" + index + " may not have predecessors"));
        }
    }

    private static String describe(Operation op) {
        return "'" + op.name() + "'";
    }

    private void verifySymbolTable(Operation op) {
        if (op.numRegions() == 0 || op.region(0).isEmpty()) {
            return;
        }
        Map<String, Operation> seen = new HashMap<>();
        for (Operation nested : op.region(0).front()) {
            String name = SymbolTable.symbolName(nested);
            if (name == null) {
                continue;
            }
            Operation prev = seen.putIfAbsent(name, nested);
            if (prev != null) {
                fail(nested.emitError("redefinition of symbol named '" + name + "'",
                        d -> d.attachNote(prev.location(), "see existing symbol definition here")));
            }
        }
    }

    // ------------------------------------------------------------------ dominance

    private void verifyDominance(Operation root) {
        root.walk(WalkOrder.PRE_ORDER, op -> {
            for (OpOperand operand : op.opOperands()) {
                checkOperand(op, operand);
            }
            return WalkResult.ADVANCE;
        });
    }

    private void checkOperand(Operation user, OpOperand operand) {
        Value v = operand.get();
        Region defRegion = v.parentRegion();
        Block defBlock = v.parentBlock();
        if (defBlock == null) {
            fail(user.emitOpError("operand #" + operand.index() + " is defined by a detached operation"));
            return;
        }
        // The ancestor of the user that sits directly in the definition's region. Meeting an
        // isolated-from-above op on the way up means the value comes from outside it.
        Operation anc = user;
        while (anc != null && anc.parentRegion() != defRegion) {
            Operation parent = anc.parentOp();
            if (parent != null && parent.hasTrait(OpTrait.IsolatedFromAbove.class)) {
                reportIsolation(user, parent);
                return;
            }
            anc = parent;
        }
        if (anc == null) {
            fail(user.emitOpError("operand #" + operand.index() + " does not dominate this use",
                    d -> d.attachNote(v.location(), "operand defined here (in a region that does not enclose the use)")));
            return;
        }
        if (isGraphRegion(defRegion)) {
            return;
        }
        Block useBlock = anc.block();
        boolean ok;
        if (useBlock == defBlock) {
            Operation def = v.definingOp();
            ok = def == null || (def != anc && def.isBeforeInBlock(anc));
        } else {
            ok = dominanceOf(defRegion).dominates(defBlock, useBlock);
        }
        if (!ok) {
            fail(user.emitOpError("operand #" + operand.index() + " does not dominate this use",
                    d -> d.attachNote(v.location(), v.definingOp() != null ? "operand defined here"
                            : "operand defined as a block argument")));
        }
    }

    private void reportIsolation(Operation user, Operation isolated) {
        fail(user.emitOpError("using value defined outside the region",
                d -> d.attachNote(isolated.location(), "required by region isolation constraints")));
    }

    private static boolean isGraphRegion(Region r) {
        Operation owner = r.parentOp();
        return owner == null || !owner.isRegistered() || owner.hasTrait(OpTrait.GraphRegion.class);
    }

    private Dominance dominanceOf(Region r) {
        return dominance.computeIfAbsent(r, Dominance::new);
    }

    /** Block dominance of one region (Cooper, Harvey and Kennedy's iterative algorithm). */
    private static final class Dominance {
        private final Map<Block, Integer> order = new IdentityHashMap<>();
        private final List<Block> postorder = new ArrayList<>();
        private final Map<Block, Block> idom = new IdentityHashMap<>();

        Dominance(Region region) {
            if (region.isEmpty()) {
                return;
            }
            Block entry = region.front();
            dfs(entry, new IdentityHashMap<>());
            for (int i = 0; i < postorder.size(); i++) {
                order.put(postorder.get(i), i);
            }
            idom.put(entry, entry);
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = postorder.size() - 1; i >= 0; i--) {
                    Block b = postorder.get(i);
                    if (b == entry) {
                        continue;
                    }
                    Block newIdom = null;
                    for (Block p : b.predecessors()) {
                        if (idom.containsKey(p)) {
                            newIdom = newIdom == null ? p : intersect(p, newIdom);
                        }
                    }
                    if (newIdom != null && idom.get(b) != newIdom) {
                        idom.put(b, newIdom);
                        changed = true;
                    }
                }
            }
        }

        private void dfs(Block b, Map<Block, Boolean> seen) {
            // Iterative DFS producing a post-order, so deep CFGs cannot overflow the stack.
            java.util.Deque<Object[]> stack = new java.util.ArrayDeque<>();
            seen.put(b, true);
            stack.push(new Object[] {b, b.successors(), 0});
            while (!stack.isEmpty()) {
                Object[] f = stack.peek();
                @SuppressWarnings("unchecked")
                List<Block> succ = (List<Block>) f[1];
                int next = (int) f[2];
                if (next < succ.size()) {
                    f[2] = next + 1;
                    Block s = succ.get(next);
                    if (seen.putIfAbsent(s, true) == null) {
                        stack.push(new Object[] {s, s.successors(), 0});
                    }
                } else {
                    stack.pop();
                    postorder.add((Block) f[0]);
                }
            }
        }

        private Block intersect(Block a, Block b) {
            while (a != b) {
                while (order.get(a) < order.get(b)) {
                    a = idom.get(a);
                }
                while (order.get(b) < order.get(a)) {
                    b = idom.get(b);
                }
            }
            return a;
        }

        boolean dominates(Block a, Block b) {
            if (!idom.containsKey(b)) {
                // Unreachable blocks are dominated by everything, as in MLIR.
                return true;
            }
            Block cur = b;
            while (true) {
                if (cur == a) {
                    return true;
                }
                Block up = idom.get(cur);
                if (up == cur) {
                    return false;
                }
                cur = up;
            }
        }
    }
}
