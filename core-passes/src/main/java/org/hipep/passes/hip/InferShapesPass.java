package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.HipEpilogueFusion;
import org.hipep.dialects.hip.HipParameters;
import org.hipep.dialects.hip.HipShapes;
import org.hipep.dialects.hip.InferShapes;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.rewrite.GreedyPatternRewriteDriver;
import org.hipep.ir.rewrite.GreedyRewriteConfig;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.ir.rewrite.RewritePatternSet;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.pass.Pass;

/**
 * {@code hip-infer-shapes}: walks each function in order and, for every {@code hip} op with
 * {@link InferShapes}, recomputes its result types from its current operand types. Where the
 * inferred type is more precise (a {@code ?} becomes static) the result takes it, and so does
 * its destination: a {@code tensor.empty} is rebuilt with the new type and without the size
 * operands it no longer needs, any other destination gets a {@code tensor.cast}. {@code hip}
 * users see the new type (and are re-inferred when reached); any other user (a
 * {@code func.return}, an op of another dialect) gets a {@code tensor.cast} back to the old type.
 * A type never becomes less precise; a static dimension that contradicts the inferred one is an
 * error naming the op and both types. Dimensions that stay unknown stay {@code ?}.
 *
 * <p>At the end, a {@code hip.max} / {@code hip.min} of a single-use {@code hip.conv} (or float
 * {@code hip.add / sub / mul / div}) and a scalar-like constant becomes that op's fused clamp
 * ({@code HipEpilogueFusion}: ONNX Conv + Relu, Relu6, Clip; a residual Add + Relu), and an f32
 * {@code hip.matmul} followed by the add of a 1-D bias row takes the bias as its third input
 * (MatMul + Add), here because the bounds are still {@code hip.constant} carriers with their
 * values, which {@code hip-externalize-constants} (next) moves out of the IR.
 *
 * <p>Shape arithmetic whose inputs are known folds to {@code hip.constant} carriers (inline
 * i64 {@code value}, no {@code serialization_order}: they are synthesized): {@code hip.shape}
 * and {@code hip.size} of a statically shaped input, then {@code hip.gather} of a 1-D constant
 * and {@code hip.concat} of 1-D constants, {@code hip.squeeze}/{@code hip.unsqueeze}/integer
 * {@code hip.cast} to i64, a 1-D static {@code hip.slice} and i64 {@code hip.add/sub/mul/div} of
 * constants; a {@code hip.range} over constant scalars gets a static length (an i64 one becomes
 * a constant). Before an op is refined, its parameter operands ({@link HipParameters}: a
 * reshape's or expand's shape, a slice's starts, a reduction's axes, ...) that are (or became)
 * inline constants fold back into its static attributes, so a folded shape chain ends in the
 * static form.
 */
public final class InferShapesPass extends Pass {
    private static final long DYN = RankedTensorType.DYNAMIC;

    @Override
    public String argument() {
        return "hip-infer-shapes";
    }

    @Override
    public String name() {
        return "HipInferShapes";
    }

    @Override
    public String description() {
        return "Refine the result types of hip ops from their operands and fold known shape arithmetic to constants";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    @Override
    protected void runOnOperation() {
        PatternRewriter rewriter = new PatternRewriter(getContext());
        boolean failed = false;
        List<Operation> funcs = new ArrayList<>();
        getOperation().region(0).front().forEach(funcs::add);
        for (Operation func : funcs) {
            if (!func.is(FuncDialect.FUNC)) {
                continue;
            }
            List<Operation> ops = new ArrayList<>();
            func.walk(ops::add);
            for (Operation op : ops) {
                if (op.block() == null || !op.nameString().startsWith("hip.")) {
                    continue;
                }
                op = foldParameters(rewriter, op);
                if (!refine(rewriter, op)) {
                    failed = true;
                    continue;
                }
                fold(rewriter, op);
            }
        }
        if (failed) {
            signalPassFailure();
            return;
        }
        // Epilogue fusion (issue #9): a clamp after a single-use conv or float add/sub/mul/div, and
        // a bias row after an f32 matmul, become that op's epilogue. Here, with the refined types
        // and while the bounds are still hip.constant carriers with their values;
        // hip-externalize-constants, next, moves them out of the IR.
        GreedyPatternRewriteDriver.applyPatternsGreedily(getOperation(),
                HipEpilogueFusion.populate(new RewritePatternSet()).freeze(),
                GreedyRewriteConfig.defaults().withRemoveDeadOps(false));
    }

    /** Refines {@code op}'s results from its operands; false (after an error) on a contradiction. */
    private static boolean refine(PatternRewriter rewriter, Operation op) {
        InferShapes.Inferred inferred = InferShapes.inferFor(op);
        if (inferred == null) {
            return true;
        }
        if (!inferred.succeeded()) {
            op.emitOpError("shape inference failed: " + inferred.error());
            return false;
        }
        int inputs = op.numOperands() - op.numResults();
        for (int i = 0; i < op.numResults(); i++) {
            Value result = op.result(i);
            Type old = result.type();
            Type now;
            try {
                now = HipShapes.refine(old, inferred.types().get(i));
            } catch (HipShapes.ShapeError e) {
                op.emitOpError("result #" + i + " is declared " + text(old) + " but its operands give "
                        + text(inferred.types().get(i)));
                return false;
            }
            if (now.equals(old)) {
                continue;
            }
            result.setType(now);
            setDestination(rewriter, op, inputs + i, (RankedTensorType) now);
            keepForeignUsers(rewriter, op, result, old);
        }
        return true;
    }

    /** Gives operand {@code index} of {@code op} (a destination) the type {@code type}. */
    private static void setDestination(PatternRewriter rewriter, Operation op, int index, RankedTensorType type) {
        Value dest = op.operand(index);
        Operation def = dest.definingOp();
        rewriter.setInsertionPoint(op);
        if (def != null && def.is("tensor.empty") && dest.type() instanceof RankedTensorType oldType
                && oldType.rank() == type.rank()) {
            List<Value> sizes = new ArrayList<>();
            int k = 0;
            for (int d = 0; d < oldType.rank(); d++) {
                if (oldType.shape().get(d) == DYN) {
                    if (type.shape().get(d) == DYN) {
                        sizes.add(def.operand(k));
                    }
                    k++;
                }
            }
            Value empty = rewriter.create(def.location(), "tensor.empty", sizes, List.of(type), Map.of()).result(0);
            op.setOperand(index, empty);
            eraseDeadEmpty(rewriter, def);
        } else {
            op.setOperand(index, rewriter.create(op.location(), "tensor.cast", List.of(dest), List.of(type), Map.of())
                    .result(0));
        }
    }

    /** Erases an unused {@code tensor.empty} and the {@code tensor.dim} (and index constant) chains only it used. */
    private static void eraseDeadEmpty(PatternRewriter rewriter, Operation empty) {
        if (empty == null || empty.block() == null || !empty.is("tensor.empty") || !empty.result(0).useEmpty()) {
            return;
        }
        List<Operation> defs = new ArrayList<>();
        for (Value v : empty.operands()) {
            if (v.definingOp() != null) {
                defs.add(v.definingOp());
            }
        }
        rewriter.eraseOp(empty);
        for (Operation dim : defs) {
            if (dim.block() != null && dim.is("tensor.dim") && dim.result(0).useEmpty()) {
                Operation index = dim.operand(1).definingOp();
                rewriter.eraseOp(dim);
                if (index != null && index.is("arith.constant") && index.result(0).useEmpty()) {
                    rewriter.eraseOp(index);
                }
            }
        }
    }

    /** Users outside {@code hip} take a {@code tensor.cast} of {@code result} back to {@code old}. */
    private static void keepForeignUsers(PatternRewriter rewriter, Operation op, Value result, Type old) {
        if (result.users().stream().allMatch(u -> u.nameString().startsWith("hip."))) {
            return;
        }
        rewriter.setInsertionPointAfter(op);
        Operation cast = rewriter.create(op.location(), "tensor.cast", List.of(result), List.of(old), Map.of());
        result.replaceUsesWithIf(cast.result(0),
                use -> use.owner() != cast && !use.owner().nameString().startsWith("hip."));
    }

    // ---- folding -------------------------------------------------------------------------------

    private static void fold(PatternRewriter rewriter, Operation op) {
        if (op.is("hip.range")) {
            foldRange(rewriter, op);
            return;
        }
        ShapeValues.Known known = ShapeValues.ofResult(op);
        if (known != null) {
            List<Long> values = new ArrayList<>();
            for (long v : known.values()) {
                values.add(v);
            }
            replaceWithConstant(rewriter, op, known.shape(), values);
        }
    }

    /**
     * A range over constant scalars: its length becomes static (result and destination), and an
     * i64 range becomes a constant.
     */
    private static void foldRange(PatternRewriter rewriter, Operation op) {
        DenseElementsAttr[] in = new DenseElementsAttr[3];
        for (int i = 0; i < 3; i++) {
            Operation def = op.operand(i).definingOp();
            if (def == null || !def.is("hip.constant") || !(def.attribute("value") instanceof DenseElementsAttr d)
                    || d.numElements() != 1) {
                return;
            }
            in[i] = d;
        }
        if (!(op.result(0).type() instanceof RankedTensorType old) || old.rank() != 1) {
            return;
        }
        long n;
        boolean integer = old.elementType() instanceof IntegerType;
        if (integer) {
            long start = in[0].getLong(0);
            long delta = in[2].getLong(0);
            if (delta == 0) {
                return;
            }
            long span = in[1].getLong(0) - start;
            n = Math.max(0, span / delta + (span % delta != 0 && (span < 0) == (delta < 0) ? 1 : 0));
        } else {
            double delta = in[2].getDouble(0);
            if (delta == 0) {
                return;
            }
            n = (long) Math.max(0, Math.ceil((in[1].getDouble(0) - in[0].getDouble(0)) / delta));
        }
        RankedTensorType exact = RankedTensorType.of(List.of(n), old.elementType());
        if (old.elementType() instanceof IntegerType it && it.width() == 64) {
            List<Long> values = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                values.add(in[0].getLong(0) + i * in[2].getLong(0));
            }
            replaceWithConstant(rewriter, op, List.of(n), values);
            return;
        }
        if (!HipShapes.compatible(old, exact) || exact.equals(old)) {
            return;
        }
        op.result(0).setType(exact);
        setDestination(rewriter, op, 3, exact);
        keepForeignUsers(rewriter, op, op.result(0), old);
    }

    /**
     * Parameter operands ({@link HipParameters}) that are inline constants become the op's
     * static attributes: the op is rebuilt without them (same destinations and result types,
     * which {@link #refine} then sharpens). Nothing changes when the attribute form would not
     * infer (a value the op rejects stays an operand). Returns the op that stands now.
     */
    private static Operation foldParameters(PatternRewriter rewriter, Operation op) {
        Map<String, Integer> operands = HipParameters.operandIndices(op);
        if (operands.isEmpty()) {
            return op;
        }
        Map<String, Attribute> attrs = allAttributes(op);
        Type dataElement = op.operand(0).type() instanceof ShapedType s ? s.elementType() : null;
        Set<Integer> folded = new HashSet<>();
        for (HipParameters.Parameter p : HipParameters.of(op.nameString())) {
            Integer i = operands.get(p.name());
            Operation def = i == null ? null : op.operand(i).definingOp();
            if (def == null || !def.is("hip.constant") || !(def.attribute("value") instanceof DenseElementsAttr d)) {
                continue;
            }
            Attribute a = HipParameters.attribute(p, d, dataElement);
            if (a != null) {
                attrs.put(p.name(), a);
                folded.add(i);
            }
        }
        if (folded.isEmpty()) {
            return op;
        }
        List<Value> kept = new ArrayList<>();
        for (int i = 0; i < op.numOperands(); i++) {
            if (!folded.contains(i)) {
                kept.add(op.operand(i));
            }
        }
        InferShapes model = op.getInterface(InferShapes.class);
        List<Type> inputs = kept.subList(0, kept.size() - op.numResults()).stream().map(Value::type).toList();
        if (model == null || !model.inferResultTypes(inputs, attrs, op.numResults()).succeeded()) {
            return op;
        }
        rewriter.setInsertionPoint(op);
        Operation now = rewriter.create(op.location(), op.nameString(), kept, op.resultTypes(), attrs);
        List<Operation> defs = folded.stream().map(i -> op.operand(i).definingOp()).toList();
        rewriter.replaceOp(op, now.results());
        defs.forEach(def -> eraseDeadConstant(rewriter, def));
        return now;
    }

    private static long[] toArray(List<Long> l) {
        return l.stream().mapToLong(Long::longValue).toArray();
    }

    /** Replaces {@code op} by a synthesized i64 constant of {@code shape} holding {@code values}. */
    private static void replaceWithConstant(PatternRewriter rewriter, Operation op, List<Long> shape,
            List<Long> values) {
        RankedTensorType type = RankedTensorType.of(shape, IntegerType.I64);
        if (!(op.result(0).type() instanceof RankedTensorType declared) || !HipShapes.compatible(declared, type)) {
            return;
        }
        rewriter.setInsertionPoint(op);
        Operation c = rewriter.create(op.location(), "hip.constant", List.of(), List.of(type),
                Map.of("value", DenseElementsAttr.ofLongs(type, toArray(values))));
        List<Operation> inputs = new ArrayList<>();
        for (Value v : op.operands()) {
            inputs.add(v.definingOp());
        }
        Value res = op.result(0);
        if (!type.equals(declared)) {
            res.setType(type);
            keepForeignUsers(rewriter, op, res, declared);
        }
        rewriter.replaceOp(op, List.of(c.result(0)));
        for (Operation def : inputs) {
            eraseDeadEmpty(rewriter, def);
            eraseDeadConstant(rewriter, def);
        }
    }

    /** Erases a folded-away constant nobody uses any more. */
    private static void eraseDeadConstant(PatternRewriter rewriter, Operation def) {
        if (def != null && def.block() != null && def.is("hip.constant") && def.result(0).useEmpty()
                && def.attribute("serialization_order") == null) {
            rewriter.eraseOp(def);
        }
    }

    /** Inherent (properties) and discardable attributes together, as the hip op models read them. */
    private static Map<String, Attribute> allAttributes(Operation op) {
        Map<String, Attribute> all = new HashMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            all.putAll(props.entries());
        }
        return all;
    }

    private static String text(Type t) {
        return AttrTypePrinter.typeToString(t);
    }
}
