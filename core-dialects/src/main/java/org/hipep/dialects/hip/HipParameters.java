package org.hipep.dialects.hip;

import static org.hipep.dialects.hip.HipShapes.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipShapes.ShapeError;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;

/**
 * The parameters of {@code hip} ops that ONNX passes as inputs (shapes, axes, starts/ends,
 * pads, repeats, split sizes, k, scales or sizes, the padding value): each is a static
 * attribute when known at compile time and otherwise a runtime <em>parameter operand</em>.
 *
 * <p>Parameter operands follow the data inputs and precede the destinations. They are matched
 * by position to the op's {@linkplain #of parameters} that are not given as attributes, in the
 * order listed, except that a {@link Kind#F32S} parameter is passed over by an integer operand
 * (Resize's {@code sizes} after an absent {@code scales}). So an optional parameter that is
 * neither an attribute nor an operand can only come after the last operand (the conversions
 * give its default as an attribute otherwise). The verifier checks each operand's type (its
 * {@link Kind}) and, when static, its length; shape inference gives what the operand's type
 * determines (the rank from a static length, dimensions the value cannot change) and {@code ?}
 * for the rest. {@code hip-infer-shapes} folds an operand that is a constant back into the
 * attribute ({@link #attribute}).
 */
public final class HipParameters {
    private static final long DYN = ShapedType.DYNAMIC;

    private HipParameters() {
    }

    /** The types a parameter operand may have. */
    public enum Kind {
        /** A 1-D i64 tensor (shapes, axes, pads, repeats, sizes, split sizes); an {@code array<i64>} attribute. */
        I64S,
        /** A 1-D i32 or i64 tensor (Slice's starts, ends, axes and steps); an {@code array<i64>} attribute. */
        INDICES,
        /** One i32 or i64 value, rank 0 or {@code [1]} (CumSum's axis, TopK's and Trilu's k); an i64 attribute. */
        INDEX,
        /** A 1-D f32 tensor (Resize's scales); an {@code array<f32>} attribute. */
        F32S,
        /** One value of the data's element type, rank 0 or {@code [1]} (Pad's value); an attribute of that type. */
        DATA_SCALAR
    }

    /**
     * One parameter.
     *
     * @param name the attribute name
     * @param kind the operand (and attribute) types it may have
     */
    public record Parameter(String name, Kind kind) {
    }

    /** The shape inference of an op with at least one parameter operand. */
    @FunctionalInterface
    interface RuntimeRule {
        List<Type> apply(List<RankedTensorType> data, Map<String, Attribute> attrs,
                Map<String, RankedTensorType> operands, int numResults);
    }

    private record Entry(List<Parameter> parameters, RuntimeRule rule) {
    }

    private static Parameter p(String name, Kind kind) {
        return new Parameter(name, kind);
    }

    private static final Map<String, Entry> TABLE = new HashMap<>();

    static {
        for (String n : List.of("sum", "mean", "max", "min", "prod", "sum_square", "l1", "l2", "log_sum_exp")) {
            TABLE.put("reduce_" + n, new Entry(List.of(p("axes", Kind.I64S)), HipParameters::reduce));
        }
        TABLE.put("reshape", new Entry(List.of(p("shape", Kind.I64S)), (in, attrs, ops, n) ->
                List.of(dynamic(rankOf(ops.get("shape"), "shape", "the result rank"), in.get(0).elementType()))));
        TABLE.put("expand", new Entry(List.of(p("shape", Kind.I64S)), (in, attrs, ops, n) -> {
            int rank = rankOf(ops.get("shape"), "shape", "the result rank");
            return List.of(RankedTensorType.of(HipShapes.broadcast(in.get(0).shape(), dims(rank)),
                    in.get(0).elementType()));
        }));
        TABLE.put("tile", new Entry(List.of(p("repeats", Kind.I64S)), (in, attrs, ops, n) -> {
            length(ops, "repeats", in.get(0).rank(), "one value per dimension");
            return List.of(dynamic(in.get(0).rank(), in.get(0).elementType()));
        }));
        TABLE.put("squeeze", new Entry(List.of(p("axes", Kind.I64S)), (in, attrs, ops, n) -> {
            int count = rankOf(ops.get("axes"), "axes", "how many dimensions go");
            if (count > in.get(0).rank()) {
                throw new ShapeError("the 'axes' operand has " + count + " values for rank " + in.get(0).rank());
            }
            return List.of(dynamic(in.get(0).rank() - count, in.get(0).elementType()));
        }));
        TABLE.put("unsqueeze", new Entry(List.of(p("axes", Kind.I64S)), (in, attrs, ops, n) -> List.of(dynamic(
                in.get(0).rank() + rankOf(ops.get("axes"), "axes", "how many dimensions come"),
                in.get(0).elementType()))));
        TABLE.put("slice", new Entry(List.of(p("starts", Kind.INDICES), p("ends", Kind.INDICES),
                p("axes", Kind.INDICES), p("steps", Kind.INDICES)), HipParameters::slice));
        TABLE.put("split", new Entry(List.of(p("split", Kind.I64S)), (in, attrs, ops, n) -> {
            RankedTensorType x = in.get(0);
            int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), x.rank());
            length(ops, "split", n, "one size per result");
            List<Long> piece = new ArrayList<>(x.shape());
            piece.set(axis, DYN);
            return Collections.<Type>nCopies(n, RankedTensorType.of(piece, x.elementType()));
        }));
        TABLE.put("pad", new Entry(List.of(p("pads", Kind.I64S), p("axes", Kind.I64S), p("value", Kind.DATA_SCALAR)),
                HipParameters::pad));
        TABLE.put("cumsum", new Entry(List.of(p("axis", Kind.INDEX)), (in, attrs, ops, n) -> {
            HipOps.Kind.NUMERIC.check(in.get(0), "the operand");
            return List.of(in.get(0));
        }));
        TABLE.put("trilu", new Entry(List.of(p("k", Kind.INDEX)), (in, attrs, ops, n) -> {
            if (in.get(0).rank() < 2) {
                throw new ShapeError("the operand must have rank >= 2, got " + text(in.get(0)));
            }
            return List.of(in.get(0));
        }));
        TABLE.put("topk", new Entry(List.of(p("k", Kind.INDEX)), (in, attrs, ops, n) -> {
            RankedTensorType x = in.get(0);
            HipOps.Kind.NUMERIC.check(x, "the operand");
            int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", -1), x.rank());
            List<Long> out = new ArrayList<>(x.shape());
            out.set(axis, DYN);
            return List.of(RankedTensorType.of(out, x.elementType()), RankedTensorType.of(out, IntegerType.I64));
        }));
        TABLE.put("resize", new Entry(List.of(p("scales", Kind.F32S), p("sizes", Kind.I64S)), (in, attrs, ops, n) -> {
            RankedTensorType x = in.get(0);
            HipIndexOps.resizeModes(attrs);
            if (ops.size() + (attrs.containsKey("scales") ? 1 : 0) + (attrs.containsKey("sizes") ? 1 : 0) != 1) {
                throw new ShapeError("exactly one of 'scales' and 'sizes' is required");
            }
            String name = ops.containsKey("scales") ? "scales" : "sizes";
            length(ops, name, x.rank(), "one value per dimension");
            return List.of(dynamic(x.rank(), x.elementType()));
        }));
        TABLE.put("fill", new Entry(List.of(p("shape", Kind.I64S)), (in, attrs, ops, n) ->
                List.of(dynamic(rankOf(ops.get("shape"), "shape", "the result rank"), HipIndexOps.fillElement(attrs)))));
    }

    /** The parameters {@code hip.<name>} (or a full {@code hip.} name) may take as operands, in order; empty for other ops. */
    public static List<Parameter> of(String opName) {
        Entry e = TABLE.get(opName.startsWith("hip.") ? opName.substring(4) : opName);
        return e == null ? List.of() : e.parameters();
    }

    /**
     * The parameter operands of {@code op}, by parameter name, as operand indices (in operand
     * order); empty when it has none or they do not resolve (the verifier reports that).
     */
    public static Map<String, Integer> operandIndices(Operation op) {
        HipOps.Spec spec = HipOps.spec(op.nameString());
        List<Parameter> params = of(op.nameString());
        int inputs = op.numOperands() - op.numResults();
        if (spec == null || params.isEmpty() || inputs <= spec.maxInputs()) {
            return Map.of();
        }
        List<Type> extra = op.operandTypes().subList(spec.maxInputs(), inputs);
        try {
            List<Parameter> names = assign(params, HipOps.allAttributes(op), extra);
            Map<String, Integer> out = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                out.put(names.get(i).name(), spec.maxInputs() + i);
            }
            return out;
        } catch (ShapeError e) {
            return Map.of();
        }
    }

    /**
     * The attribute form of a constant parameter {@code value}, or {@code null} when it does not
     * fit the kind ({@code dataElement}: the data's element type, for {@link Kind#DATA_SCALAR}).
     */
    public static Attribute attribute(Parameter param, DenseElementsAttr value, Type dataElement) {
        int n = (int) value.numElements();
        boolean integer = value.elementType() instanceof IntegerType it && it.width() > 1;
        switch (param.kind()) {
            case I64S, INDICES -> {
                if (!integer) {
                    return null;
                }
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = value.getLong(value.isSplat() ? 0 : i);
                }
                return DenseArrayAttr.i64(v);
            }
            case INDEX -> {
                return integer && n == 1 ? IntegerAttr.i64(value.getLong(0)) : null;
            }
            case F32S -> {
                if (!(value.elementType() instanceof FloatType)) {
                    return null;
                }
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = value.getDouble(value.isSplat() ? 0 : i);
                }
                return DenseArrayAttr.ofDoubles(FloatType.F32, v);
            }
            default -> {
                if (n != 1 || !value.elementType().equals(dataElement)) {
                    return null;
                }
                return dataElement instanceof FloatType f ? new FloatAttr(f, value.getDouble(0))
                        : integer ? IntegerAttr.of(dataElement, value.getLong(0)) : null;
            }
        }
    }

    /**
     * Matches the operands {@code extra} to the parameters not given in {@code attrs}, in order
     * (an integer operand passes over an {@link Kind#F32S} parameter), and checks their types.
     */
    static List<Parameter> assign(List<Parameter> params, Map<String, Attribute> attrs, List<Type> extra) {
        List<Parameter> open = params.stream().filter(p -> !attrs.containsKey(p.name())).toList();
        List<Parameter> out = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < extra.size(); i++) {
            Type t = extra.get(i);
            while (next < open.size() - 1 && open.get(next).kind() == Kind.F32S
                    && t instanceof ShapedType s && s.elementType() instanceof IntegerType) {
                next++;
            }
            if (next >= open.size()) {
                throw new ShapeError("has " + extra.size() + " parameter operands but only " + open.size()
                        + " of the parameters " + params.stream().map(p -> "'" + p.name() + "'").toList()
                        + " are not attributes");
            }
            out.add(open.get(next++));
        }
        return out;
    }

    /** The shape inference of {@code spec} when it has parameter operands (after its data inputs), or null. */
    static List<Type> infer(HipOps.Spec spec, List<RankedTensorType> in, Map<String, Attribute> attrs, int n) {
        Entry e = TABLE.get(spec.name());
        if (e == null || in.size() <= spec.maxInputs()) {
            return null;
        }
        List<RankedTensorType> data = in.subList(0, spec.maxInputs());
        List<RankedTensorType> extra = in.subList(spec.maxInputs(), in.size());
        List<Parameter> names = assign(e.parameters(), attrs, new ArrayList<>(extra));
        Map<String, RankedTensorType> ops = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            check(names.get(i), extra.get(i), data.isEmpty() ? null : data.get(0));
            ops.put(names.get(i).name(), extra.get(i));
        }
        return e.rule().apply(data, attrs, ops, n);
    }

    private static void check(Parameter p, RankedTensorType t, RankedTensorType x) {
        Type et = t.elementType();
        boolean i64 = et instanceof IntegerType it && it.width() == 64;
        boolean index = et instanceof IntegerType it2 && (it2.width() == 32 || it2.width() == 64);
        boolean single = t.rank() == 0 || (t.rank() == 1 && (t.shape().get(0) == 1 || t.shape().get(0) == DYN));
        String what = "the '" + p.name() + "' operand";
        switch (p.kind()) {
            case I64S -> {
                if (!i64 || t.rank() != 1) {
                    throw new ShapeError(what + " must be a 1-D i64 tensor, got " + text(t));
                }
            }
            case INDICES -> {
                if (!index || t.rank() != 1) {
                    throw new ShapeError(what + " must be a 1-D i32 or i64 tensor, got " + text(t));
                }
            }
            case INDEX -> {
                if (!index || !single) {
                    throw new ShapeError(what + " must be one i32 or i64 value (rank 0 or [1]), got " + text(t));
                }
            }
            case F32S -> {
                if (!(et instanceof FloatType f && f.width() == 32) || t.rank() != 1) {
                    throw new ShapeError(what + " must be a 1-D f32 tensor, got " + text(t));
                }
            }
            default -> {
                if (x == null || !et.equals(x.elementType()) || !single) {
                    throw new ShapeError(what + " must be one value (rank 0 or [1]) of the data's element type, got "
                            + text(t));
                }
            }
        }
    }

    /** The static length of a 1-D operand, which gives {@code what}; an error when dynamic. */
    private static int rankOf(RankedTensorType t, String name, String what) {
        long len = t.shape().get(0);
        if (len == DYN) {
            throw new ShapeError("the '" + name + "' operand " + text(t) + " must have a static length (" + what
                    + ")");
        }
        return (int) len;
    }

    /** Checks that operand {@code name}, when present and of static length, has {@code expected} values. */
    private static void length(Map<String, RankedTensorType> ops, String name, long expected, String what) {
        RankedTensorType t = ops.get(name);
        if (t != null && t.shape().get(0) != DYN && t.shape().get(0) != expected) {
            throw new ShapeError("the '" + name + "' operand " + text(t) + " must have " + expected + " values ("
                    + what + ")");
        }
    }

    private static List<Long> dims(int rank) {
        return new ArrayList<>(Collections.nCopies(rank, DYN));
    }

    private static RankedTensorType dynamic(int rank, Type element) {
        return RankedTensorType.of(dims(rank), element);
    }

    /**
     * Reductions with run-time axes: with keepdims the rank stays (every dimension {@code ?});
     * without, the rank is {@code r - len(axes)} for a static length. An empty axes operand
     * reduces everything, or nothing with {@code noop_with_empty_axes}.
     */
    private static List<Type> reduce(List<RankedTensorType> in, Map<String, Attribute> attrs,
            Map<String, RankedTensorType> ops, int n) {
        RankedTensorType x = in.get(0);
        HipOps.Kind.NUMERIC.check(x, "the operand");
        boolean keep = HipOps.flag(attrs, "keepdims", true);
        boolean noop = HipOps.flag(attrs, "noop_with_empty_axes", false);
        long len = ops.get("axes").shape().get(0);
        if (len == 0) {
            return List.of(noop ? x : RankedTensorType.of(HipShapes.reduce(x.shape(), null, keep), x.elementType()));
        }
        if (len > x.rank()) {
            throw new ShapeError("the 'axes' operand has " + len + " values for rank " + x.rank());
        }
        if (keep) {
            return List.of(dynamic(x.rank(), x.elementType()));
        }
        if (len == DYN) {
            throw new ShapeError("without keepdims the 'axes' operand " + text(ops.get("axes"))
                    + " must have a static length (the result rank is the operand's rank minus it)");
        }
        return List.of(dynamic(x.rank() - (int) len, x.elementType()));
    }

    /** The static length of parameter {@code name}, from its attribute or operand; -1 when unknown or absent. */
    private static long lengthOf(String name, Map<String, Attribute> attrs, Map<String, RankedTensorType> ops) {
        long[] a = HipOps.axesAttr(attrs, name);
        if (a != null) {
            return a.length;
        }
        RankedTensorType t = ops.get(name);
        return t == null || t.shape().get(0) == DYN ? -1 : t.shape().get(0);
    }

    /**
     * Slice with run-time starts, ends, axes or steps: the static lengths must agree; the
     * dimensions outside the (known) axes keep their size, the others are {@code ?}.
     */
    private static List<Type> slice(List<RankedTensorType> in, Map<String, Attribute> attrs,
            Map<String, RankedTensorType> ops, int n) {
        RankedTensorType x = in.get(0);
        if (!attrs.containsKey("starts") && !ops.containsKey("starts")
                || !attrs.containsKey("ends") && !ops.containsKey("ends")) {
            throw new ShapeError("'starts' and 'ends' are required");
        }
        long len = -1;
        for (String name : List.of("starts", "ends", "axes", "steps")) {
            long l = lengthOf(name, attrs, ops);
            if (l >= 0 && len >= 0 && l != len) {
                throw new ShapeError("'starts', 'ends', 'axes' and 'steps' must have one length, got " + len
                        + " and " + l + " ('" + name + "')");
            }
            len = l >= 0 ? l : len;
        }
        if (len > x.rank()) {
            throw new ShapeError("slices " + len + " axes of rank " + x.rank());
        }
        long[] axes = HipOps.axesAttr(attrs, "axes");
        if (axes == null && !ops.containsKey("axes") && len >= 0) {
            axes = new long[(int) len];
            for (int i = 0; i < axes.length; i++) {
                axes[i] = i;
            }
        }
        List<Long> out = new ArrayList<>(x.shape());
        for (int d = 0; d < out.size(); d++) {
            if (axes == null) {
                out.set(d, DYN);
            }
        }
        if (axes != null) {
            for (int a : HipDataOps.distinctAxes(axes, x.rank())) {
                out.set(a, DYN);
            }
        }
        return List.of(RankedTensorType.of(out, x.elementType()));
    }

    /**
     * Pad with run-time pads, axes or value: with static pads (only the value at run time) the
     * shape is static as usual; otherwise the padded axes (all when {@code axes} is absent) are
     * {@code ?}, and the static lengths are checked (pads: twice the axes).
     */
    private static List<Type> pad(List<RankedTensorType> in, Map<String, Attribute> attrs,
            Map<String, RankedTensorType> ops, int n) {
        RankedTensorType x = in.get(0);
        String mode = HipDataOps.choice(attrs, "mode", "constant", "constant", "reflect", "edge", "wrap");
        if (!mode.equals("constant") && ops.containsKey("value")) {
            throw new ShapeError("a 'value' operand is only meaningful with mode \"constant\", got \"" + mode + "\"");
        }
        HipDataOps.scalarOf(attrs, "value", x);
        long axesLen = ops.containsKey("axes") || attrs.containsKey("axes") ? lengthOf("axes", attrs, ops) : x.rank();
        long[] staticPads = HipOps.axesAttr(attrs, "pads");
        if (axesLen >= 0) {
            length(ops, "pads", 2 * axesLen, "a begin and an end per padded axis");
            if (staticPads != null && staticPads.length != 2 * axesLen) {
                throw new ShapeError("'pads' " + Arrays.toString(staticPads) + " must have "
                        + 2 * axesLen + " values (a begin and an end per padded axis)");
            }
        }
        if (!ops.containsKey("pads") && !ops.containsKey("axes")) {
            return List.of(RankedTensorType.of(HipShapes.pad(x.shape(), HipDataOps.fullPads(x.rank(),
                    HipDataOps.required(attrs, "pads"), HipOps.axesAttr(attrs, "axes"))), x.elementType()));
        }
        long[] axes = HipOps.axesAttr(attrs, "axes");
        List<Long> out = new ArrayList<>(x.shape());
        if (axes == null) {
            return List.of(dynamic(x.rank(), x.elementType()));
        }
        for (int a : HipDataOps.distinctAxes(axes, x.rank())) {
            out.set(a, DYN);
        }
        return List.of(RankedTensorType.of(out, x.elementType()));
    }
}
