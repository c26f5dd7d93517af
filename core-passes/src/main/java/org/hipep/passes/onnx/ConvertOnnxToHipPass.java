package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.HipParameters;
import org.hipep.dialects.hip.InferShapes;
import org.hipep.dialects.onnx.ExternalAttr;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.dialects.onnx.OnnxOpsets;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.rewrite.PatternRewriter;
import org.hipep.pass.Pass;
import org.hipep.passes.onnx.OnnxToHipConversions.Conversion;
import org.hipep.passes.onnx.OnnxToHipConversions.Plan;

/**
 * {@code convert-onnx-to-hip}: converts default-domain ONNX ops to the {@code hip} dialect's
 * tensor ops, one conversion per op type and opset range where the semantics changed (the
 * table is {@link OnnxToHipConversions}), in destination-passing style: each hip op gets a
 * {@code tensor.empty} destination of its result type, which the op's shape inference refines
 * where the ONNX type has {@code ?} or no rank. A dimension that stays dynamic is sized with
 * {@code tensor.dim} of the input it provably comes from ({@link DynamicDims}); when there is
 * none, the op is not converted.
 *
 * <p>{@code onnx.Constant} ops become {@code hip.constant} carriers: inline {@code value}, or a
 * file source ({@code location}, {@code offset}, {@code size}) for {@code #onnx.external};
 * {@code source_name} is the initializer (or node) name, {@code symbol_name_hint} that name
 * made an identifier, and {@code serialization_order} is absolute over the module: the first
 * function's imported constants in order, then the constants its conversions made, then the
 * next function's, and so on. {@code onnx.Return} in a function becomes {@code func.return}.
 *
 * <p>ONNX parameter inputs (shapes, axes, starts/ends, pads, k, ...) become the hip op's static
 * attributes when constant and runtime parameter operands otherwise
 * ({@link org.hipep.dialects.hip.HipParameters}). An op no conversion covers (its opset, dtype or
 * attributes) stays as it is, with no error, and so does one whose result has a dynamic dimension
 * with no provable source (a data-dependent shape).
 *
 * <p>At the end the public {@code @main_graph}'s tensor signature is recorded on the module
 * ({@code hipdnn.input_shapes}, ... ; {@link ModelSignature}) for {@code generate-interface}.
 */
public final class ConvertOnnxToHipPass extends Pass {
    @Override
    public String argument() {
        return "convert-onnx-to-hip";
    }

    @Override
    public String name() {
        return "ConvertOnnxToHip";
    }

    @Override
    public String description() {
        return "Convert ONNX ops to hip dialect tensor ops and onnx.Constant to hip.constant carriers";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        List<Operation> funcs = new ArrayList<>();
        for (Operation op : module.region(0).front()) {
            if (op.is(FuncDialect.FUNC)) {
                funcs.add(op);
            }
        }
        PatternRewriter rewriter = new PatternRewriter(getContext());
        long[] order = {0};
        for (Operation func : funcs) {
            List<Operation> ops = new ArrayList<>();
            func.walk(ops::add);
            // Imported sweep: the function's onnx.Constant ops, in order.
            for (Operation op : ops) {
                if (op.is(OnnxDialect.CONSTANT)) {
                    convertConstant(rewriter, op, order);
                }
            }
            // Compute ops; the constants they make (Mean's divisor) are the synthesized sweep, numbered
            // after this function's imported constants and before the next function's.
            for (Operation op : ops) {
                if (op.block() == null || !op.nameString().startsWith("onnx.")) {
                    continue;
                }
                if (op.is(OnnxDialect.RETURN)) {
                    if (op.parentOp() == func) {
                        convertReturn(rewriter, op, func);
                    }
                    continue;
                }
                if (op.is("onnx.Identity") && op.numOperands() == 1 && op.numResults() == 1
                        && op.operand(0).type().equals(refine(op.result(0).type(), op.operand(0).type()))) {
                    // An Identity simplify-onnx kept for its more precise result type, now that
                    // conversion gave the input that type (or a more precise one).
                    replaceKeepingTypes(rewriter, op, List.of(op.operand(0)));
                    continue;
                }
                if (VARIADIC.containsKey(op.nameString()) && OnnxOpsets.opsetOf(op, "") >= 8) {
                    convertVariadic(rewriter, op, order);
                    continue;
                }
                if (SOFTMAX_COERCED.containsKey(op.nameString()) && OnnxOpsets.opsetOf(op, "") < 13
                        && convertCoercedSoftmax(rewriter, op)) {
                    continue;
                }
                Conversion c = OnnxToHipConversions.lookup(op, OnnxOpsets.opsetOf(op, ""));
                if (c == null) {
                    continue;
                }
                Plan plan = c.converter().plan(op, OnnxOpsets.opsetOf(op, ""));
                if (plan.converts()) {
                    convert(rewriter, op, plan);
                }
            }
            // An omitted-input marker whose users are all converted goes.
            for (Operation op : ops) {
                if (op.block() != null && op.is(OnnxDialect.NO_VALUE) && op.result(0).useEmpty()) {
                    rewriter.eraseOp(op);
                }
            }
        }
        ModelSignature.record(module);
    }

    /** The ONNX name as an identifier: letters, digits and '_', not starting with a digit. */
    static String sanitize(String name) {
        StringBuilder sb = new StringBuilder();
        for (char ch : name.toCharArray()) {
            sb.append(Character.isLetterOrDigit(ch) && ch < 128 ? ch : '_');
        }
        if (sb.length() == 0 || Character.isDigit(sb.charAt(0))) {
            sb.insert(0, '_');
        }
        return sb.toString();
    }

    private static boolean supportedElement(Type t) {
        if (t instanceof FloatType f) {
            return f.width() == 16 || f.width() == 32 || f.width() == 64;
        }
        return t instanceof IntegerType i && (i.width() == 1 || i.width() == 8 || i.width() == 16 || i.width() == 32
                || i.width() == 64);
    }

    private static void convertConstant(PatternRewriter rewriter, Operation op, long[] order) {
        Type declared = op.result(0).type();
        if (declared instanceof org.hipep.ir.builtin.UnrankedTensorType u
                && (op.attribute("value_float") != null || op.attribute("value_int") != null)) {
            declared = RankedTensorType.of(u.elementType());
        }
        if (!(declared instanceof RankedTensorType type) || !type.hasStaticShape()
                || !supportedElement(type.elementType())) {
            return;
        }
        Map<String, Attribute> attrs = new HashMap<>();
        Attribute value = op.attribute("value");
        if (value instanceof DenseElementsAttr d && d.type().equals(type)) {
            attrs.put("value", d);
        } else if (value instanceof ExternalAttr ext) {
            long bytes = (long) DenseElementsAttr.elementBytes(type.elementType()) * type.numElements();
            if (ext.length() != bytes && ext.length() >= 0) {
                return;
            }
            attrs.put("location", new StringAttr(ext.location()));
            attrs.put("offset", IntegerAttr.i64(ext.offset()));
            attrs.put("size", IntegerAttr.i64(bytes));
        } else if (op.attribute("value_float") instanceof FloatAttr f && type.elementType() instanceof FloatType) {
            attrs.put("value", DenseElementsAttr.ofDoubles(type, f.value()));
        } else if (op.attribute("value_int") instanceof IntegerAttr i && type.elementType() instanceof IntegerType) {
            attrs.put("value", DenseElementsAttr.ofLongs(type, i.longValue()));
        } else {
            return;
        }
        String name = op.location() instanceof NameLoc n ? n.name() : null;
        if (name != null && !name.isEmpty()) {
            attrs.put("source_name", new StringAttr(name));
            attrs.put("symbol_name_hint", new StringAttr(sanitize(name)));
        }
        attrs.put("serialization_order", IntegerAttr.i64(order[0]++));
        rewriter.setInsertionPoint(op);
        Operation c = rewriter.create(op.location(), "hip.constant", List.of(), List.of(type), attrs);
        replaceKeepingTypes(rewriter, op, List.of(c.result(0)));
    }

    private static void convertReturn(PatternRewriter rewriter, Operation op, Operation func) {
        FunctionType ft = FuncDialect.functionType(func);
        rewriter.setInsertionPoint(op);
        List<Value> values = new ArrayList<>();
        for (int i = 0; i < op.numOperands(); i++) {
            Value v = op.operand(i);
            if (ft != null && i < ft.results().size() && !ft.results().get(i).equals(v.type())) {
                v = rewriter.create(op.location(), "tensor.cast", List.of(v), List.of(ft.results().get(i)), Map.of())
                        .result(0);
            }
            values.add(v);
        }
        rewriter.create(op.location(), FuncDialect.RETURN, values, List.of(), Map.of());
        rewriter.eraseOp(op);
    }

    /**
     * Replaces {@code op}'s results with {@code values}, whose types may be more precise: ONNX
     * users take the refined value; any other user (a {@code func.return}, a call) gets a
     * {@code tensor.cast} back to the old type, so its own type rules still hold.
     */
    private static void replaceKeepingTypes(PatternRewriter rewriter, Operation op, List<Value> values) {
        for (int i = 0; i < values.size(); i++) {
            Value old = op.result(i);
            Value now = values.get(i);
            if (old.type().equals(now.type())) {
                continue;
            }
            boolean foreignUser = old.users().stream().anyMatch(u -> !u.nameString().startsWith("onnx."));
            if (foreignUser) {
                rewriter.setInsertionPointAfterValue(now);
                Value cast = rewriter.create(op.location(), "tensor.cast", List.of(now), List.of(old.type()), Map.of())
                        .result(0);
                rewriter.replaceUsesWithIf(old, cast, use -> !use.owner().nameString().startsWith("onnx."));
            }
        }
        rewriter.replaceOp(op, values);
    }

    /** {@code declared} with its {@code ?} (or missing rank) filled from {@code inferred}, or null when they clash. */
    static Type refine(Type declared, Type inferred) {
        if (!(inferred instanceof RankedTensorType in)) {
            return declared;
        }
        if (!(declared instanceof RankedTensorType d)) {
            return in;
        }
        if (d.rank() != in.rank() || !d.elementType().equals(in.elementType())) {
            return null;
        }
        List<Long> shape = new ArrayList<>();
        for (int i = 0; i < d.rank(); i++) {
            long a = d.shape().get(i);
            long b = in.shape().get(i);
            if (a != RankedTensorType.DYNAMIC && b != RankedTensorType.DYNAMIC && a != b) {
                return null;
            }
            shape.add(a != RankedTensorType.DYNAMIC ? a : b);
        }
        return RankedTensorType.of(shape, d.elementType());
    }

    /** The variadic ops (numpy broadcasting from opset 8) and the binary hip op each folds with. */
    static final Map<String, String> VARIADIC = Map.of("onnx.Sum", "hip.add", "onnx.Mean", "hip.add",
            "onnx.Max", "hip.max", "onnx.Min", "hip.min");

    /** The result type of {@code hipName} on {@code inputs}, each dynamic dimension with a source; or null. */
    private Type inferStatic(String hipName, List<Type> inputs, Map<String, Attribute> attrs, Type declared) {
        OpDefinition def = getContext().lookupOperation(hipName);
        InferShapes model = def == null ? null : def.getInterface(InferShapes.class);
        if (model == null) {
            return null;
        }
        InferShapes.Inferred inferred = model.inferResultTypes(inputs, attrs, 1);
        if (!inferred.succeeded()) {
            return null;
        }
        Type t = declared == null ? inferred.types().get(0) : refine(declared, inferred.types().get(0));
        if (!(t instanceof RankedTensorType r)) {
            return null;
        }
        for (int d = 0; d < r.rank(); d++) {
            if (r.shape().get(d) == RankedTensorType.DYNAMIC
                    && DynamicDims.source(hipName, inputs, attrs, r.rank(), d) == null) {
                return null;
            }
        }
        return t;
    }

    /**
     * Sum, Mean, Max and Min of any number of inputs: a left fold of the binary hip op (the
     * intermediate types from shape inference); one input is the result itself; Mean divides
     * the sum by the input count, a synthesized rank-0 {@code hip.constant}.
     */
    private void convertVariadic(PatternRewriter rewriter, Operation op, long[] order) {
        String hipName = VARIADIC.get(op.nameString());
        boolean mean = op.is("onnx.Mean");
        if (op.numResults() != 1 || op.numOperands() < 1) {
            return;
        }
        for (Value v : op.operands()) {
            if (OnnxRewrites.isNoValue(v)) {
                return;
            }
        }
        if (mean && !(OnnxRewrites.elementType(op.operand(0).type()) instanceof FloatType)) {
            return;
        }
        // Plan the types first so that nothing is built for an op that stays.
        List<Type> steps = new ArrayList<>();
        Value acc = op.operand(0);
        Type accType = acc.type();
        for (int i = 1; i < op.numOperands(); i++) {
            Type t = inferStatic(hipName, List.of(accType, op.operand(i).type()), Map.of(), null);
            if (t == null) {
                return;
            }
            steps.add(t);
            accType = t;
        }
        Type result = refine(op.result(0).type(), accType);
        if (!(result instanceof RankedTensorType rt) || !rt.equals(accType)) {
            return;
        }
        if (op.numOperands() == 1 && !mean) {
            if (!op.operand(0).type().equals(result)) {
                return;
            }
            rewriter.replaceOp(op, List.of(op.operand(0)));
            return;
        }
        rewriter.setInsertionPoint(op);
        for (int i = 1; i < op.numOperands(); i++) {
            acc = build(rewriter, op, hipName, List.of(acc, op.operand(i)), steps.get(i - 1), Map.of());
        }
        if (mean) {
            RankedTensorType scalar = RankedTensorType.of(rt.elementType());
            Operation n = rewriter.create(op.location(), "hip.constant", List.of(), List.of(scalar),
                    Map.of("value", DenseElementsAttr.ofDoubles(scalar, op.numOperands()),
                            "serialization_order", IntegerAttr.i64(order[0]++)));
            acc = build(rewriter, op, "hip.div", List.of(acc, n.result(0)), result, Map.of());
        }
        replaceKeepingTypes(rewriter, op, List.of(acc));
    }

    /** Softmax and LogSoftmax before opset 13, and the hip op each becomes on the 2-D coerced input. */
    static final Map<String, String> SOFTMAX_COERCED = Map.of("onnx.Softmax", "hip.softmax",
            "onnx.LogSoftmax", "hip.log_softmax");

    /**
     * Softmax or LogSoftmax before opset 13 at an axis other than the last (the table converts
     * the last): the input, of static shape, is flattened to 2-D at {@code axis}, normalized
     * along dimension 1 and reshaped back. Returns whether it converted {@code op}.
     */
    private boolean convertCoercedSoftmax(PatternRewriter rewriter, Operation op) {
        if (op.numOperands() != 1 || op.numResults() != 1 || OnnxRewrites.isNoValue(op.operand(0))
                || !(op.operand(0).type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
            return false;
        }
        long axis = OnnxToHipConversions.intAttr(op, "axis", 1);
        if (axis < 0) {
            axis += t.rank();
        }
        if (axis < 0 || axis >= t.rank() - 1) {
            return false;
        }
        Map<String, Attribute> flatAttrs = Map.of("axis", IntegerAttr.i64(axis));
        Type flat = inferStatic("hip.flatten", List.of(t), flatAttrs, null);
        if (flat == null || !t.equals(refine(op.result(0).type(), t))) {
            return false;
        }
        long[] shape = t.shape().stream().mapToLong(Long::longValue).toArray();
        rewriter.setInsertionPoint(op);
        Value x = build(rewriter, op, "hip.flatten", List.of(op.operand(0)), flat, flatAttrs);
        x = build(rewriter, op, SOFTMAX_COERCED.get(op.nameString()), List.of(x), flat,
                Map.of("axis", IntegerAttr.i64(1)));
        x = build(rewriter, op, "hip.reshape", List.of(x), t, Map.of("shape", DenseArrayAttr.i64(shape),
                "allowzero", BoolAttr.of(false)));
        replaceKeepingTypes(rewriter, op, List.of(x));
        return true;
    }

    private static Value build(PatternRewriter rewriter, Operation op, String hipName, List<Value> inputs, Type type,
            Map<String, Attribute> attrs) {
        Value init = empty(rewriter, op.location(), hipName, inputs, attrs, (RankedTensorType) type);
        List<Value> operands = new ArrayList<>(inputs);
        operands.add(init);
        return rewriter.create(op.location(), hipName, operands, List.of(type), attrs).result(0);
    }

    /**
     * A {@code tensor.empty} of {@code type} before the insertion point, each dynamic dimension
     * a {@code tensor.dim} of the input {@link DynamicDims} names (the caller checked there is one).
     */
    private static Value empty(PatternRewriter rewriter, Location loc, String hipName, List<Value> inputs,
            Map<String, Attribute> attrs, RankedTensorType type) {
        List<Type> inputTypes = inputs.stream().map(Value::type).toList();
        List<Value> sizes = new ArrayList<>();
        for (int d = 0; d < type.rank(); d++) {
            if (type.shape().get(d) == RankedTensorType.DYNAMIC) {
                int[] src = DynamicDims.source(hipName, inputTypes, attrs, type.rank(), d);
                Value index = rewriter.create(loc, "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                        Map.of("value", IntegerAttr.index(src[1]))).result(0);
                sizes.add(rewriter.create(loc, "tensor.dim", List.of(inputs.get(src[0]), index),
                        List.of(IndexType.INSTANCE), Map.of()).result(0));
            }
        }
        return rewriter.create(loc, "tensor.empty", sizes, List.of(type), Map.of()).result(0);
    }

    private void convert(PatternRewriter rewriter, Operation op, Plan plan) {
        ConversionTypes.Typed typed = ConversionTypes.of(getContext(), op, plan);
        if (typed.reason() != null) {
            return;
        }
        List<RankedTensorType> types = typed.types();
        rewriter.setInsertionPoint(op);
        List<Value> operands = new ArrayList<>(plan.inputs());
        for (RankedTensorType t : types) {
            operands.add(empty(rewriter, op.location(), plan.hipName(), plan.inputs(), plan.attributes(), t));
        }
        Operation hip = rewriter.create(op.location(), plan.hipName(), operands, new ArrayList<Type>(types),
                plan.attributes());
        widenIndices(rewriter, hip);
        replaceKeepingTypes(rewriter, op, new ArrayList<>(hip.results()));
    }

    /** The ops whose second operand is an index tensor (i32 or i64 in ONNX). */
    private static final java.util.Set<String> INDEXED = java.util.Set.of("hip.gather", "hip.gather_elements",
            "hip.gather_nd", "hip.scatter_elements", "hip.scatter_nd");

    /**
     * Casts i32 index tensors and i32 integer parameter operands (slice's starts/ends/axes/steps,
     * cumsum's axis, topk's and trilu's k) of {@code hip} to i64 with a {@code hip.cast} before it:
     * the kernel ABI passes them as i64 (docs/kernel-abi.md), and a memref descriptor does not say
     * its element type.
     */
    private static void widenIndices(PatternRewriter rewriter, Operation hip) {
        List<Integer> widen = new ArrayList<>();
        if (INDEXED.contains(hip.nameString())) {
            widen.add(1);
        }
        Map<String, Integer> params = HipParameters.operandIndices(hip);
        for (HipParameters.Parameter p : HipParameters.of(hip.nameString())) {
            Integer at = params.get(p.name());
            if (at != null && (p.kind() == HipParameters.Kind.INDICES || p.kind() == HipParameters.Kind.INDEX)) {
                widen.add(at);
            }
        }
        for (int i : widen) {
            Value v = hip.operand(i);
            if (!(v.type() instanceof RankedTensorType t) || !(t.elementType() instanceof IntegerType it)
                    || it.width() != 32) {
                continue;
            }
            rewriter.setInsertionPoint(hip);
            RankedTensorType wide = RankedTensorType.of(t.shape(), IntegerType.I64);
            List<Value> sizes = new ArrayList<>();
            for (int d = 0; d < t.rank(); d++) {
                if (t.isDynamicDim(d)) {
                    Value index = rewriter.create(hip.location(), "arith.constant", List.of(),
                            List.of(IndexType.INSTANCE), Map.of("value", IntegerAttr.index(d))).result(0);
                    sizes.add(rewriter.create(hip.location(), "tensor.dim", List.of(v, index),
                            List.of(IndexType.INSTANCE), Map.of()).result(0));
                }
            }
            Value init = rewriter.create(hip.location(), "tensor.empty", sizes, List.of(wide), Map.of()).result(0);
            Value cast = rewriter.create(hip.location(), "hip.cast", List.of(v, init), List.of(wide),
                    Map.of("to", new org.hipep.ir.builtin.TypeAttr(IntegerType.I64))).result(0);
            hip.setOperand(i, cast);
        }
    }
}
