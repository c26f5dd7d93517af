package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.ContextType;
import org.hipep.dialects.hip.HipShapes;
import org.hipep.ir.Attribute;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.pass.Pass;
import org.hipep.passes.onnx.OnnxIfOutlinePass;
import org.hipep.passes.onnx.OnnxLoopOutlinePass;

/**
 * {@code hip-infer-loop-body-shapes} (hip-ep-contracts §3.1 row 5; after {@code onnx-loop-outline}
 * and {@code onnx-if-outline}): refines the signatures of the outlined bodies from their callers,
 * so that {@code convert-onnx-to-hip} sees ranked and static types where they are known.
 *
 * <p>A body is a function with a body that only {@code onnx.OutlinedLoop} ({@code body}) and
 * {@code onnx.OutlinedIf} ({@code then_branch}, {@code else_branch}) name; a function any other op
 * names is left alone (its call sites fix its signature). A leading {@code !hip.context}
 * (operand and argument 0, after {@code hip-add-context-arg}) is passed over. Per argument, the
 * types that reach it are joined (equal dimensions stay, others become {@code ?}; ranks that
 * differ give an unranked tensor):
 * <ul>
 *   <li>an If branch's arguments: the op's captures;</li>
 *   <li>a Loop body's loop-carried arguments: the initial values and what the body returns for
 *       them (the argument itself passed through adds nothing); its captures: the op's; {@code iteration_num} and {@code cond} keep their types;</li>
 * </ul>
 * and each result becomes at least as precise as what the body returns, and as the op's result
 * says: an If branch's results are the op's, a Loop body's scan outputs are the op's scan
 * results without the leading (iteration) dimension. A returned value less precise than its
 * refined result goes through a {@code tensor.cast}. All this repeats to a fixpoint (a refined
 * body makes the bodies it calls more precise, and a carried value its next iteration).
 *
 * <p>A type never becomes less precise. Where what reaches an argument or a result contradicts
 * its declared type (another element type, rank or static size) the pass fails with
 * {@code '@f' <argument|result> #i is declared T but <what reaches it> U}. Users of a refined
 * argument other than onnx ops and {@code func.return} get a {@code tensor.cast} back to the old
 * type.
 */
public final class InferLoopBodyShapesPass extends Pass {
    private static final long DYN = RankedTensorType.DYNAMIC;

    @Override
    public String argument() {
        return "hip-infer-loop-body-shapes";
    }

    @Override
    public String name() {
        return "HipInferLoopBodyShapes";
    }

    @Override
    public String description() {
        return "Refine the argument and result types of outlined Loop/If bodies from their callers, to a fixpoint";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    /** One function a site calls and how the site's values map onto it. */
    private record Call(Operation site, Operation callee, boolean loop) {
    }

    /** The failure, when one was reported. */
    private static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failed() {
            super(null, null, false, false);
        }
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        Map<Operation, List<Call>> bodies = bodies(module);
        PatternRewriter rewriter = new PatternRewriter(getContext());
        try {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Map.Entry<Operation, List<Call>> e : bodies.entrySet()) {
                    changed |= refineArguments(rewriter, e.getKey(), e.getValue());
                    changed |= refineResults(rewriter, e.getKey(), e.getValue());
                }
            }
        } catch (Failed f) {
            signalPassFailure();
        }
    }

    /** The outlined bodies and their call sites; functions any other op names are dropped. */
    private static Map<Operation, List<Call>> bodies(Operation module) {
        SymbolTable symbols = new SymbolTable(module);
        Map<Operation, List<Call>> calls = new LinkedHashMap<>();
        Map<Operation, Boolean> foreign = new HashMap<>();
        module.walk(op -> {
            boolean outlined = op.is(OnnxLoopOutlinePass.OUTLINED_LOOP) || op.is(OnnxIfOutlinePass.OUTLINED_IF);
            for (Attribute a : HipDps.attributes(op).values()) {
                if (!(a instanceof SymbolRefAttr ref) || !ref.isFlat()) {
                    continue;
                }
                Operation f = symbols.lookup(ref.leafReference());
                if (f == null || !f.is(FuncDialect.FUNC) || FuncDialect.isDeclaration(f)) {
                    continue;
                }
                if (outlined) {
                    calls.computeIfAbsent(f, k -> new ArrayList<>())
                            .add(new Call(op, f, op.is(OnnxLoopOutlinePass.OUTLINED_LOOP)));
                } else {
                    foreign.put(f, true);
                }
            }
        });
        calls.keySet().removeIf(foreign::containsKey);
        return calls;
    }

    /** Whether argument/operand 0 is the context on both sides. */
    private static int contextOffset(Call c) {
        List<Type> in = FuncDialect.functionType(c.callee()).inputs();
        boolean callee = !in.isEmpty() && in.get(0) instanceof ContextType;
        boolean site = c.site().numOperands() > 0 && c.site().operand(0).type() instanceof ContextType;
        return callee && site ? 1 : 0;
    }

    private static Operation returnOf(Operation f) {
        Operation last = f.region(0).front().back();
        return last != null && last.is(FuncDialect.RETURN) ? last : null;
    }

    private boolean refineArguments(PatternRewriter rewriter, Operation f, List<Call> calls) {
        FunctionType ft = FuncDialect.functionType(f);
        Operation ret = returnOf(f);
        Map<Integer, Type> joined = new HashMap<>();
        Map<Integer, String> from = new HashMap<>();
        for (Call c : calls) {
            int o = contextOffset(c);
            for (int i = o; i < ft.inputs().size(); i++) {
                int operand;
                if (c.loop()) {
                    if (i < o + 2) {
                        continue; // iteration_num and cond keep their types
                    }
                    operand = i; // (ctx, M, cond, initial..., captures...) against (ctx, iter, cond, carried..., captures...)
                    int carried = ft.inputs().size() - o - 2 - captures(c);
                    int j = i - o - 2;
                    if (ret != null && j < carried && 1 + j < ret.numOperands()
                            && ret.operand(1 + j) != f.region(0).front().argument(i)) {
                        join(joined, from, i, ret.operand(1 + j).type(), "its next iteration");
                    }
                } else {
                    operand = i + 1; // (ctx, cond, captures...) against (ctx, captures...)
                }
                if (operand < c.site().numOperands()) {
                    join(joined, from, i, c.site().operand(operand).type(), "its callers pass");
                }
            }
        }
        boolean changed = false;
        List<Type> inputs = new ArrayList<>(ft.inputs());
        for (Map.Entry<Integer, Type> e : joined.entrySet()) {
            int i = e.getKey();
            Type now = refine(f, "argument", i, inputs.get(i), e.getValue(), from.get(i));
            if (now.equals(inputs.get(i))) {
                continue;
            }
            BlockArgument arg = f.region(0).front().argument(i);
            Type old = arg.type();
            arg.setType(now);
            inputs.set(i, now);
            changed = true;
            castForeignUsers(rewriter, f, arg, old);
        }
        if (changed) {
            f.setAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(inputs, ft.results())));
        }
        return changed;
    }

    /** The number of scan outputs of a Loop: its results after the loop-carried ones. */
    private static int scanCount(Call c, FunctionType ft) {
        int o = contextOffset(c);
        int carried = ft.inputs().size() - o - 2 - captures(c);
        return Math.max(0, c.site().numResults() - carried);
    }

    private static int captures(Call c) {
        return c.site().attribute("onnx.num_captures") instanceof IntegerAttr n
                ? (int) n.longValue() : 0;
    }

    private boolean refineResults(PatternRewriter rewriter, Operation f, List<Call> calls) {
        Operation ret = returnOf(f);
        if (ret == null) {
            return false;
        }
        FunctionType ft = FuncDialect.functionType(f);
        List<Type> results = new ArrayList<>(ft.results());
        boolean changed = false;
        for (int k = 0; k < results.size() && k < ret.numOperands(); k++) {
            Type now = refine(f, "result", k, results.get(k), ret.operand(k).type(), "it returns");
            for (Call c : calls) {
                Type claimed = claimedResult(c, ft, k);
                if (claimed != null) {
                    now = refine(f, "result", k, now, claimed, "its caller's result gives");
                }
            }
            if (!now.equals(results.get(k))) {
                results.set(k, now);
                changed = true;
            }
            if (!ret.operand(k).type().equals(now) && now instanceof RankedTensorType) {
                rewriter.setInsertionPoint(ret);
                ret.setOperand(k, rewriter.create(ret.location(), "tensor.cast", List.of(ret.operand(k)),
                        List.of(now), Map.of()).result(0));
            }
        }
        if (changed) {
            f.setAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(ft.inputs(), results)));
        }
        return changed;
    }

    /** What the site's results say body result {@code k} is, or {@code null}. */
    private static Type claimedResult(Call c, FunctionType ft, int k) {
        if (!c.loop()) {
            return k < c.site().numResults() ? c.site().result(k).type() : null;
        }
        int scans = scanCount(c, ft);
        int firstScan = ft.results().size() - scans; // body results: cond, carried..., scans...
        if (k < firstScan || scans == 0) {
            return null;
        }
        int r = c.site().numResults() - scans + (k - firstScan);
        if (r < 0 || r >= c.site().numResults() || !(c.site().result(r).type() instanceof RankedTensorType t)
                || t.rank() == 0) {
            return null;
        }
        return new RankedTensorType(t.shape().subList(1, t.rank()), t.elementType(), t.encoding());
    }

    private static void join(Map<Integer, Type> joined, Map<Integer, String> from, int i, Type t, String what) {
        Type prev = joined.get(i);
        if (prev == null) {
            joined.put(i, t);
            from.put(i, what);
            return;
        }
        joined.put(i, join(prev, t));
        if (!from.get(i).equals(what)) {
            from.put(i, "what reaches it gives");
        }
    }

    /** The most precise type both {@code a} and {@code b} are instances of. */
    static Type join(Type a, Type b) {
        if (a.equals(b)) {
            return a;
        }
        if (a instanceof RankedTensorType x && b instanceof RankedTensorType y && x.elementType().equals(y.elementType())) {
            if (x.rank() != y.rank()) {
                return new UnrankedTensorType(x.elementType());
            }
            List<Long> out = new ArrayList<>();
            for (int d = 0; d < x.rank(); d++) {
                out.add(x.shape().get(d).equals(y.shape().get(d)) ? x.shape().get(d) : DYN);
            }
            return new RankedTensorType(out, x.elementType(), x.encoding());
        }
        if (isTensor(a) && isTensor(b) && elementOf(a).equals(elementOf(b))) {
            return new UnrankedTensorType(elementOf(a));
        }
        return a; // not tensors of one element type: refine() reports it
    }

    /** {@code declared} made as precise as {@code incoming}; an error when they contradict. */
    private static Type refine(Operation f, String what, int i, Type declared, Type incoming, String source) {
        if (!isTensor(declared) || !isTensor(incoming)) {
            if (isTensor(declared) != isTensor(incoming) || !declared.equals(incoming)) {
                if (isTensor(declared) || isTensor(incoming)) {
                    throw fail(f, what, i, declared, incoming, source);
                }
            }
            return declared;
        }
        if (!elementOf(declared).equals(elementOf(incoming))) {
            throw fail(f, what, i, declared, incoming, source);
        }
        if (declared instanceof UnrankedTensorType) {
            return incoming;
        }
        if (incoming instanceof UnrankedTensorType) {
            return declared;
        }
        try {
            return HipShapes.refine(declared, incoming);
        } catch (HipShapes.ShapeError e) {
            throw fail(f, what, i, declared, incoming, source);
        }
    }

    private static Failed fail(Operation f, String what, int i, Type declared, Type incoming, String source) {
        f.emitError("'@" + SymbolTable.symbolName(f) + "' " + what + " #" + i + " is declared " + text(declared)
                + " but " + source + " " + text(incoming));
        return new Failed();
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    private static Type elementOf(Type t) {
        return t instanceof RankedTensorType r ? r.elementType() : ((UnrankedTensorType) t).elementType();
    }

    private static String text(Type t) {
        return AttrTypePrinter.typeToString(t);
    }

    /** Users other than onnx ops and {@code func.return} keep the old type through a cast. */
    private static void castForeignUsers(PatternRewriter rewriter, Operation f, BlockArgument arg, Type old) {
        List<Operation> foreign = arg.users().stream()
                .filter(u -> !u.nameString().startsWith("onnx.") && !u.is(FuncDialect.RETURN)).distinct().toList();
        if (foreign.isEmpty()) {
            return;
        }
        rewriter.setInsertionPointToStart(f.region(0).front());
        Operation cast = rewriter.create(f.location(), "tensor.cast", List.of(arg), List.of(old), Map.of());
        arg.replaceUsesWithIf(cast.result(0), u -> u.owner() != cast && foreign.contains(u.owner()));
    }
}
