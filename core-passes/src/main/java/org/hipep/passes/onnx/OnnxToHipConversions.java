package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

/**
 * The table of {@code convert-onnx-to-hip}: one {@link Conversion} per ONNX op type and range
 * of default-domain opset versions in which the op's semantics are the same. A conversion
 * {@linkplain Plan#skip skips} an op it does not cover (the op stays, a later stage reports
 * it) and {@linkplain Plan#invalid rejects} one it recognises as invalid.
 */
final class OnnxToHipConversions {
    private OnnxToHipConversions() {
    }

    /**
     * What to build for one ONNX op: the hip op, its inputs (from the ONNX operands) and its
     * attributes; or why not.
     *
     * @param hipName the hip op name, or {@code null} when not converted
     * @param inputs the hip op's inputs
     * @param attributes the hip op's attributes
     * @param reason why the op is skipped or invalid
     * @param invalid whether the op is recognised as invalid (an error) rather than unsupported
     */
    record Plan(String hipName, List<Value> inputs, Map<String, Attribute> attributes, String reason,
            boolean invalid) {
        static Plan of(String hipName, List<Value> inputs, Map<String, Attribute> attributes) {
            return new Plan(hipName, inputs, attributes, null, false);
        }

        static Plan skip(String reason) {
            return new Plan(null, List.of(), Map.of(), reason, false);
        }

        static Plan invalid(String reason) {
            return new Plan(null, List.of(), Map.of(), reason, true);
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
        // Data movement and indexing: ONNX parameter inputs become static attributes; a parameter
        // computed at run time leaves the op unconverted (reshape alone takes a runtime shape operand).
        all.add(new Conversion("onnx.Reshape", 5, ALL, OnnxToHipConversions::reshape));
        all.add(new Conversion("onnx.Transpose", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.transpose",
                copyInts(op, List.of("perm"), List.of(), List.of()))));
        all.add(new Conversion("onnx.Concat", 4, ALL, (op, v) -> op.attribute("axis") instanceof IntegerAttr
                ? inputs(op, 1, ALL, "hip.concat", Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0))))
                : Plan.skip("'axis' is missing")));
        all.add(new Conversion("onnx.Squeeze", 1, 13, (op, v) -> axesAttribute(op, "hip.squeeze")));
        all.add(new Conversion("onnx.Squeeze", 13, ALL, (op, v) -> axesInput(op, "hip.squeeze")));
        all.add(new Conversion("onnx.Unsqueeze", 1, 13, (op, v) -> axesAttribute(op, "hip.unsqueeze")));
        all.add(new Conversion("onnx.Unsqueeze", 13, ALL, (op, v) -> axesInput(op, "hip.unsqueeze")));
        all.add(new Conversion("onnx.Flatten", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.flatten",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 1))))));
        all.add(new Conversion("onnx.Gather", 1, ALL, (op, v) -> inputs(op, 2, 2, "hip.gather",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0))))));
        all.add(new Conversion("onnx.GatherElements", 11, ALL, (op, v) -> inputs(op, 2, 2, "hip.gather_elements",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0))))));
        all.add(new Conversion("onnx.GatherND", 11, ALL, (op, v) -> inputs(op, 2, 2, "hip.gather_nd",
                Map.of("batch_dims", IntegerAttr.i64(intAttr(op, "batch_dims", 0))))));
        all.add(new Conversion("onnx.Expand", 8, ALL, (op, v) -> constantParameter(op, "hip.expand", "shape")));
        all.add(new Conversion("onnx.Tile", 6, ALL, (op, v) -> constantParameter(op, "hip.tile", "repeats")));
        all.add(new Conversion("onnx.Slice", 1, 10, OnnxToHipConversions::sliceAttributes));
        all.add(new Conversion("onnx.Slice", 10, ALL, OnnxToHipConversions::sliceInputs));
        // Shape: 'start' and 'end' from 15; before, the whole shape.
        all.add(new Conversion("onnx.Shape", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.shape",
                copyInts(op, List.of(), List.of("start", "end"), List.of()))));
        all.add(new Conversion("onnx.Size", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.size", Map.of())));
        // Split: sizes from the 'split' attribute before 13, from an input from 13 (or 'num_outputs' from 18).
        all.add(new Conversion("onnx.Split", 2, 13, (op, v) -> split(op, op.attribute("split") instanceof DenseArrayAttr d
                ? d.asLongs() : null)));
        all.add(new Conversion("onnx.Split", 13, ALL, OnnxToHipConversions::splitInput));
        all.add(new Conversion("onnx.Trilu", 14, ALL, OnnxToHipConversions::trilu));
        all.add(new Conversion("onnx.CumSum", 11, ALL, OnnxToHipConversions::cumsum));
        all.add(new Conversion("onnx.TopK", 1, 10, (op, v) -> topk(op, intAttr(op, "k", -1))));
        all.add(new Conversion("onnx.TopK", 10, ALL, OnnxToHipConversions::topkInput));
        all.add(new Conversion("onnx.ConstantOfShape", 9, ALL, OnnxToHipConversions::constantOfShape));
        all.add(new Conversion("onnx.Pad", 2, 11, OnnxToHipConversions::padAttributes));
        all.add(new Conversion("onnx.Pad", 11, ALL, OnnxToHipConversions::padInputs));
        all.add(new Conversion("onnx.Einsum", 12, ALL, (op, v) -> op.attribute("equation") instanceof StringAttr e
                ? inputs(op, 1, ALL, "hip.einsum", Map.of("equation", e)) : Plan.skip("'equation' is missing")));
        all.add(new Conversion("onnx.ScatterElements", 11, ALL, (op, v) -> inputs(op, 3, 3, "hip.scatter_elements",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0)),
                        "reduction", new StringAttr(stringAttr(op, "reduction", "none"))))));
        all.add(new Conversion("onnx.ScatterND", 11, ALL, (op, v) -> inputs(op, 3, 3, "hip.scatter_nd",
                Map.of("reduction", new StringAttr(stringAttr(op, "reduction", "none"))))));
        // Range and NonZero have a run-time length: they convert when the ONNX result type fixes it.
        all.add(new Conversion("onnx.Range", 11, ALL, (op, v) -> inputs(op, 3, 3, "hip.range", Map.of())));
        all.add(new Conversion("onnx.NonZero", 9, ALL, (op, v) -> inputs(op, 1, 1, "hip.non_zero", Map.of())));
        all.add(new Conversion("onnx.OneHot", 9, ALL, OnnxToHipConversions::oneHot));
        // Resize 10 has Upsample's coordinates (asymmetric, nearest floor); from 11 they are attributes.
        all.add(new Conversion("onnx.Resize", 10, 11, OnnxToHipConversions::resize10));
        all.add(new Conversion("onnx.Resize", 11, ALL, OnnxToHipConversions::resize));
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
    private static List<Value> present(Operation op) {
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

    private static Plan inputs(Operation op, int min, int max, String hip, Map<String, Attribute> attrs) {
        List<Value> in = present(op);
        if (in == null || in.size() < min || in.size() > max) {
            return Plan.skip("expects " + min + " to " + max + " present inputs");
        }
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        return Plan.of(hip, in, attrs);
    }

    /** The integers of a constant operand (an {@code onnx.Constant} or an inline {@code hip.constant}), else null. */
    static long[] constantInts(Value v) {
        Operation def = v.definingOp();
        if (def == null || !(def.is(OnnxDialect.CONSTANT) || def.is("hip.constant"))) {
            return null;
        }
        if (!(def.attribute("value") instanceof DenseElementsAttr d) || !(d.elementType() instanceof IntegerType)) {
            return null;
        }
        long[] out = new long[(int) d.numElements()];
        for (int i = 0; i < out.length; i++) {
            out[i] = d.getLong(d.isSplat() ? 0 : i);
        }
        return out;
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

    private static Map<String, Attribute> copyInts(Operation op, List<String> arrays, List<String> ints,
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

    private static Plan reduce(Operation op, String hip, long[] axes) {
        Map<String, Attribute> attrs = new HashMap<>();
        boolean noopEmpty = intAttr(op, "noop_with_empty_axes", 0) != 0;
        if ((axes == null || axes.length == 0) && noopEmpty) {
            return Plan.skip("noop_with_empty_axes with no axes is an identity");
        }
        if (axes != null && axes.length > 0) {
            attrs.put("axes", DenseArrayAttr.i64(axes));
        }
        attrs.put("keepdims", BoolAttr.of(intAttr(op, "keepdims", 1) != 0));
        return Plan.of(hip, List.of(op.operand(0)), attrs);
    }

    private static Plan reduceAttribute(Operation op, String hip) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return Plan.skip("expects one input and one result");
        }
        long[] axes = op.attribute("axes") instanceof DenseArrayAttr d ? d.asLongs() : null;
        return reduce(op, hip, axes);
    }

    private static Plan reduceInput(Operation op, String hip) {
        if (op.numOperands() < 1 || op.numResults() != 1) {
            return Plan.skip("expects an input and one result");
        }
        long[] axes = null;
        if (OnnxRewrites.hasOperand(op, 1)) {
            axes = constantInts(op.operand(1));
            if (axes == null) {
                return Plan.invalid("'axes' must be a constant to convert to hip (it is computed at run time)");
            }
        }
        return reduce(op, hip, axes);
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

    /** The constant integers of input {@code i}, or {@code null} when it is absent or computed at run time. */
    private static long[] constantInput(Operation op, int i) {
        return OnnxRewrites.hasOperand(op, i) ? constantInts(op.operand(i)) : null;
    }

    /**
     * Reshape: a constant shape becomes the {@code shape} attribute; any other shape stays the
     * runtime operand (the result rank is its static length, every dimension {@code ?}).
     */
    private static Plan reshape(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 1 || OnnxRewrites.isNoValue(op.operand(1))) {
            return Plan.skip("expects data and shape");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("allowzero", BoolAttr.of(intAttr(op, "allowzero", 0) != 0));
        long[] shape = constantInts(op.operand(1));
        if (shape == null) {
            return Plan.of("hip.reshape", List.of(op.operand(0), op.operand(1)), attrs);
        }
        attrs.put("shape", DenseArrayAttr.i64(shape));
        return Plan.of("hip.reshape", List.of(op.operand(0)), attrs);
    }

    /** Squeeze and Unsqueeze before opset 13: 'axes' is an attribute. */
    private static Plan axesAttribute(Operation op, String hip) {
        return inputs(op, 1, 1, hip, copyInts(op, List.of("axes"), List.of(), List.of()));
    }

    /** Squeeze and Unsqueeze from opset 13: 'axes' is an (optional for Squeeze) input that must be constant. */
    private static Plan axesInput(Operation op, String hip) {
        if (op.numResults() != 1 || op.numOperands() < 1 || op.numOperands() > 2) {
            return Plan.skip("expects data, optional axes and one result");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        if (OnnxRewrites.hasOperand(op, 1)) {
            long[] axes = constantInts(op.operand(1));
            if (axes == null) {
                return Plan.skip("'axes' is computed at run time");
            }
            attrs.put("axes", DenseArrayAttr.i64(axes));
        }
        return Plan.of(hip, List.of(op.operand(0)), attrs);
    }

    /** Expand and Tile: the second input, constant, becomes the attribute {@code name}. */
    private static Plan constantParameter(Operation op, String hip, String name) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return Plan.skip("expects two inputs and one result");
        }
        long[] values = constantInput(op, 1);
        if (values == null) {
            return Plan.skip("'" + name + "' is computed at run time");
        }
        return Plan.of(hip, List.of(op.operand(0)), Map.of(name, DenseArrayAttr.i64(values)));
    }

    /** Slice before opset 10: 'starts', 'ends' and optional 'axes' are attributes. */
    private static Plan sliceAttributes(Operation op, int opset) {
        if (!(op.attribute("starts") instanceof DenseArrayAttr) || !(op.attribute("ends") instanceof DenseArrayAttr)) {
            return Plan.skip("'starts' and 'ends' are required");
        }
        return inputs(op, 1, 1, "hip.slice", copyInts(op, List.of("starts", "ends", "axes"), List.of(), List.of()));
    }

    /** Slice from opset 10: data, starts, ends and optional axes and steps, all constant. */
    private static Plan sliceInputs(Operation op, int opset) {
        if (op.numResults() != 1 || op.numOperands() < 3 || op.numOperands() > 5) {
            return Plan.skip("expects data, starts, ends, optional axes and steps");
        }
        String[] names = {"starts", "ends", "axes", "steps"};
        Map<String, Attribute> attrs = new HashMap<>();
        for (int i = 1; i <= 4; i++) {
            if (!OnnxRewrites.hasOperand(op, i)) {
                if (i <= 2) {
                    return Plan.skip("'" + names[i - 1] + "' is required");
                }
                continue;
            }
            long[] values = constantInts(op.operand(i));
            if (values == null) {
                return Plan.skip("'" + names[i - 1] + "' is computed at run time");
            }
            attrs.put(names[i - 1], DenseArrayAttr.i64(values));
        }
        return Plan.of("hip.slice", List.of(op.operand(0)), attrs);
    }

    /** Split into one result per piece, sized by {@code sizes} or evenly when {@code null}. */
    private static Plan split(Operation op, long[] sizes) {
        if (op.numOperands() < 1 || op.numResults() < 1 || OnnxRewrites.isNoValue(op.operand(0))) {
            return Plan.skip("expects an input and results");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("axis", IntegerAttr.i64(intAttr(op, "axis", 0)));
        if (sizes != null && sizes.length > 0) {
            attrs.put("split", DenseArrayAttr.i64(sizes));
        }
        return Plan.of("hip.split", List.of(op.operand(0)), attrs);
    }

    /** Split from opset 13: the sizes are an optional constant input; without it, even pieces (one per result). */
    private static Plan splitInput(Operation op, int opset) {
        long[] sizes = null;
        if (OnnxRewrites.hasOperand(op, 1)) {
            sizes = constantInts(op.operand(1));
            if (sizes == null) {
                return Plan.skip("'split' is computed at run time");
            }
        }
        return split(op, sizes);
    }

    private static Plan trilu(Operation op, int opset) {
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("upper", BoolAttr.of(intAttr(op, "upper", 1) != 0));
        if (OnnxRewrites.hasOperand(op, 1)) {
            long[] k = constantInts(op.operand(1));
            if (k == null || k.length != 1) {
                return Plan.skip("'k' is not a constant scalar");
            }
            attrs.put("k", IntegerAttr.i64(k[0]));
        }
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        return Plan.of("hip.trilu", List.of(op.operand(0)), attrs);
    }

    private static Plan cumsum(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return Plan.skip("expects x and axis");
        }
        long[] axis = constantInts(op.operand(1));
        if (axis == null || axis.length != 1) {
            return Plan.skip("'axis' is not a constant scalar");
        }
        return Plan.of("hip.cumsum", List.of(op.operand(0)), Map.of("axis", IntegerAttr.i64(axis[0]),
                "exclusive", BoolAttr.of(intAttr(op, "exclusive", 0) != 0),
                "reverse", BoolAttr.of(intAttr(op, "reverse", 0) != 0)));
    }

    /** TopK with a known {@code k} (negative: unknown); 'largest' and 'sorted' exist from opset 11. */
    private static Plan topk(Operation op, long k) {
        if (k < 0 || op.numResults() != 2) {
            return Plan.skip("'k' is unknown or the op does not have two results");
        }
        return Plan.of("hip.topk", List.of(op.operand(0)), Map.of("k", IntegerAttr.i64(k),
                "axis", IntegerAttr.i64(intAttr(op, "axis", -1)),
                "largest", BoolAttr.of(intAttr(op, "largest", 1) != 0),
                "sorted", BoolAttr.of(intAttr(op, "sorted", 1) != 0)));
    }

    /** TopK from opset 10: 'k' is a constant 1-element input. */
    private static Plan topkInput(Operation op, int opset) {
        long[] k = op.numOperands() == 2 ? constantInts(op.operand(1)) : null;
        return k == null || k.length != 1 ? Plan.skip("'k' is not a constant") : topk(op, k[0]);
    }

    /** ConstantOfShape with a constant shape: {@code hip.fill} with the typed scalar 'value' (default float 0). */
    private static Plan constantOfShape(Operation op, int opset) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return Plan.skip("expects one input and one result");
        }
        long[] shape = constantInts(op.operand(0));
        if (shape == null) {
            return Plan.skip("'shape' is computed at run time");
        }
        Attribute value = FloatAttr.f32(0.0);
        if (op.attribute("value") instanceof DenseElementsAttr d) {
            if (d.numElements() != 1) {
                return Plan.skip("'value' must have one element");
            }
            if (d.elementType() instanceof FloatType f) {
                value = new FloatAttr(f, d.getDouble(0));
            } else if (d.elementType() instanceof IntegerType i && i.width() > 1) {
                value = IntegerAttr.of(i, d.getLong(0));
            } else {
                return Plan.skip("boolean 'value' is not supported");
            }
        }
        return Plan.of("hip.fill", List.of(), Map.of("value", value, "shape", DenseArrayAttr.i64(shape)));
    }

    /** The constant padding value as an attribute of the data's element type; none for 0; null when not representable. */
    private static Map<String, Attribute> padValue(Type et, double value, Map<String, Attribute> attrs) {
        if (value == 0.0) {
            return attrs;
        }
        if (et instanceof FloatType f) {
            attrs.put("value", new FloatAttr(f, value));
        } else if (et instanceof IntegerType i && i.width() > 1 && value == Math.rint(value)) {
            attrs.put("value", IntegerAttr.of(i, (long) value));
        } else {
            return null;
        }
        return attrs;
    }

    /** Pad before opset 11: 'pads', 'mode' and a float 'value' are attributes. */
    private static Plan padAttributes(Operation op, int opset) {
        if (!(op.attribute("pads") instanceof DenseArrayAttr pads)) {
            return Plan.skip("'pads' is required");
        }
        String mode = stringAttr(op, "mode", "constant");
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("pads", pads);
        attrs.put("mode", new StringAttr(mode));
        if (mode.equals("constant")) {
            attrs = padValue(OnnxRewrites.elementType(op.operand(0).type()), floatAttr(op, "value", 0.0), attrs);
            if (attrs == null) {
                return Plan.skip("the padding value does not fit the element type");
            }
        }
        return inputs(op, 1, 1, "hip.pad", attrs);
    }

    /** Pad from opset 11: constant pads and optional constant value inputs; an 'axes' input (18) is not converted. */
    private static Plan padInputs(Operation op, int opset) {
        if (op.numOperands() < 2 || op.numResults() != 1 || OnnxRewrites.hasOperand(op, 3)) {
            return Plan.skip("expects data, pads, an optional constant value and no axes");
        }
        long[] pads = constantInts(op.operand(1));
        if (pads == null) {
            return Plan.skip("'pads' is computed at run time");
        }
        String mode = stringAttr(op, "mode", "constant");
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("pads", DenseArrayAttr.i64(pads));
        attrs.put("mode", new StringAttr(mode));
        if (mode.equals("constant") && OnnxRewrites.hasOperand(op, 2)) {
            Type et = OnnxRewrites.elementType(op.operand(0).type());
            Attribute value = constantScalar(op.operand(2), et);
            if (value == null) {
                return Plan.skip("'constant_value' is not a constant scalar");
            }
            boolean zero = value instanceof FloatAttr f ? f.value() == 0.0 : ((IntegerAttr) value).longValue() == 0;
            if (!zero) {
                attrs.put("value", value);
            }
        }
        return Plan.of("hip.pad", List.of(op.operand(0)), attrs);
    }

    /** The numbers of a constant operand of any integer or float element type, else null. */
    private static double[] constantNumbers(Value v) {
        Operation def = v.definingOp();
        if (def == null || !(def.is(OnnxDialect.CONSTANT) || def.is("hip.constant"))
                || !(def.attribute("value") instanceof DenseElementsAttr d)) {
            return null;
        }
        boolean isFloat = d.elementType() instanceof FloatType;
        if (!isFloat && !(d.elementType() instanceof IntegerType)) {
            return null;
        }
        double[] out = new double[(int) d.numElements()];
        for (int i = 0; i < out.length; i++) {
            int at = d.isSplat() ? 0 : i;
            out[i] = isFloat ? d.getDouble(at) : d.getLong(at);
        }
        return out;
    }

    /** OneHot: indices, a constant one-element depth (any numeric type) and values [off, on]. */
    private static Plan oneHot(Operation op, int opset) {
        if (op.numOperands() != 3 || op.numResults() != 1 || present(op) == null || present(op).size() != 3) {
            return Plan.skip("expects indices, depth and values");
        }
        double[] depth = constantNumbers(op.operand(1));
        if (depth == null || depth.length != 1 || depth[0] != Math.floor(depth[0])) {
            return Plan.skip("'depth' is not a constant integral scalar");
        }
        return Plan.of("hip.one_hot", List.of(op.operand(0), op.operand(2)), Map.of(
                "depth", IntegerAttr.i64((long) depth[0]), "axis", IntegerAttr.i64(intAttr(op, "axis", -1))));
    }

    /** Resize with constant {@code scales} or {@code sizes} (absent or empty: not given) and the given attributes. */
    private static Plan resizeWith(Operation op, Value scales, Value sizes, Map<String, Attribute> attrs) {
        double[] sc = scales == null ? null : constantNumbers(scales);
        long[] sz = sizes == null ? null : constantInts(sizes);
        if ((scales != null && sc == null) || (sizes != null && sz == null)) {
            return Plan.skip("'scales' or 'sizes' is computed at run time");
        }
        if (sz != null && sz.length > 0) {
            attrs.put("sizes", DenseArrayAttr.i64(sz));
        } else if (sc != null && sc.length > 0) {
            attrs.put("scales", DenseArrayAttr.ofDoubles(FloatType.F32, sc));
        } else {
            return Plan.skip("neither 'scales' nor 'sizes' is given");
        }
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        return Plan.of("hip.resize", List.of(op.operand(0)), attrs);
    }

    private static Plan resize10(Operation op, int opset) {
        if (op.numOperands() != 2) {
            return Plan.skip("expects X and scales");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("mode", new StringAttr(stringAttr(op, "mode", "nearest")));
        attrs.put("coordinate_transformation_mode", new StringAttr("asymmetric"));
        attrs.put("nearest_mode", new StringAttr("floor"));
        return resizeWith(op, op.operand(1), null, attrs);
    }

    /** Resize from opset 11: X, roi, scales, sizes; not tf_crop_and_resize (roi), exclude_outside, antialias or axes. */
    private static Plan resize(Operation op, int opset) {
        String ctm = stringAttr(op, "coordinate_transformation_mode", "half_pixel");
        if (ctm.equals("tf_crop_and_resize") || intAttr(op, "exclude_outside", 0) != 0
                || intAttr(op, "antialias", 0) != 0 || op.attribute("axes") != null
                || !stringAttr(op, "keep_aspect_ratio_policy", "stretch").equals("stretch")) {
            return Plan.skip("roi, exclude_outside, antialias, axes and aspect-ratio policies are not supported");
        }
        if (op.numOperands() < 2 || op.numOperands() > 4) {
            return Plan.skip("expects X, roi, scales and sizes");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("mode", new StringAttr(stringAttr(op, "mode", "nearest")));
        attrs.put("coordinate_transformation_mode", new StringAttr(ctm));
        attrs.put("nearest_mode", new StringAttr(stringAttr(op, "nearest_mode", "round_prefer_floor")));
        attrs.put("cubic_coeff_a", FloatAttr.f32(floatAttr(op, "cubic_coeff_a", -0.75)));
        return resizeWith(op, OnnxRewrites.hasOperand(op, 2) ? op.operand(2) : null,
                OnnxRewrites.hasOperand(op, 3) ? op.operand(3) : null, attrs);
    }
}
