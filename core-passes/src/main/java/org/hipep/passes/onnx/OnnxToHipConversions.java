package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipParameters;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.passes.hip.ShapeValues;

/**
 * The table of {@code convert-onnx-to-hip}: one {@link Conversion} per ONNX op type and range
 * of default-domain opset versions in which the op's semantics are the same. A conversion
 * {@linkplain Plan#skip skips} an op it does not cover (the op stays, a later stage reports
 * it).
 */
final class OnnxToHipConversions {
    private OnnxToHipConversions() {
    }

    /**
     * What to build for one ONNX op: the hip op, its inputs (from the ONNX operands: data
     * inputs, then parameter operands) and its attributes; or why not.
     *
     * @param hipName the hip op name, or {@code null} when not converted
     * @param inputs the hip op's inputs
     * @param attributes the hip op's attributes
     * @param reason why the op is skipped
     */
    record Plan(String hipName, List<Value> inputs, Map<String, Attribute> attributes, String reason) {
        static Plan of(String hipName, List<Value> inputs, Map<String, Attribute> attributes) {
            return new Plan(hipName, inputs, attributes, null);
        }

        static Plan skip(String reason) {
            return new Plan(null, List.of(), Map.of(), reason);
        }

        boolean converts() {
            return hipName != null;
        }
    }

    /** Plans the conversion of one ONNX op at the module's opset. */
    @FunctionalInterface
    interface Converter {
        Plan plan(Operation op, int opset);
    }

    /**
     * One conversion.
     *
     * @param onnxName the ONNX op ({@code onnx.Add})
     * @param since the first opset version it covers
     * @param until the first opset version it no longer covers ({@link Integer#MAX_VALUE}: none)
     * @param converter the plan
     */
    record Conversion(String onnxName, int since, int until, Converter converter) {
        boolean covers(int opset) {
            return opset >= since && opset < until;
        }
    }

    private static final int ALL = Integer.MAX_VALUE;

    /** Every conversion, by ONNX op name. */
    static final Map<String, List<Conversion>> TABLE;

    static {
        List<Conversion> all = new ArrayList<>();
        // Elementwise binary ops with numpy broadcasting (from opset 7; before, a 'broadcast' attribute).
        String[][] binary = {{"Add", "add"}, {"Sub", "sub"}, {"Mul", "mul"}, {"Div", "div"}, {"And", "and"},
            {"Or", "or"}, {"Xor", "xor"}, {"Equal", "equal"}, {"Less", "less"}, {"Greater", "greater"},
            {"LessOrEqual", "less_or_equal"}, {"GreaterOrEqual", "greater_or_equal"}, {"Pow", "pow"}};
        for (String[] b : binary) {
            all.add(new Conversion("onnx." + b[0], 7, ALL, (op, v) -> inputs(op, 2, 2, "hip." + b[1], Map.of())));
        }
        // Min, Max, Sum and Mean (variadic, numpy broadcasting from opset 8) are folds built by
        // ConvertOnnxToHipPass itself.
        all.add(new Conversion("onnx.Mod", 10, ALL, (op, v) -> inputs(op, 2, 2, "hip.mod",
                Map.of("fmod", BoolAttr.of(intAttr(op, "fmod", 0) != 0)))));
        all.add(new Conversion("onnx.Where", 9, ALL, (op, v) -> inputs(op, 3, 3, "hip.where", Map.of())));
        // Elementwise unary ops (from opset 6: no 'consumed_inputs').
        String[][] unary = {{"Neg", "neg"}, {"Abs", "abs"}, {"Exp", "exp"}, {"Log", "log"}, {"Sqrt", "sqrt"},
            {"Reciprocal", "reciprocal"}, {"Sigmoid", "sigmoid"}, {"Tanh", "tanh"}, {"Ceil", "ceil"},
            {"Floor", "floor"}};
        for (String[] u : unary) {
            all.add(new Conversion("onnx." + u[0], 6, ALL, (op, v) -> inputs(op, 1, 1, "hip." + u[1], Map.of())));
        }
        String[][] unaryAny = {{"Not", "not"}, {"Erf", "erf"}, {"Sin", "sin"}, {"Cos", "cos"}, {"Round", "round"},
            {"Sign", "sign"}, {"Softplus", "softplus"}};
        for (String[] u : unaryAny) {
            all.add(new Conversion("onnx." + u[0], 1, ALL, (op, v) -> inputs(op, 1, 1, "hip." + u[1], Map.of())));
        }
        all.add(new Conversion("onnx.Gelu", 20, ALL, (op, v) -> inputs(op, 1, 1, "hip.gelu",
                Map.of("approximate", new StringAttr(stringAttr(op, "approximate", "none"))))));
        all.add(new Conversion("onnx.LeakyRelu", 6, ALL, (op, v) -> inputs(op, 1, 1, "hip.leaky_relu",
                Map.of("alpha", FloatAttr.f32(floatAttr(op, "alpha", 0.01))))));
        all.add(new Conversion("onnx.HardSigmoid", 6, ALL, (op, v) -> inputs(op, 1, 1, "hip.hard_sigmoid",
                Map.of("alpha", FloatAttr.f32(floatAttr(op, "alpha", 0.2)),
                        "beta", FloatAttr.f32(floatAttr(op, "beta", 0.5))))));
        all.add(new Conversion("onnx.Cast", 6, ALL, OnnxToHipConversions::cast));
        all.add(new Conversion("onnx.Clip", 6, 11, OnnxToHipConversions::clipAttributes));
        all.add(new Conversion("onnx.Clip", 11, ALL, OnnxToHipConversions::clipInputs));
        // Linear algebra.
        all.add(new Conversion("onnx.MatMul", 1, ALL, (op, v) -> inputs(op, 2, 2, "hip.matmul", Map.of())));
        all.add(new Conversion("onnx.Gemm", 7, ALL, OnnxToHipConversions::gemm));
        // Reductions: 'axes' an attribute, then an input (ReduceSum from 13, the others from 18).
        String[][] reductions = {{"ReduceSum", "sum"}, {"ReduceMean", "mean"}, {"ReduceMax", "max"},
            {"ReduceMin", "min"}, {"ReduceProd", "prod"}, {"ReduceSumSquare", "sum_square"}, {"ReduceL1", "l1"},
            {"ReduceL2", "l2"}, {"ReduceLogSumExp", "log_sum_exp"}};
        for (String[] r : reductions) {
            int split = r[0].equals("ReduceSum") ? 13 : 18;
            all.add(new Conversion("onnx." + r[0], 1, split, (op, v) -> reduceAttribute(op, "hip.reduce_" + r[1])));
            all.add(new Conversion("onnx." + r[0], split, ALL, (op, v) -> reduceInput(op, "hip.reduce_" + r[1])));
        }
        all.add(new Conversion("onnx.ArgMax", 1, ALL, (op, v) -> arg(op, "hip.arg_max")));
        all.add(new Conversion("onnx.ArgMin", 1, ALL, (op, v) -> arg(op, "hip.arg_min")));
        // Softmax: before 13 the input is coerced to 2-D at 'axis' (default 1); from 13 one axis (default -1).
        all.add(new Conversion("onnx.Softmax", 1, 13, (op, v) -> softmaxCoerced(op, "hip.softmax")));
        all.add(new Conversion("onnx.Softmax", 13, ALL, (op, v) -> softmax(op, "hip.softmax")));
        all.add(new Conversion("onnx.LogSoftmax", 1, 13, (op, v) -> softmaxCoerced(op, "hip.log_softmax")));
        all.add(new Conversion("onnx.LogSoftmax", 13, ALL, (op, v) -> softmax(op, "hip.log_softmax")));
        // Normalizations.
        all.add(new Conversion("onnx.LayerNormalization", 17, ALL, OnnxToHipConversions::layerNorm));
        all.add(new Conversion("onnx.RMSNormalization", 23, ALL, (op, v) -> inputs(op, 2, 2, "hip.rms_norm",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", -1)),
                        "epsilon", FloatAttr.f32(floatAttr(op, "epsilon", 1e-5))))));
        // BatchNormalization 6 has 'is_test' (1: inference), 7 and 8 'spatial' (1: per channel).
        all.add(new Conversion("onnx.BatchNormalization", 6, 7, (op, v) -> intAttr(op, "is_test", 0) == 1
                && intAttr(op, "spatial", 1) == 1 ? batchNorm(op, v) : Plan.skip("training or non-spatial")));
        all.add(new Conversion("onnx.BatchNormalization", 7, 9, (op, v) -> intAttr(op, "spatial", 1) == 1
                ? batchNorm(op, v) : Plan.skip("non-spatial batch normalization")));
        all.add(new Conversion("onnx.BatchNormalization", 9, ALL, OnnxToHipConversions::batchNorm));
        all.add(new Conversion("onnx.InstanceNormalization", 6, ALL, (op, v) -> inputs(op, 3, 3, "hip.instance_norm",
                Map.of("epsilon", FloatAttr.f32(floatAttr(op, "epsilon", 1e-5))))));
        // GroupNormalization 18 takes scale and bias per group, not per channel: not converted.
        all.add(new Conversion("onnx.GroupNormalization", 21, ALL, OnnxToHipConversions::groupNorm));
        // Convolution and pooling.
        all.add(new Conversion("onnx.Conv", 1, ALL, (op, v) -> window(op, 2, 3, "hip.conv", List.of("kernel_shape",
                "strides", "pads", "dilations"), List.of("group"), List.of())));
        all.add(new Conversion("onnx.ConvTranspose", 1, ALL, (op, v) -> window(op, 2, 3, "hip.conv_transpose",
                List.of("kernel_shape", "strides", "pads", "dilations", "output_padding", "output_shape"),
                List.of("group"), List.of())));
        all.add(new Conversion("onnx.MaxPool", 8, ALL, OnnxToHipConversions::maxPool));
        all.add(new Conversion("onnx.AveragePool", 7, ALL, (op, v) -> window(op, 1, 1, "hip.avg_pool",
                List.of("kernel_shape", "strides", "pads", "dilations"), List.of(),
                List.of("ceil_mode", "count_include_pad"))));
        all.add(new Conversion("onnx.GlobalMaxPool", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.global_max_pool",
                Map.of())));
        all.add(new Conversion("onnx.GlobalAveragePool", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.global_avg_pool",
                Map.of())));
        // Data movement and indexing.
        OnnxToHipDataConversions.addTo(all);
        // Attention and RotaryEmbedding (opset 23).
        OnnxToHipAttentionConversions.addTo(all);
        Map<String, List<Conversion>> table = new HashMap<>();
        for (Conversion c : all) {
            table.computeIfAbsent(c.onnxName(), k -> new ArrayList<>()).add(c);
        }
        TABLE = Map.copyOf(table);
    }

    /** The conversion of {@code op} at {@code opset}, or {@code null}. */
    static Conversion lookup(Operation op, int opset) {
        List<Conversion> cs = TABLE.get(op.nameString());
        if (cs == null) {
            return null;
        }
        for (Conversion c : cs) {
            if (c.covers(opset)) {
                return c;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- attribute access

    static long intAttr(Operation op, String name, long dflt) {
        return op.attribute(name) instanceof IntegerAttr i ? i.longValue() : dflt;
    }

    static double floatAttr(Operation op, String name, double dflt) {
        return op.attribute(name) instanceof FloatAttr f ? f.value() : dflt;
    }

    static String stringAttr(Operation op, String name, String dflt) {
        return op.attribute(name) instanceof StringAttr s ? s.value() : dflt;
    }

    /** The present inputs of {@code op}, or {@code null} when one in the middle is omitted. */
    static List<Value> present(Operation op) {
        List<Value> in = new ArrayList<>();
        boolean gap = false;
        for (int i = 0; i < op.numOperands(); i++) {
            if (OnnxRewrites.isNoValue(op.operand(i))) {
                gap = true;
            } else {
                if (gap) {
                    return null;
                }
                in.add(op.operand(i));
            }
        }
        return in;
    }

    static Plan inputs(Operation op, int min, int max, String hip, Map<String, Attribute> attrs) {
        List<Value> in = present(op);
        if (in == null || in.size() < min || in.size() > max) {
            return Plan.skip("expects " + min + " to " + max + " present inputs");
        }
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        return Plan.of(hip, in, attrs);
    }

    /** The elements of a constant operand (an {@code onnx.Constant} or an inline {@code hip.constant}), else null. */
    static DenseElementsAttr constantElements(Value v) {
        Operation def = v.definingOp();
        if (def == null || !(def.is(OnnxDialect.CONSTANT) || def.is("hip.constant"))) {
            return null;
        }
        return def.attribute("value") instanceof DenseElementsAttr d ? d : null;
    }

    /**
     * One op's parameters on their way to a hip op ({@link HipParameters}): an ONNX input known
     * at compile time (a constant, or shape arithmetic over static shapes that
     * {@link ShapeValues} computes, as in a Shape → Gather → Concat chain) becomes the static
     * attribute, any other input a runtime parameter operand; the operands follow the data
     * inputs in the order the hip op declares its parameters.
     */
    static final class Params {
        private final String hip;
        /** The hip op's attributes, parameters given at compile time included. */
        final Map<String, Attribute> attrs = new HashMap<>();
        private final Map<String, Value> operands = new HashMap<>();

        Params(String hip) {
            this.hip = hip;
        }

        /**
         * Makes {@code v} parameter {@code name}: its attribute when constant, else an operand.
         * False when a constant does not fit the parameter's kind ({@code dataElement}: the
         * data's element type, for a padding value).
         */
        boolean put(String name, Value v, Type dataElement) {
            HipParameters.Parameter param = HipParameters.of(hip).stream().filter(p -> p.name().equals(name))
                    .findFirst().orElseThrow();
            DenseElementsAttr d = constantElements(v);
            ShapeValues.Known known = d == null ? ShapeValues.of(v) : null;
            if (known != null) {
                d = DenseElementsAttr.ofLongs(RankedTensorType.of(known.shape(), IntegerType.I64), known.values());
            }
            if (d == null) {
                operands.put(name, v);
                return true;
            }
            Attribute a = HipParameters.attribute(param, d, dataElement);
            if (a == null) {
                return false;
            }
            attrs.put(name, a);
            return true;
        }

        /** Whether parameter {@code name} is a runtime operand. */
        boolean isOperand(String name) {
            return operands.containsKey(name);
        }

        /**
         * The plan: {@code data}, then the parameter operands; skipped when an absent optional
         * parameter comes before an operand (the caller gives such a default as an attribute).
         */
        Plan plan(List<Value> data) {
            List<Value> in = new ArrayList<>(data);
            String open = null;
            for (HipParameters.Parameter p : HipParameters.of(hip)) {
                if (operands.containsKey(p.name())) {
                    if (open != null) {
                        return Plan.skip("the absent '" + open + "' comes before the run-time '" + p.name() + "'");
                    }
                    in.add(operands.get(p.name()));
                } else if (!attrs.containsKey(p.name()) && p.kind() != HipParameters.Kind.F32S) {
                    open = p.name();
                }
            }
            return Plan.of(hip, in, attrs);
        }
    }

    /** The scalar of a constant operand, else null. */
    static Attribute constantScalar(Value v, Type elementType) {
        Operation def = v.definingOp();
        if (def == null || !(def.is(OnnxDialect.CONSTANT) || def.is("hip.constant"))) {
            return null;
        }
        if (!(def.attribute("value") instanceof DenseElementsAttr d) || d.numElements() != 1
                || !d.elementType().equals(elementType)) {
            return null;
        }
        if (elementType instanceof FloatType) {
            return new FloatAttr((FloatType) elementType, d.getDouble(0));
        }
        if (elementType instanceof IntegerType && !(((IntegerType) elementType).width() == 1)) {
            return IntegerAttr.of(elementType, d.getLong(0));
        }
        return null;
    }

    static Map<String, Attribute> copyInts(Operation op, List<String> arrays, List<String> ints,
            List<String> flags) {
        Map<String, Attribute> attrs = new HashMap<>();
        for (String a : arrays) {
            if (op.attribute(a) instanceof DenseArrayAttr d) {
                attrs.put(a, d);
            }
        }
        for (String a : ints) {
            if (op.attribute(a) instanceof IntegerAttr i) {
                attrs.put(a, IntegerAttr.i64(i.longValue()));
            }
        }
        for (String a : flags) {
            if (op.attribute(a) instanceof IntegerAttr i) {
                attrs.put(a, BoolAttr.of(i.longValue() != 0));
            }
        }
        if (op.attribute("auto_pad") instanceof StringAttr s) {
            attrs.put("auto_pad", s);
        }
        return attrs;
    }

    // ---------------------------------------------------------------- individual conversions

    private static Plan cast(Operation op, int opset) {
        if (!(op.result(0).type() instanceof org.hipep.ir.builtin.ShapedType s)) {
            return Plan.skip("result is not a tensor");
        }
        if (op.attribute("saturate") instanceof IntegerAttr sat && sat.longValue() == 0) {
            return Plan.skip("saturate = 0 is not supported");
        }
        return inputs(op, 1, 1, "hip.cast", Map.of("to", new TypeAttr(s.elementType())));
    }

    private static Plan clipAttributes(Operation op, int opset) {
        Type et = OnnxRewrites.elementType(op.operand(0).type());
        if (!(et instanceof FloatType)) {
            return Plan.skip("Clip before opset 11 is float-only");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        for (String b : List.of("min", "max")) {
            if (op.attribute(b) instanceof FloatAttr f) {
                attrs.put(b, new FloatAttr((FloatType) et, f.value()));
            }
        }
        return inputs(op, 1, 1, "hip.clip", attrs);
    }

    private static Plan clipInputs(Operation op, int opset) {
        Type et = OnnxRewrites.elementType(op.operand(0).type());
        Map<String, Attribute> attrs = new HashMap<>();
        String[] names = {"min", "max"};
        for (int i = 1; i <= 2; i++) {
            if (OnnxRewrites.hasOperand(op, i)) {
                Attribute bound = constantScalar(op.operand(i), et);
                if (bound == null) {
                    return Plan.skip("'" + names[i - 1] + "' is not a constant scalar (simplify-onnx uses Max/Min)");
                }
                attrs.put(names[i - 1], bound);
            }
        }
        return Plan.of("hip.clip", List.of(op.operand(0)), attrs);
    }

    private static Plan gemm(Operation op, int opset) {
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("alpha", FloatAttr.f32(floatAttr(op, "alpha", 1.0)));
        attrs.put("beta", FloatAttr.f32(floatAttr(op, "beta", 1.0)));
        attrs.put("transA", BoolAttr.of(intAttr(op, "transA", 0) != 0));
        attrs.put("transB", BoolAttr.of(intAttr(op, "transB", 0) != 0));
        return inputs(op, 2, 3, "hip.gemm", attrs);
    }

    private static Plan reduceAttribute(Operation op, String hip) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return Plan.skip("expects one input and one result");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        if (op.attribute("axes") instanceof DenseArrayAttr d && d.size() > 0) {
            attrs.put("axes", d);
        }
        attrs.put("keepdims", BoolAttr.of(intAttr(op, "keepdims", 1) != 0));
        return Plan.of(hip, List.of(op.operand(0)), attrs);
    }

    /**
     * Reductions with an optional 'axes' input: constant, the attribute (empty: dropped); at run
     * time, the parameter operand. 'noop_with_empty_axes' is kept for the empty case.
     */
    private static Plan reduceInput(Operation op, String hip) {
        if (op.numOperands() < 1 || op.numOperands() > 2 || op.numResults() != 1) {
            return Plan.skip("expects an input, optional axes and one result");
        }
        Params p = new Params(hip);
        p.attrs.put("keepdims", BoolAttr.of(intAttr(op, "keepdims", 1) != 0));
        if (intAttr(op, "noop_with_empty_axes", 0) != 0) {
            p.attrs.put("noop_with_empty_axes", BoolAttr.TRUE);
        }
        if (OnnxRewrites.hasOperand(op, 1) && !p.put("axes", op.operand(1), null)) {
            return Plan.skip("'axes' is not an integer tensor");
        }
        if (p.attrs.get("axes") instanceof DenseArrayAttr d && d.size() == 0) {
            p.attrs.remove("axes");
        }
        return p.plan(List.of(op.operand(0)));
    }

    private static Plan arg(Operation op, String hip) {
        return inputs(op, 1, 1, hip, Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0)),
                "keepdims", BoolAttr.of(intAttr(op, "keepdims", 1) != 0),
                "select_last_index", BoolAttr.of(intAttr(op, "select_last_index", 0) != 0)));
    }

    private static Plan softmax(Operation op, String hip) {
        return inputs(op, 1, 1, hip, Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", -1))));
    }

    /**
     * Before opset 13 the input is flattened to 2-D at {@code axis}: the same as one axis only
     * when {@code axis} is the last; {@link ConvertOnnxToHipPass} builds flatten, softmax and
     * reshape for the other axes of a static-shaped input.
     */
    private static Plan softmaxCoerced(Operation op, String hip) {
        if (!(op.operand(0).type() instanceof RankedTensorType t)) {
            return Plan.skip("input rank unknown");
        }
        long axis = intAttr(op, "axis", 1);
        if (axis < 0) {
            axis += t.rank();
        }
        if (axis != t.rank() - 1) {
            return Plan.skip("coercion to 2-D at axis " + axis + " needs a reshape");
        }
        return inputs(op, 1, 1, hip, Map.of("axis", IntegerAttr.i64(axis)));
    }

    private static Plan layerNorm(Operation op, int opset) {
        if (op.numResults() != 1 && op.numResults() != 3) {
            return Plan.skip("layer_norm has 1 or 3 results");
        }
        List<Value> in = present(op);
        if (in == null || in.size() < 2 || in.size() > 3) {
            return Plan.skip("expects X, scale and optional bias");
        }
        if (intAttr(op, "stash_type", 1) != 1) {
            return Plan.skip("stash_type other than float is not supported");
        }
        return Plan.of("hip.layer_norm", in, Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", -1)),
                "epsilon", FloatAttr.f32(floatAttr(op, "epsilon", 1e-5))));
    }

    private static Plan batchNorm(Operation op, int opset) {
        if (intAttr(op, "training_mode", 0) != 0) {
            return Plan.skip("training mode is not supported");
        }
        if (op.numResults() != 1) {
            return Plan.skip("inference batch normalization has one result");
        }
        return inputs(op, 5, 5, "hip.batch_norm", Map.of("epsilon", FloatAttr.f32(floatAttr(op, "epsilon", 1e-5))));
    }

    private static Plan groupNorm(Operation op, int opset) {
        if (!(op.attribute("num_groups") instanceof IntegerAttr g)) {
            return Plan.skip("'num_groups' is missing (the onnx verifier requires it)");
        }
        if (intAttr(op, "stash_type", 1) != 1) {
            return Plan.skip("stash_type other than float is not supported");
        }
        return inputs(op, 3, 3, "hip.group_norm", Map.of("num_groups", IntegerAttr.i64(g.longValue()),
                "epsilon", FloatAttr.f32(floatAttr(op, "epsilon", 1e-5))));
    }

    private static Plan window(Operation op, int min, int max, String hip, List<String> arrays, List<String> ints,
            List<String> flags) {
        return inputs(op, min, max, hip, copyInts(op, arrays, ints, flags));
    }

    private static Plan maxPool(Operation op, int opset) {
        if (intAttr(op, "storage_order", 0) != 0) {
            return Plan.skip("column-major indices (storage_order = 1) are not supported");
        }
        List<Value> in = present(op);
        if (in == null || in.size() != 1 || op.numResults() > 2) {
            return Plan.skip("expects one input");
        }
        return Plan.of("hip.max_pool", in, copyInts(op, List.of("kernel_shape", "strides", "pads", "dilations"),
                List.of(), List.of("ceil_mode")));
    }
}
