package org.hipep.dialects.hip;

import static org.hipep.dialects.hip.HipShapes.format;
import static org.hipep.dialects.hip.HipShapes.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.hip.HipShapes.ShapeError;
import org.hipep.dialects.hip.InferShapes.Inferred;
import org.hipep.ir.Attribute;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * The compute ops of the {@code hip} dialect: their definitions ({@link Spec}), the shape and
 * type inference of each, the shared verifier and the shared custom form. See the package
 * documentation for the destination-passing convention.
 */
final class HipOps {
    private HipOps() {
    }

    /** The shape-inference body of an op; throws {@link ShapeError} on a misfit. */
    @FunctionalInterface
    interface Rule {
        List<Type> apply(List<RankedTensorType> in, Map<String, Attribute> attrs, int numResults);
    }

    /**
     * One op kind.
     *
     * @param name the name without the namespace
     * @param summary a one-line description
     * @param minInputs the fewest inputs (operands before the destinations)
     * @param maxInputs the most inputs
     * @param minResults the fewest results (each with one destination)
     * @param maxResults the most results
     * @param attributes the inherent attributes
     * @param rule the shape inference
     */
    record Spec(String name, String summary, int minInputs, int maxInputs, int minResults, int maxResults,
            List<String> attributes, Rule rule) {
        /** This op's {@link InferShapes} model. */
        InferShapes model() {
            return (inputs, attrs, numResults) -> infer(this, inputs, attrs, numResults);
        }
    }

    // ---------------------------------------------------------------- element kinds

    static boolean isBool(Type t) {
        return t instanceof IntegerType i && i.width() == 1;
    }

    static boolean isFloat(Type t) {
        return t instanceof FloatType;
    }

    static boolean isNumeric(Type t) {
        return isFloat(t) || (t instanceof IntegerType && !isBool(t));
    }

    private static void requireFloat(RankedTensorType t, String what) {
        if (!isFloat(t.elementType())) {
            throw new ShapeError(what + " must have a floating-point element type, got " + text(t));
        }
    }

    private static void requireNumeric(RankedTensorType t, String what) {
        if (!isNumeric(t.elementType())) {
            throw new ShapeError(what + " must have an integer or floating-point element type (not i1), got "
                    + text(t));
        }
    }

    private static void requireBool(RankedTensorType t, String what) {
        if (!isBool(t.elementType())) {
            throw new ShapeError(what + " must have element type i1, got " + text(t));
        }
    }

    private static void requireSameElement(List<RankedTensorType> in) {
        for (RankedTensorType t : in) {
            if (!t.elementType().equals(in.get(0).elementType())) {
                throw new ShapeError("operands must have the same element type, got " + text(in.get(0)) + " and "
                        + text(t));
            }
        }
    }

    // ---------------------------------------------------------------- attributes

    static long intAttr(Map<String, Attribute> attrs, String name, long dflt) {
        Attribute a = attrs.get(name);
        if (a == null) {
            return dflt;
        }
        if (!(a instanceof IntegerAttr i) || isBool(i.type())) {
            throw new ShapeError("'" + name + "' must be an integer attribute");
        }
        return i.longValue();
    }

    static boolean flag(Map<String, Attribute> attrs, String name, boolean dflt) {
        Attribute a = attrs.get(name);
        if (a == null) {
            return dflt;
        }
        if (!(a instanceof BoolAttr b)) {
            throw new ShapeError("'" + name + "' must be a bool attribute (true or false)");
        }
        return b.value();
    }

    static double floatAttr(Map<String, Attribute> attrs, String name, double dflt) {
        Attribute a = attrs.get(name);
        if (a == null) {
            return dflt;
        }
        if (!(a instanceof FloatAttr f)) {
            throw new ShapeError("'" + name + "' must be a float attribute");
        }
        return f.value();
    }

    static long[] axesAttr(Map<String, Attribute> attrs, String name) {
        Attribute a = attrs.get(name);
        if (a == null) {
            return null;
        }
        if (!(a instanceof DenseArrayAttr d) || d.isFloat()
                || !(d.elementType() instanceof IntegerType it && it.width() == 64)) {
            throw new ShapeError("'" + name + "' must be an array<i64> attribute");
        }
        return d.asLongs();
    }

    private static RankedTensorType tensor(List<Long> shape, Type element) {
        return RankedTensorType.of(shape, element);
    }

    // ---------------------------------------------------------------- rules

    private static Rule broadcasting(boolean compare, Kind kind) {
        return (in, attrs, n) -> {
            for (int i = 0; i < in.size(); i++) {
                kind.check(in.get(i), "operand #" + i);
            }
            requireSameElement(in);
            List<Long> shape = HipShapes.broadcast(in.stream().map(RankedTensorType::shape).toList());
            return List.of(tensor(shape, compare ? IntegerType.I1 : in.get(0).elementType()));
        };
    }

    /**
     * add / sub / mul / div: numpy broadcasting, and a fused clamp ({@link HipEpilogueFusion}) only
     * on floats.
     */
    private static final Rule ARITHMETIC = (in, attrs, n) -> {
        List<Type> out = broadcasting(false, Kind.NUMERIC).apply(in, attrs, n);
        boolean clamped = attrs.containsKey(HipEpilogueFusion.CLAMP_MIN)
                || attrs.containsKey(HipEpilogueFusion.CLAMP_MAX);
        if (clamped && !isFloat(in.get(0).elementType())) {
            throw new ShapeError("clamp_min / clamp_max need a floating-point element type, got " + text(in.get(0)));
        }
        floatAttr(attrs, HipEpilogueFusion.CLAMP_MIN, Double.NEGATIVE_INFINITY);
        floatAttr(attrs, HipEpilogueFusion.CLAMP_MAX, Double.POSITIVE_INFINITY);
        return out;
    };

    /** The element types an op accepts. */
    enum Kind {
        /** Any element type. */
        ANY,
        /** Integers (not i1) and floats. */
        NUMERIC,
        /** Floats. */
        FLOAT,
        /** i1. */
        BOOL;

        void check(RankedTensorType t, String what) {
            switch (this) {
                case NUMERIC -> requireNumeric(t, what);
                case FLOAT -> requireFloat(t, what);
                case BOOL -> requireBool(t, what);
                default -> {
                }
            }
        }
    }

    private static final Rule POW = (in, attrs, n) -> {
        requireNumeric(in.get(0), "the base");
        requireNumeric(in.get(1), "the exponent");
        return List.of(tensor(HipShapes.broadcast(in.get(0).shape(), in.get(1).shape()), in.get(0).elementType()));
    };

    private static final Rule MOD = (in, attrs, n) -> {
        List<Type> out = broadcasting(false, Kind.NUMERIC).apply(in, attrs, n);
        if (isFloat(in.get(0).elementType()) && !flag(attrs, "fmod", false)) {
            throw new ShapeError("floating-point operands need 'fmod' = true");
        }
        return out;
    };

    private static Rule unary(Kind kind) {
        return (in, attrs, n) -> {
            kind.check(in.get(0), "the operand");
            return List.of(in.get(0));
        };
    }

    private static final Rule GELU = (in, attrs, n) -> {
        Attribute a = attrs.get("approximate");
        if (a != null && !(a instanceof StringAttr s && (s.value().equals("none") || s.value().equals("tanh")))) {
            throw new ShapeError("'approximate' must be \"none\" or \"tanh\"");
        }
        return unary(Kind.FLOAT).apply(in, attrs, n);
    };

    private static final Rule LEAKY_RELU = (in, attrs, n) -> {
        floatAttr(attrs, "alpha", 0.01);
        return unary(Kind.FLOAT).apply(in, attrs, n);
    };

    private static final Rule HARD_SIGMOID = (in, attrs, n) -> {
        floatAttr(attrs, "alpha", 0.2);
        floatAttr(attrs, "beta", 0.5);
        return unary(Kind.FLOAT).apply(in, attrs, n);
    };

    /** Cast keeps the shape; the result's element type is the target, so only the shape is inferred. */
    private static final Rule CAST = (in, attrs, n) -> {
        Attribute to = attrs.get("to");
        if (!(to instanceof org.hipep.ir.builtin.TypeAttr ta)
                || !(ta.value() instanceof IntegerType || ta.value() instanceof FloatType)) {
            throw new ShapeError("'to' must be a type attribute naming the target element type");
        }
        return List.of(tensor(in.get(0).shape(), ta.value()));
    };

    private static final Rule WHERE = (in, attrs, n) -> {
        requireBool(in.get(0), "the condition");
        requireSameElement(in.subList(1, 3));
        return List.of(tensor(HipShapes.broadcast(in.stream().map(RankedTensorType::shape).toList()),
                in.get(1).elementType()));
    };

    private static final Rule CLIP = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        requireNumeric(x, "the operand");
        for (String bound : List.of("min", "max")) {
            Attribute a = attrs.get(bound);
            if (a == null) {
                continue;
            }
            boolean fits = isFloat(x.elementType()) ? a instanceof FloatAttr f && f.type().equals(x.elementType())
                    : a instanceof IntegerAttr i && i.type().equals(x.elementType());
            if (!fits) {
                throw new ShapeError("'" + bound + "' must be a " + text(x.elementType())
                        + " attribute, the operand's element type");
            }
        }
        return List.of(x);
    };

    private static final Rule MATMUL = (in, attrs, n) -> {
        requireNumeric(in.get(0), "operand A");
        requireSameElement(in);
        Attribute act = attrs.get(HipEpilogueFusion.ACTIVATION);
        if (act != null) {
            // The fused Gelu (HipEpilogueFusion.MatMulGelu), applied to the (biased) product.
            if (!(act instanceof StringAttr s && HipEpilogueFusion.ACTIVATIONS.contains(s.value()))) {
                throw new ShapeError("'activation' must be one of " + HipEpilogueFusion.ACTIVATIONS);
            }
            requireFloat(in.get(0), "operand A of a matmul with an activation");
        }
        List<Long> y = HipShapes.matmul(in.get(0).shape(), in.get(1).shape());
        if (in.size() > 2) {
            // The fused bias (HipEpilogueFusion.MatMulBias): [N], added along Y's last dimension.
            RankedTensorType bias = in.get(2);
            if (in.get(1).rank() < 2 || bias.rank() != 1) {
                throw new ShapeError("the bias must be 1-D [N] with B a matrix, got bias " + text(bias) + " and B "
                        + text(in.get(1)));
            }
            long cols = in.get(1).shape().get(in.get(1).rank() - 1);
            long b = bias.shape().get(0);
            if (cols != ShapedType.DYNAMIC && b != ShapedType.DYNAMIC && cols != b) {
                throw new ShapeError("the bias " + text(bias) + " does not match B's " + cols + " columns");
            }
        }
        return List.of(tensor(y, in.get(0).elementType()));
    };

    private static final Rule GEMM = (in, attrs, n) -> {
        requireNumeric(in.get(0), "operand A");
        requireSameElement(in);
        floatAttr(attrs, "alpha", 1.0);
        floatAttr(attrs, "beta", 1.0);
        List<Long> c = in.size() > 2 ? in.get(2).shape() : null;
        return List.of(tensor(HipShapes.gemm(in.get(0).shape(), in.get(1).shape(), c, flag(attrs, "transA", false),
                flag(attrs, "transB", false)), in.get(0).elementType()));
    };

    private static final Rule REDUCE = (in, attrs, n) -> {
        requireNumeric(in.get(0), "the operand");
        long[] axes = axesAttr(attrs, "axes");
        if ((axes == null || axes.length == 0) && flag(attrs, "noop_with_empty_axes", false)) {
            return List.of(in.get(0));
        }
        return List.of(tensor(HipShapes.reduce(in.get(0).shape(), axesAttr(attrs, "axes"), flag(attrs, "keepdims",
                true)), in.get(0).elementType()));
    };

    private static final Rule ARG = (in, attrs, n) -> {
        requireNumeric(in.get(0), "the operand");
        flag(attrs, "select_last_index", false);
        long axis = intAttr(attrs, "axis", 0);
        HipShapes.normalizeAxis(axis, in.get(0).rank());
        return List.of(tensor(HipShapes.reduce(in.get(0).shape(), new long[] {axis}, flag(attrs, "keepdims", true)),
                IntegerType.I64));
    };

    private static final Rule LOG_SOFTMAX = (in, attrs, n) -> {
        requireFloat(in.get(0), "the operand");
        HipShapes.normalizeAxis(intAttr(attrs, "axis", -1), in.get(0).rank());
        return List.of(in.get(0));
    };

    /** Softmax also takes a fused scale (HipEpilogueFusion.SoftmaxScale). */
    private static final Rule SOFTMAX = (in, attrs, n) -> {
        floatAttr(attrs, HipEpilogueFusion.SCALE, 1.0);
        return LOG_SOFTMAX.apply(in, attrs, n);
    };

    /** Scale (and bias) of layer_norm / rms_norm: broadcast to the normalised trailing dimensions. */
    private static void checkTrailing(List<RankedTensorType> in, int from, int axis, String[] names) {
        RankedTensorType x = in.get(0);
        List<Long> normalized = x.shape().subList(axis, x.rank());
        for (int i = from; i < in.size(); i++) {
            if (!in.get(i).elementType().equals(x.elementType())) {
                throw new ShapeError(names[i - from] + " " + text(in.get(i)) + " must have the element type of X "
                        + text(x));
            }
            if (!HipShapes.unidirectional(in.get(i).shape(), normalized)) {
                throw new ShapeError(names[i - from] + " " + format(in.get(i).shape())
                        + " does not broadcast to the normalized dimensions " + format(normalized));
            }
        }
    }

    private static final Rule LAYER_NORM = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        requireFloat(x, "X");
        floatAttr(attrs, "epsilon", 1e-5);
        int axis = HipShapes.normalizeAxis(intAttr(attrs, "axis", -1), x.rank());
        checkTrailing(in, 1, axis, new String[] {"scale", "bias"});
        if (n == 1) {
            return List.of(x);
        }
        List<Long> stats = new ArrayList<>(x.shape().subList(0, axis));
        while (stats.size() < x.rank()) {
            stats.add(1L);
        }
        return List.of(x, tensor(stats, FloatType.F32), tensor(stats, FloatType.F32));
    };

    /** Layer normalization of X + skip (one type, no broadcasting): scale and bias as layer_norm's. */
    private static final Rule SKIP_LAYER_NORM = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        requireFloat(x, "X");
        if (!in.get(1).equals(x)) {
            throw new ShapeError("skip " + text(in.get(1)) + " must have the type of X " + text(x));
        }
        floatAttr(attrs, "epsilon", 1e-5);
        int axis = HipShapes.normalizeAxis(intAttr(attrs, "axis", -1), x.rank());
        checkTrailing(in, 2, axis, new String[] {"scale", "bias"});
        return List.of(x);
    };

    private static final Rule RMS_NORM = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        requireFloat(x, "X");
        floatAttr(attrs, "epsilon", 1e-5);
        int axis = HipShapes.normalizeAxis(intAttr(attrs, "axis", -1), x.rank());
        checkTrailing(in, 1, axis, new String[] {"scale"});
        return List.of(x);
    };

    /** Ops over {@code [N, C, D1, ...]} whose other inputs are per-channel vectors {@code [C]}. */
    private static Rule perChannel(int minRank, String[] names) {
        return (in, attrs, n) -> {
            RankedTensorType x = in.get(0);
            requireFloat(x, "X");
            floatAttr(attrs, "epsilon", 1e-5);
            if (x.rank() < minRank) {
                throw new ShapeError("X must have rank >= " + minRank + " ([N, C, ...]), got " + text(x));
            }
            long c = x.shape().get(1);
            for (int i = 1; i < in.size(); i++) {
                RankedTensorType t = in.get(i);
                if (!t.elementType().equals(x.elementType())) {
                    throw new ShapeError(names[i - 1] + " " + text(t) + " must have the element type of X " + text(x));
                }
                if (t.rank() != 1) {
                    throw new ShapeError(names[i - 1] + " must be 1-D [C], got " + text(t));
                }
                try {
                    HipShapes.same(t.shape().get(0), c, "channels");
                } catch (ShapeError e) {
                    throw new ShapeError(names[i - 1] + " " + format(t.shape()) + " does not match the channels of X "
                            + format(x.shape()));
                }
            }
            return List.of(x);
        };
    }

    private static final Rule GROUP_NORM = (in, attrs, n) -> {
        List<Type> out = perChannel(3, new String[] {"scale", "bias"}).apply(in, attrs, n);
        if (!attrs.containsKey("num_groups")) {
            throw new ShapeError("'num_groups' is required");
        }
        long groups = intAttr(attrs, "num_groups", 1);
        long c = in.get(0).shape().get(1);
        if (groups <= 0) {
            throw new ShapeError("'num_groups' must be > 0, got " + groups);
        }
        if (c != RankedTensorType.DYNAMIC && c % groups != 0) {
            throw new ShapeError("channels " + c + " are not divisible by 'num_groups' " + groups);
        }
        return out;
    };

    // ---------------------------------------------------------------- the op table

    private static Spec op(String name, String summary, int minIn, int maxIn, List<String> attrs, Rule rule) {
        return new Spec(name, summary, minIn, maxIn, 1, 1, attrs, rule);
    }

    /** Every compute op, in registration order. */
    static final List<Spec> ALL;

    static {
        List<Spec> ops = new ArrayList<>();
        for (String n : List.of("add", "sub", "mul", "div")) {
            ops.add(op(n, "Elementwise " + n + " with numpy broadcasting (floats: optional fused activation"
                    + " min(max(c, clamp_min), clamp_max))", 2, 2, List.of("clamp_min", "clamp_max"), ARITHMETIC));
        }
        for (String n : List.of("min", "max")) {
            ops.add(op(n, "Elementwise " + n + " with numpy broadcasting", 2, 2, List.of(),
                    broadcasting(false, Kind.NUMERIC)));
        }
        ops.add(op("pow", "Elementwise power with numpy broadcasting", 2, 2, List.of(), POW));
        ops.add(op("mod", "Elementwise remainder (fmod for floats) with numpy broadcasting", 2, 2, List.of("fmod"), MOD));
        for (String n : List.of("and", "or", "xor")) {
            ops.add(op(n, "Elementwise logical " + n + " with numpy broadcasting", 2, 2, List.of(),
                    broadcasting(false, Kind.BOOL)));
        }
        ops.add(op("equal", "Elementwise equality (i1 result) with numpy broadcasting", 2, 2, List.of(),
                broadcasting(true, Kind.ANY)));
        for (String n : List.of("less", "less_or_equal", "greater", "greater_or_equal")) {
            ops.add(op(n, "Elementwise comparison (i1 result) with numpy broadcasting", 2, 2, List.of(),
                    broadcasting(true, Kind.NUMERIC)));
        }
        for (String n : List.of("neg", "abs", "sign")) {
            ops.add(op(n, "Elementwise " + n, 1, 1, List.of(), unary(Kind.NUMERIC)));
        }
        for (String n : List.of("exp", "log", "sqrt", "reciprocal", "sigmoid", "tanh", "erf", "sin", "cos", "ceil",
                "floor", "round", "softplus")) {
            ops.add(op(n, "Elementwise " + n + " of a floating-point tensor", 1, 1, List.of(), unary(Kind.FLOAT)));
        }
        ops.add(op("not", "Elementwise logical not", 1, 1, List.of(), unary(Kind.BOOL)));
        ops.add(op("gelu", "Elementwise GELU (approximate = \"none\" or \"tanh\")", 1, 1, List.of("approximate"), GELU));
        ops.add(op("leaky_relu", "Elementwise leaky ReLU with slope alpha", 1, 1, List.of("alpha"), LEAKY_RELU));
        ops.add(op("hard_sigmoid", "Elementwise max(0, min(1, alpha * x + beta))", 1, 1, List.of("alpha", "beta"),
                HARD_SIGMOID));
        ops.add(op("cast", "Elementwise conversion to the element type 'to'", 1, 1, List.of("to"), CAST));
        ops.add(op("where", "Elementwise select with three-way numpy broadcasting", 3, 3, List.of(), WHERE));
        ops.add(op("clip", "Elementwise clamp to optional 'min' and 'max' bounds", 1, 1, List.of("min", "max"), CLIP));
        ops.add(op("matmul", "Numpy matrix product with batch broadcasting, plus an optional bias row [N] (a fused"
                + " Add), then an optional activation (a fused Gelu: \"gelu\" or \"gelu_tanh\")", 2, 3,
                List.of(HipEpilogueFusion.ACTIVATION), MATMUL));
        ops.add(op("gemm", "alpha * op(A) * op(B) + beta * C", 2, 3, List.of("alpha", "beta", "transA", "transB"),
                GEMM));
        for (String n : List.of("sum", "mean", "max", "min", "prod", "sum_square", "l1", "l2", "log_sum_exp")) {
            ops.add(op("reduce_" + n, "Reduction (" + n + ") over 'axes' (all when absent or empty, none with"
                    + " noop_with_empty_axes)", 1, 1, List.of("axes", "keepdims", "noop_with_empty_axes"), REDUCE));
        }
        for (String n : List.of("arg_max", "arg_min")) {
            ops.add(op(n, "Index (i64) of the " + n.substring(4) + " along 'axis'", 1, 1,
                    List.of("axis", "keepdims", "select_last_index"), ARG));
        }
        ops.add(op("softmax", "Softmax along one axis (opset 13) of scale * X (scale: a fused Mul by a constant,"
                + " 1 when absent)", 1, 1, List.of("axis", "scale"), SOFTMAX));
        ops.add(op("log_softmax", "Log of softmax along one axis (opset 13)", 1, 1, List.of("axis"), LOG_SOFTMAX));
        ops.add(new Spec("layer_norm", "Layer normalization from 'axis' on, with optional mean and inv_std_dev", 2, 3,
                1, 3, List.of("axis", "epsilon"), LAYER_NORM));
        ops.add(op("skip_layer_norm", "Layer normalization of X + skip from 'axis' on (a residual Add and the"
                + " normalization after it in one pass)", 3, 4, List.of("axis", "epsilon"), SKIP_LAYER_NORM));
        ops.add(op("rms_norm", "RMS normalization from 'axis' on", 2, 2, List.of("axis", "epsilon"), RMS_NORM));
        ops.add(op("batch_norm", "Batch normalization (inference): X, scale, bias, mean, var", 5, 5,
                List.of("epsilon"), perChannel(2, new String[] {"scale", "bias", "mean", "var"})));
        ops.add(op("instance_norm", "Instance normalization: X, scale, bias", 3, 3, List.of("epsilon"),
                perChannel(3, new String[] {"scale", "bias"})));
        ops.add(op("group_norm", "Group normalization: X, scale [C], bias [C]", 3, 3,
                List.of("num_groups", "epsilon"), GROUP_NORM));
        ops.addAll(HipConvOps.SPECS);
        ops.addAll(HipDataOps.SPECS);
        ops.addAll(HipIndexOps.SPECS);
        ops.add(HipEinsum.SPEC);
        ops.addAll(HipAttentionOps.SPECS);
        ALL = List.copyOf(ops);
    }

    // ---------------------------------------------------------------- inference, verification

    /** The spec of {@code hip.<name>}, or null. */
    static Spec spec(String opName) {
        for (Spec s : ALL) {
            if (opName.equals("hip." + s.name())) {
                return s;
            }
        }
        return null;
    }

    /** The most inputs: the data inputs and one operand per {@linkplain HipParameters parameter}. */
    static int maxOperands(Spec spec) {
        int params = HipParameters.of(spec.name()).size();
        return spec.maxInputs() == Integer.MAX_VALUE ? spec.maxInputs() : spec.maxInputs() + params;
    }

    static Inferred infer(Spec spec, List<Type> inputs, Map<String, Attribute> attrs, int numResults) {
        if (inputs.size() < spec.minInputs() || inputs.size() > maxOperands(spec)) {
            return Inferred.failure("expects " + inputsText(spec) + ", got " + inputs.size());
        }
        if (numResults < spec.minResults() || numResults > spec.maxResults()
                || (spec.name().equals("layer_norm") && numResults == 2)) {
            return Inferred.failure("cannot have " + numResults + " results");
        }
        List<RankedTensorType> ranked = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            if (!(inputs.get(i) instanceof RankedTensorType t)) {
                return Inferred.failure("operand #" + i + " must be a ranked tensor, got " + text(inputs.get(i)));
            }
            ranked.add(t);
        }
        try {
            List<Type> withOperands = HipParameters.infer(spec, ranked, attrs, numResults);
            return Inferred.of(withOperands != null ? withOperands : spec.rule().apply(ranked, attrs, numResults));
        } catch (ShapeError e) {
            return Inferred.failure(e.getMessage());
        }
    }

    /** {@code 1 inputs}, or {@code 1 inputs (and up to 4 parameter operands)}. */
    private static String inputsText(Spec spec) {
        int params = maxOperands(spec) - spec.maxInputs();
        return count(spec.minInputs(), spec.maxInputs()) + " inputs"
                + (params > 0 ? " (and up to " + params + " parameter operands)" : "");
    }

    private static String count(int min, int max) {
        if (max == Integer.MAX_VALUE) {
            return "at least " + min;
        }
        return min == max ? String.valueOf(min) : min + " to " + max;
    }

    /** The attributes of an op, inherent and discardable, by name. */
    static Map<String, Attribute> allAttributes(Operation op) {
        Map<String, Attribute> all = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            all.putAll(props.entries());
        }
        return all;
    }

    /**
     * The verifier shared by the compute ops: one destination per result, of the result's type;
     * then the op's {@link InferShapes} model, whose types the declared results must be
     * {@linkplain HipShapes#compatible compatible} with.
     */
    static LogicalResult verify(Spec spec, Operation op) {
        int results = op.numResults();
        int inputs = op.numOperands() - results;
        if (results < spec.minResults() || results > spec.maxResults() || inputs < spec.minInputs()
                || inputs > maxOperands(spec)) {
            return op.emitOpError("expects " + inputsText(spec) + " and "
                    + count(spec.minResults(), spec.maxResults()) + " results, each result with one destination"
                    + " operand, got " + op.numOperands() + " operands and " + results + " results");
        }
        for (int i = 0; i < results; i++) {
            Type init = op.operand(inputs + i).type();
            Type res = op.result(i).type();
            if (!init.equals(res)) {
                return op.emitOpError("destination #" + i + " has type " + text(init) + " but result #" + i
                        + " has type " + text(res));
            }
        }
        Inferred inferred = infer(spec, op.operandTypes().subList(0, inputs), allAttributes(op), results);
        if (!inferred.succeeded()) {
            return op.emitOpError(inferred.error());
        }
        for (int i = 0; i < results; i++) {
            Type declared = op.result(i).type();
            Type expected = inferred.types().get(i);
            if (!HipShapes.compatible(declared, expected)) {
                return op.emitOpError("result #" + i + " has type " + text(declared)
                        + ", incompatible with the inferred type " + text(expected));
            }
        }
        return LogicalResult.success();
    }

    /** {@code %r = hip.op %in..., %init... {attrs} : (types) -> types}, uniform over the compute ops. */
    static final OpAssembly ASSEMBLY = new OpAssembly() {
        @Override
        public void print(Operation op, OpAsmPrinter p) {
            p.print(" ").printOperands(op.operands());
            p.printOptionalAttrDict(allAttributes(op), List.of());
            p.print(" : ").printType(new FunctionType(op.operandTypes(), op.resultTypes()));
        }

        @Override
        public void parse(OpAsmParser parser, OperationState state) {
            Location at = parser.currentLocation();
            List<OpAsmParser.UnresolvedOperand> operands = parser.parseOperandList();
            parser.parseOptionalAttrDict(state.attributes);
            parser.parsePunct(":");
            FunctionType ft = parser.parseFunctionType();
            state.operands.addAll(parser.resolveOperands(operands, ft.inputs(), at));
            state.resultTypes.addAll(ft.results());
        }
    };
}
