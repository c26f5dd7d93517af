package org.hipep.dialects.hip;

import static org.hipep.dialects.hip.HipShapes.format;
import static org.hipep.dialects.hip.HipShapes.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.HipOps.Rule;
import org.hipep.dialects.hip.HipOps.Spec;
import org.hipep.dialects.hip.HipShapes.ShapeError;
import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StringAttr;

/**
 * The data-movement ops of the {@code hip} dialect: {@code transpose}, {@code reshape},
 * {@code expand}, {@code concat}, {@code split}, {@code slice}, {@code pad}, {@code tile},
 * {@code squeeze}, {@code unsqueeze} and {@code flatten}. Their shape parameters are static
 * attributes ({@code array<i64>}), or runtime parameter operands ({@link HipParameters}).
 */
final class HipDataOps {
    private static final long DYN = ShapedType.DYNAMIC;

    private HipDataOps() {
    }

    static RankedTensorType tensor(List<Long> shape, Type element) {
        return RankedTensorType.of(shape, element);
    }

    static long[] required(Map<String, Attribute> attrs, String name) {
        long[] v = HipOps.axesAttr(attrs, name);
        if (v == null) {
            throw new ShapeError("'" + name + "' is required");
        }
        return v;
    }

    /** Distinct axes normalised against {@code rank}; a repeat is an error. */
    static int[] distinctAxes(long[] axes, int rank) {
        int[] out = new int[axes.length];
        boolean[] seen = new boolean[rank];
        for (int i = 0; i < axes.length; i++) {
            out[i] = HipShapes.normalizeAxis(axes[i], rank);
            if (seen[out[i]]) {
                throw new ShapeError("axis " + axes[i] + " is repeated in the axes " + Arrays.toString(axes));
            }
            seen[out[i]] = true;
        }
        return out;
    }

    /** The string attribute {@code name}, one of {@code allowed}; {@code dflt} when absent. */
    static String choice(Map<String, Attribute> attrs, String name, String dflt, String... allowed) {
        Attribute a = attrs.get(name);
        if (a == null) {
            return dflt;
        }
        if (a instanceof StringAttr s && Arrays.asList(allowed).contains(s.value())) {
            return s.value();
        }
        throw new ShapeError("'" + name + "' must be one of " + String.join(", ", Arrays.stream(allowed)
                .map(x -> "\"" + x + "\"").toList()));
    }

    /** An optional scalar attribute that must have the element type of the data. */
    static void scalarOf(Map<String, Attribute> attrs, String name, RankedTensorType x) {
        Attribute a = attrs.get(name);
        if (a == null) {
            return;
        }
        boolean fits = HipOps.isFloat(x.elementType()) ? a instanceof FloatAttr f && f.type().equals(x.elementType())
                : a instanceof IntegerAttr i && i.type().equals(x.elementType());
        if (!fits) {
            throw new ShapeError("'" + name + "' must be a " + text(x.elementType())
                    + " attribute, the data's element type");
        }
    }

    /** The product of dimensions, or {@code ?} when one is dynamic. */
    static long product(List<Long> dims) {
        long p = 1;
        for (long d : dims) {
            if (d == DYN) {
                return DYN;
            }
            p *= d;
        }
        return p;
    }

    // ---------------------------------------------------------------- rules

    private static final Rule TRANSPOSE = (in, attrs, n) -> {
        List<Long> x = in.get(0).shape();
        long[] perm = HipOps.axesAttr(attrs, "perm");
        if (perm == null) {
            perm = new long[x.size()];
            for (int i = 0; i < perm.length; i++) {
                perm[i] = x.size() - 1 - i;
            }
        }
        return List.of(tensor(HipShapes.transpose(x, perm), in.get(0).elementType()));
    };

    private static final Rule RESHAPE = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        boolean allowZero = HipOps.flag(attrs, "allowzero", false);
        long[] target = HipOps.axesAttr(attrs, "shape");
        if (target == null) {
            throw new ShapeError("'shape' is required (or a shape operand)");
        }
        return List.of(tensor(HipShapes.reshape(x.shape(), target, allowZero), x.elementType()));
    };

    private static final Rule EXPAND = (in, attrs, n) -> {
        long[] s = required(attrs, "shape");
        List<Long> target = new ArrayList<>();
        for (long d : s) {
            if (d < 0) {
                throw new ShapeError("'shape' dimensions must be >= 0, got " + Arrays.toString(s));
            }
            target.add(d);
        }
        return List.of(tensor(HipShapes.broadcast(in.get(0).shape(), target), in.get(0).elementType()));
    };

    private static final Rule CONCAT = (in, attrs, n) -> {
        if (!attrs.containsKey("axis")) {
            throw new ShapeError("'axis' is required");
        }
        RankedTensorType first = in.get(0);
        for (RankedTensorType t : in) {
            if (!t.elementType().equals(first.elementType())) {
                throw new ShapeError("operands must have the same element type, got " + text(first) + " and "
                        + text(t));
            }
            if (t.rank() != first.rank()) {
                throw new ShapeError("operands must have the same rank, got " + text(first) + " and " + text(t));
            }
        }
        int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), first.rank());
        return List.of(tensor(HipShapes.concat(in.stream().map(RankedTensorType::shape).toList(), axis),
                first.elementType()));
    };

    private static final Rule SPLIT = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), x.rank());
        List<List<Long>> parts = HipShapes.split(x.shape(), axis, HipOps.axesAttr(attrs, "split"), n);
        return parts.stream().<Type>map(s -> tensor(s, x.elementType())).toList();
    };

    private static final Rule SLICE = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        long[] starts = required(attrs, "starts");
        long[] ends = required(attrs, "ends");
        return List.of(tensor(HipShapes.slice(x.shape(), starts, ends, HipOps.axesAttr(attrs, "axes"),
                HipOps.axesAttr(attrs, "steps")), x.elementType()));
    };

    private static final Rule PAD = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        String mode = choice(attrs, "mode", "constant", "constant", "reflect", "edge", "wrap");
        if (!mode.equals("constant") && attrs.containsKey("value")) {
            throw new ShapeError("'value' is only meaningful with mode \"constant\", got \"" + mode + "\"");
        }
        scalarOf(attrs, "value", x);
        long[] pads = fullPads(x.rank(), required(attrs, "pads"), HipOps.axesAttr(attrs, "axes"));
        return List.of(tensor(HipShapes.pad(x.shape(), pads), x.elementType()));
    };

    /**
     * Pad's {@code pads} for every dimension: as given without {@code axes}, else the begins and
     * ends of the listed axes placed at theirs (0 elsewhere).
     */
    static long[] fullPads(int rank, long[] pads, long[] axes) {
        if (axes == null) {
            return pads;
        }
        if (pads.length != 2 * axes.length) {
            throw new ShapeError("'pads' " + Arrays.toString(pads) + " must have 2 values per axis of 'axes' "
                    + Arrays.toString(axes));
        }
        long[] full = new long[2 * rank];
        int[] norm = distinctAxes(axes, rank);
        for (int i = 0; i < norm.length; i++) {
            full[norm[i]] = pads[i];
            full[rank + norm[i]] = pads[axes.length + i];
        }
        return full;
    }

    private static final Rule TILE = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        long[] repeats = required(attrs, "repeats");
        if (repeats.length != x.rank()) {
            throw new ShapeError("'repeats' must have one value per dimension of " + format(x.shape()) + ", got "
                    + Arrays.toString(repeats));
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < repeats.length; i++) {
            long d = x.shape().get(i);
            if (repeats[i] < 0) {
                throw new ShapeError("'repeats' must be >= 0, got " + Arrays.toString(repeats));
            }
            out.add(repeats[i] == 0 ? 0 : d == DYN ? DYN : d * repeats[i]);
        }
        return List.of(tensor(out, x.elementType()));
    };

    private static final Rule SQUEEZE = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        List<Long> s = x.shape();
        long[] axes = HipOps.axesAttr(attrs, "axes");
        boolean[] drop = new boolean[s.size()];
        if (axes == null) {
            for (int i = 0; i < s.size(); i++) {
                if (s.get(i) == DYN) {
                    throw new ShapeError("cannot squeeze " + format(s) + " without 'axes': dimension " + i
                            + " is dynamic");
                }
                drop[i] = s.get(i) == 1;
            }
        } else {
            for (int a : distinctAxes(axes, s.size())) {
                if (s.get(a) != 1 && s.get(a) != DYN) {
                    throw new ShapeError("cannot squeeze dimension " + a + " of " + format(s) + ": it is not 1");
                }
                drop[a] = true;
            }
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            if (!drop[i]) {
                out.add(s.get(i));
            }
        }
        return List.of(tensor(out, x.elementType()));
    };

    private static final Rule UNSQUEEZE = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        long[] axes = required(attrs, "axes");
        int rank = x.rank() + axes.length;
        boolean[] inserted = new boolean[rank];
        for (int a : distinctAxes(axes, rank)) {
            inserted[a] = true;
        }
        List<Long> out = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < rank; i++) {
            out.add(inserted[i] ? 1L : x.shape().get(k++));
        }
        return List.of(tensor(out, x.elementType()));
    };

    private static final Rule FLATTEN = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        long axis = HipOps.intAttr(attrs, "axis", 1);
        int r = x.rank();
        if (axis < -r || axis > r) {
            throw new ShapeError("axis " + axis + " is out of range for rank " + r + " (expected [" + -r + ", " + r
                    + "])");
        }
        int a = (int) (axis < 0 ? axis + r : axis);
        return List.of(tensor(List.of(product(x.shape().subList(0, a)), product(x.shape().subList(a, r))),
                x.elementType()));
    };

    /** The data-movement ops. */
    static final List<Spec> SPECS = List.of(
            new Spec("transpose", "Permutes the dimensions by 'perm' (reversed when absent)", 1, 1, 1, 1,
                    List.of("perm"), TRANSPOSE),
            new Spec("reshape", "Reshape to 'shape' (0 copies, -1 infers unless allowzero) or to a runtime 1-D i64"
                    + " shape operand", 1, 1, 1, 1, List.of("shape", "allowzero"), RESHAPE),
            new Spec("expand", "Broadcasts the data with 'shape' (bidirectionally)", 1, 1, 1, 1, List.of("shape"),
                    EXPAND),
            new Spec("concat", "Concatenation of the operands along 'axis'", 1, Integer.MAX_VALUE, 1, 1,
                    List.of("axis"), CONCAT),
            new Spec("split", "Splits along 'axis' into one result per destination, sized by 'split' or evenly", 1,
                    1, 1, Integer.MAX_VALUE, List.of("axis", "split"), SPLIT),
            new Spec("slice", "Strided slice by static 'starts', 'ends', 'axes' and 'steps' (ONNX clamping)", 1, 1,
                    1, 1, List.of("starts", "ends", "axes", "steps"), SLICE),
            new Spec("pad", "Pads by 'pads' (all begins, then all ends, of 'axes' or every axis; negative crops),"
                    + " mode constant, reflect, edge or wrap", 1, 1, 1, 1, List.of("pads", "axes", "mode", "value"), PAD),
            new Spec("tile", "Repeats the data 'repeats' times along each dimension", 1, 1, 1, 1,
                    List.of("repeats"), TILE),
            new Spec("squeeze", "Removes the size-1 dimensions 'axes' (all static 1s when absent)", 1, 1, 1, 1,
                    List.of("axes"), SQUEEZE),
            new Spec("unsqueeze", "Inserts size-1 dimensions at 'axes' (positions in the result)", 1, 1, 1, 1,
                    List.of("axes"), UNSQUEEZE),
            new Spec("flatten", "Flattens to 2-D: dimensions before 'axis' and from 'axis' on", 1, 1, 1, 1,
                    List.of("axis"), FLATTEN));
}
