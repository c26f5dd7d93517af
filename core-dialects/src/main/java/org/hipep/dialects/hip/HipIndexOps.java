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
import org.hipep.ir.TypedAttribute;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;

/**
 * The indexing and generating ops of the {@code hip} dialect: {@code gather},
 * {@code gather_elements}, {@code gather_nd}, {@code scatter_elements}, {@code scatter_nd},
 * {@code cumsum}, {@code trilu}, {@code range}, {@code topk}, {@code resize}, {@code shape},
 * {@code size}, {@code fill}, {@code one_hot} and {@code non_zero}. ONNX inputs that are
 * parameters ({@code CumSum}'s axis, {@code TopK}'s and {@code Trilu}'s k, {@code Resize}'s
 * scales or sizes, {@code ConstantOfShape}'s shape) are attributes, or runtime parameter operands
 * ({@link HipParameters}); {@code OneHot}'s depth is always an attribute.
 */
final class HipIndexOps {
    private static final long DYN = ShapedType.DYNAMIC;

    private HipIndexOps() {
    }

    private static RankedTensorType tensor(List<Long> shape, Type element) {
        return RankedTensorType.of(shape, element);
    }

    private static void requireIndices(RankedTensorType t, String what) {
        if (!(t.elementType() instanceof IntegerType it && (it.width() == 32 || it.width() == 64))) {
            throw new ShapeError(what + " must have element type i32 or i64, got " + text(t));
        }
    }

    private static void sameElement(RankedTensorType a, RankedTensorType b, String what) {
        if (!a.elementType().equals(b.elementType())) {
            throw new ShapeError(what + " " + text(b) + " must have the element type of the data " + text(a));
        }
    }

    private static String reduction(Map<String, Attribute> attrs) {
        return HipDataOps.choice(attrs, "reduction", "none", "none", "add", "mul", "min", "max");
    }

    // ---------------------------------------------------------------- rules

    private static final Rule GATHER = (in, attrs, n) -> {
        RankedTensorType data = in.get(0);
        RankedTensorType indices = in.get(1);
        requireIndices(indices, "the indices");
        int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), data.rank());
        List<Long> out = new ArrayList<>(data.shape().subList(0, axis));
        out.addAll(indices.shape());
        out.addAll(data.shape().subList(axis + 1, data.rank()));
        return List.of(tensor(out, data.elementType()));
    };

    private static void sameRank(RankedTensorType data, RankedTensorType t, String what) {
        if (t.rank() != data.rank()) {
            throw new ShapeError(what + " " + format(t.shape()) + " must have the rank of the data "
                    + format(data.shape()));
        }
    }

    private static final Rule GATHER_ELEMENTS = (in, attrs, n) -> {
        RankedTensorType data = in.get(0);
        RankedTensorType indices = in.get(1);
        requireIndices(indices, "the indices");
        HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), data.rank());
        sameRank(data, indices, "the indices");
        return List.of(tensor(indices.shape(), data.elementType()));
    };

    /** ONNX GatherND: {@code indices[:-1] ++ data[batch_dims + indices[-1]:]}. */
    static List<Long> gatherNd(List<Long> data, List<Long> indices, long batchDims) {
        if (data.isEmpty() || indices.isEmpty()) {
            throw new ShapeError("data " + format(data) + " and indices " + format(indices) + " must have rank >= 1");
        }
        if (batchDims < 0 || batchDims >= Math.min(data.size(), indices.size())) {
            throw new ShapeError("'batch_dims' " + batchDims + " must be in [0, min(rank(data), rank(indices)))"
                    + " for " + format(data) + " and " + format(indices));
        }
        for (int i = 0; i < batchDims; i++) {
            try {
                HipShapes.same(data.get(i), indices.get(i), "batch dimensions");
            } catch (ShapeError e) {
                throw new ShapeError("the batch dimensions of data " + format(data) + " and indices "
                        + format(indices) + " differ");
            }
        }
        long last = indices.get(indices.size() - 1);
        if (last == DYN) {
            throw new ShapeError("the last dimension of the indices " + format(indices) + " must be static");
        }
        if (last < 1 || batchDims + last > data.size()) {
            throw new ShapeError("the last dimension of the indices " + format(indices) + " must be in [1, "
                    + (data.size() - batchDims) + "] for data " + format(data));
        }
        List<Long> out = new ArrayList<>(indices.subList(0, indices.size() - 1));
        out.addAll(data.subList((int) (batchDims + last), data.size()));
        return out;
    }

    private static final Rule GATHER_ND = (in, attrs, n) -> {
        requireIndices(in.get(1), "the indices");
        return List.of(tensor(gatherNd(in.get(0).shape(), in.get(1).shape(), HipOps.intAttr(attrs, "batch_dims", 0)),
                in.get(0).elementType()));
    };

    private static final Rule SCATTER_ELEMENTS = (in, attrs, n) -> {
        RankedTensorType data = in.get(0);
        RankedTensorType indices = in.get(1);
        RankedTensorType updates = in.get(2);
        requireIndices(indices, "the indices");
        sameElement(data, updates, "the updates");
        reduction(attrs);
        HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), data.rank());
        sameRank(data, indices, "the indices");
        if (!HipShapes.compatible(tensor(updates.shape(), IntegerType.I1), tensor(indices.shape(), IntegerType.I1))) {
            throw new ShapeError("the updates " + format(updates.shape()) + " must have the shape of the indices "
                    + format(indices.shape()));
        }
        return List.of(data);
    };

    private static final Rule SCATTER_ND = (in, attrs, n) -> {
        RankedTensorType data = in.get(0);
        RankedTensorType indices = in.get(1);
        RankedTensorType updates = in.get(2);
        requireIndices(indices, "the indices");
        sameElement(data, updates, "the updates");
        reduction(attrs);
        List<Long> expected = gatherNd(data.shape(), indices.shape(), 0);
        if (!HipShapes.compatible(tensor(updates.shape(), IntegerType.I1), tensor(expected, IntegerType.I1))) {
            throw new ShapeError("the updates " + format(updates.shape()) + " must have the shape " + format(expected)
                    + " (indices[:-1] ++ data[indices[-1]:])");
        }
        return List.of(data);
    };

    private static final Rule CUMSUM = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        HipOps.Kind.NUMERIC.check(x, "the operand");
        HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", 0), x.rank());
        HipOps.flag(attrs, "exclusive", false);
        HipOps.flag(attrs, "reverse", false);
        return List.of(x);
    };

    private static final Rule TRILU = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        if (x.rank() < 2) {
            throw new ShapeError("the operand must have rank >= 2, got " + text(x));
        }
        HipOps.flag(attrs, "upper", true);
        HipOps.intAttr(attrs, "k", 0);
        return List.of(x);
    };

    private static final Rule RANGE = (in, attrs, n) -> {
        for (int i = 0; i < 3; i++) {
            HipOps.Kind.NUMERIC.check(in.get(i), "operand #" + i);
            if (in.get(i).rank() != 0) {
                throw new ShapeError("start, limit and delta must be scalars (rank 0), got " + text(in.get(i)));
            }
            sameElement(in.get(0), in.get(i), "operand #" + i);
        }
        return List.of(tensor(List.of(DYN), in.get(0).elementType()));
    };

    private static final Rule TOPK = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        HipOps.Kind.NUMERIC.check(x, "the operand");
        if (!attrs.containsKey("k")) {
            throw new ShapeError("'k' is required");
        }
        long k = HipOps.intAttr(attrs, "k", 0);
        int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", -1), x.rank());
        HipOps.flag(attrs, "largest", true);
        HipOps.flag(attrs, "sorted", true);
        long d = x.shape().get(axis);
        if (k < 0 || (d != DYN && k > d)) {
            throw new ShapeError("'k' " + k + " must be in [0, " + (d == DYN ? "?" : d) + "] (dimension " + axis
                    + " of " + format(x.shape()) + ")");
        }
        List<Long> out = new ArrayList<>(x.shape());
        out.set(axis, k);
        return List.of(tensor(out, x.elementType()), tensor(out, IntegerType.I64));
    };

    /** Checks resize's mode attributes. */
    static void resizeModes(Map<String, Attribute> attrs) {
        HipDataOps.choice(attrs, "mode", "nearest", "nearest", "linear", "cubic");
        HipDataOps.choice(attrs, "coordinate_transformation_mode", "half_pixel", "half_pixel", "half_pixel_symmetric",
                "pytorch_half_pixel", "align_corners", "asymmetric", "tf_crop_and_resize");
        HipDataOps.choice(attrs, "nearest_mode", "round_prefer_floor", "round_prefer_floor", "round_prefer_ceil",
                "floor", "ceil");
        HipOps.floatAttr(attrs, "cubic_coeff_a", -0.75);
    }

    private static final Rule RESIZE = (in, attrs, n) -> {
        RankedTensorType x = in.get(0);
        resizeModes(attrs);
        Attribute scales = attrs.get("scales");
        long[] sizes = HipOps.axesAttr(attrs, "sizes");
        if ((scales == null) == (sizes == null)) {
            throw new ShapeError("exactly one of 'scales' and 'sizes' is required");
        }
        List<Long> out = new ArrayList<>();
        if (sizes != null) {
            if (sizes.length != x.rank()) {
                throw new ShapeError("'sizes' " + Arrays.toString(sizes) + " must have one value per dimension of "
                        + format(x.shape()));
            }
            for (long s : sizes) {
                if (s < 0) {
                    throw new ShapeError("'sizes' must be >= 0, got " + Arrays.toString(sizes));
                }
                out.add(s);
            }
        } else {
            if (!(scales instanceof DenseArrayAttr d) || !d.isFloat()) {
                throw new ShapeError("'scales' must be a float array attribute (array<f32>)");
            }
            double[] s = d.asDoubles();
            if (s.length != x.rank()) {
                throw new ShapeError("'scales' " + Arrays.toString(s) + " must have one value per dimension of "
                        + format(x.shape()));
            }
            for (int i = 0; i < s.length; i++) {
                if (!(s[i] > 0)) {
                    throw new ShapeError("'scales' must be > 0, got " + Arrays.toString(s));
                }
                long dim = x.shape().get(i);
                out.add(dim == DYN ? DYN : (long) Math.floor(dim * s[i]));
            }
        }
        return List.of(tensor(out, x.elementType()));
    };

    private static final Rule SHAPE = (in, attrs, n) -> {
        int r = in.get(0).rank();
        long start = clampRank(HipOps.intAttr(attrs, "start", 0), r);
        long end = clampRank(HipOps.intAttr(attrs, "end", r), r);
        return List.of(tensor(List.of(Math.max(0, end - start)), IntegerType.I64));
    };

    private static long clampRank(long v, int rank) {
        return Math.max(0, Math.min(rank, v < 0 ? v + rank : v));
    }

    private static final Rule SIZE = (in, attrs, n) -> List.of(tensor(List.of(), IntegerType.I64));

    /** Fill's element type: that of its typed {@code value}. */
    static Type fillElement(Map<String, Attribute> attrs) {
        if (!(attrs.get("value") instanceof TypedAttribute v)
                || !(HipOps.isNumeric(v.type()) || HipOps.isBool(v.type()))) {
            throw new ShapeError("'value' must be a typed integer or float attribute (it gives the element type)");
        }
        return v.type();
    }

    private static final Rule FILL = (in, attrs, n) -> {
        Type element = fillElement(attrs);
        List<Long> out = new ArrayList<>();
        long[] s = HipDataOps.required(attrs, "shape");
        for (long d : s) {
            if (d < 0) {
                throw new ShapeError("'shape' dimensions must be >= 0, got " + Arrays.toString(s));
            }
            out.add(d);
        }
        return List.of(tensor(out, element));
    };

    private static final Rule ONE_HOT = (in, attrs, n) -> {
        RankedTensorType indices = in.get(0);
        RankedTensorType values = in.get(1);
        HipOps.Kind.NUMERIC.check(indices, "the indices");
        if (values.rank() != 1 || (values.shape().get(0) != DYN && values.shape().get(0) != 2)) {
            throw new ShapeError("values must be [2] (off, on), got " + text(values));
        }
        if (!attrs.containsKey("depth")) {
            throw new ShapeError("'depth' is required");
        }
        long depth = HipOps.intAttr(attrs, "depth", 0);
        if (depth < 1) {
            throw new ShapeError("'depth' must be >= 1, got " + depth);
        }
        int axis = HipShapes.normalizeAxis(HipOps.intAttr(attrs, "axis", -1), indices.rank() + 1);
        List<Long> out = new ArrayList<>(indices.shape());
        out.add(axis, depth);
        return List.of(tensor(out, values.elementType()));
    };

    private static final Rule NON_ZERO = (in, attrs, n) ->
            List.of(tensor(List.of((long) in.get(0).rank(), DYN), IntegerType.I64));

    /** The indexing and generating ops. */
    static final List<Spec> SPECS = List.of(
            new Spec("gather", "Takes the entries of 'axis' named by the indices (ONNX Gather)", 2, 2, 1, 1,
                    List.of("axis"), GATHER),
            new Spec("gather_elements", "Per-element gather along 'axis'; the result has the indices' shape", 2, 2, 1,
                    1, List.of("axis"), GATHER_ELEMENTS),
            new Spec("gather_nd", "Gathers slices named by the last dimension of the indices, after 'batch_dims'",
                    2, 2, 1, 1, List.of("batch_dims"), GATHER_ND),
            new Spec("scatter_elements", "data, indices, updates: per-element scatter along 'axis' with a"
                    + " 'reduction'", 3, 3, 1, 1, List.of("axis", "reduction"), SCATTER_ELEMENTS),
            new Spec("scatter_nd", "data, indices, updates: scatters slices named by the indices with a 'reduction'",
                    3, 3, 1, 1, List.of("reduction"), SCATTER_ND),
            new Spec("cumsum", "Cumulative sum along 'axis', optionally 'exclusive' and 'reverse'", 1, 1, 1, 1,
                    List.of("axis", "exclusive", "reverse"), CUMSUM),
            new Spec("trilu", "Keeps the upper (or lower) triangle of the last two dimensions from diagonal 'k'", 1,
                    1, 1, 1, List.of("upper", "k"), TRILU),
            new Spec("range", "start, limit, delta scalars: the 1-D sequence, its length dynamic", 3, 3, 1, 1,
                    List.of(), RANGE),
            new Spec("topk", "The 'k' largest (or smallest) entries along 'axis' and their i64 indices", 1, 1, 2, 2,
                    List.of("k", "axis", "largest", "sorted"), TOPK),
            new Spec("resize", "Resizes by 'scales' or to 'sizes' (nearest, linear or cubic)", 1, 1, 1, 1,
                    List.of("scales", "sizes", "mode", "coordinate_transformation_mode", "nearest_mode",
                            "cubic_coeff_a"), RESIZE),
            new Spec("shape", "The dimensions from 'start' to 'end' as a 1-D i64 tensor", 1, 1, 1, 1,
                    List.of("start", "end"), SHAPE),
            new Spec("size", "The element count as an i64 scalar", 1, 1, 1, 1, List.of(), SIZE),
            new Spec("fill", "A tensor of static 'shape' filled with the typed scalar 'value'", 0, 0, 1, 1,
                    List.of("value", "shape"), FILL),
            new Spec("one_hot", "indices, values [off, on]: one-hot encoding of 'depth' inserted at 'axis'", 2, 2,
                    1, 1, List.of("depth", "axis"), ONE_HOT),
            new Spec("non_zero", "The i64 coordinates [rank, ?] of the non-zero entries", 1, 1, 1, 1, List.of(),
                    NON_ZERO));
}
