package org.hipep.dialects.hip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.dialects.hip.HipShapes.shape;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Shape inference of the hip data-movement and indexing ops against the shapes of the ONNX
 * operator specification's examples and backend test cases, worked out by hand ({@code -1} is a
 * dynamic dimension).
 */
class HipDataShapesTest {
    private static final long Q = -1;
    private static final Type F32 = FloatType.F32;
    private static final Type I64 = IntegerType.I64;
    private static Context context;

    @BeforeAll
    static void load() {
        context = new Context(CoreDialects.register(new DialectRegistry()));
        context.getOrLoadDialect("hip");
    }

    private static RankedTensorType t(Type element, long... dims) {
        return RankedTensorType.of(shape(dims), element);
    }

    private static RankedTensorType f(long... dims) {
        return t(F32, dims);
    }

    private static DenseArrayAttr a(long... v) {
        return DenseArrayAttr.i64(v);
    }

    /** Attributes from name/value pairs. */
    private static Map<String, Attribute> at(Object... kv) {
        Map<String, Attribute> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (Attribute) kv[i + 1]);
        }
        return m;
    }

    private static InferShapes.Inferred run(String op, List<Type> in, Map<String, Attribute> attrs, int results) {
        InferShapes model = context.lookupOperation("hip." + op).getInterface(InferShapes.class);
        assertThat(model).as(op).isNotNull();
        return model.inferResultTypes(in, attrs, results);
    }

    private static List<Type> infer(String op, List<Type> in, Map<String, Attribute> attrs, int results) {
        InferShapes.Inferred r = run(op, in, attrs, results);
        assertThat(r.error()).as(op).isNull();
        return r.types();
    }

    private static Type one(String op, Type x, Map<String, Attribute> attrs) {
        return infer(op, List.of(x), attrs, 1).get(0);
    }

    private static String error(String op, List<Type> in, Map<String, Attribute> attrs, int results) {
        InferShapes.Inferred r = run(op, in, attrs, results);
        assertThat(r.succeeded()).as(op).isFalse();
        return r.error();
    }

    @Test
    void transpose() {
        assertThat(one("transpose", f(2, 3, 4), at())).isEqualTo(f(4, 3, 2));
        assertThat(one("transpose", f(2, 3, 4), at("perm", a(1, 0, 2)))).isEqualTo(f(3, 2, 4));
        assertThat(one("transpose", f(Q, 3, 4), at("perm", a(2, 0, 1)))).isEqualTo(f(4, Q, 3));
        assertThat(error("transpose", List.of(f(2, 3)), at("perm", a(0, 0)), 1))
                .isEqualTo("'perm' [0, 0] is not a permutation of [0, 2)");
    }

    @Test
    void reshapeBackendCases() {
        // onnx/backend/test/case/node/reshape.py, original shape [2, 3, 4].
        Type x = f(2, 3, 4);
        assertThat(one("reshape", x, at("shape", a(4, 2, 3)))).isEqualTo(f(4, 2, 3));
        assertThat(one("reshape", x, at("shape", a(2, 12)))).isEqualTo(f(2, 12));
        assertThat(one("reshape", x, at("shape", a(2, 3, 2, 2)))).isEqualTo(f(2, 3, 2, 2));
        assertThat(one("reshape", x, at("shape", a(24)))).isEqualTo(f(24));
        assertThat(one("reshape", x, at("shape", a(2, -1, 2)))).isEqualTo(f(2, 6, 2));
        assertThat(one("reshape", x, at("shape", a(-1, 2, 3, 4)))).isEqualTo(f(1, 2, 3, 4));
        assertThat(one("reshape", x, at("shape", a(2, 0, 4, 1)))).isEqualTo(f(2, 3, 4, 1));
        assertThat(one("reshape", x, at("shape", a(2, 0, 1, -1)))).isEqualTo(f(2, 3, 1, 4));
        assertThat(one("reshape", x, at("shape", a(0, -1)))).isEqualTo(f(2, 12));
        // allowzero: a 0 is a literal 0 ([0, 3, 4] -> [3, 4, 0]).
        assertThat(one("reshape", f(0, 3, 4), at("shape", a(3, 4, 0), "allowzero", BoolAttr.TRUE)))
                .isEqualTo(f(3, 4, 0));
        // Dynamic: the copied dim stays ?, the inferred one is ?.
        assertThat(one("reshape", f(Q, 3, 4), at("shape", a(0, -1)))).isEqualTo(f(Q, 12));
        assertThat(one("reshape", f(Q, 3, 4), at("shape", a(-1, 12)))).isEqualTo(f(Q, 12));
        // Runtime shape operand: the result rank is the operand's length.
        assertThat(infer("reshape", List.of(f(2, 3, 4), t(I64, 2)), at(), 1)).containsExactly(f(Q, Q));
        assertThat(error("reshape", List.of(x), at("shape", a(5, -1)), 1))
                .isEqualTo("cannot reshape [2, 3, 4] to [5, -1]: 24 elements do not divide into 5");
        assertThat(error("reshape", List.of(x), at("shape", a(5, 5)), 1))
                .isEqualTo("cannot reshape [2, 3, 4] to [5, 5]: the element counts differ (24 vs 25)");
    }

    @Test
    void parameterOperandsGiveWhatTheirTypesDetermine() {
        Type i64x2 = t(I64, 2);
        // Reductions: keepdims keeps the rank, else r - len(axes); an empty operand reduces all or, with
        // noop_with_empty_axes, nothing.
        assertThat(infer("reduce_sum", List.of(f(2, 3, 4), i64x2), at(), 1)).containsExactly(f(Q, Q, Q));
        assertThat(infer("reduce_sum", List.of(f(2, 3, 4), i64x2), at("keepdims", BoolAttr.FALSE), 1))
                .containsExactly(f(Q));
        assertThat(infer("reduce_sum", List.of(f(2, 3, 4), t(I64, 0)), at("keepdims", BoolAttr.FALSE), 1))
                .containsExactly(f());
        assertThat(infer("reduce_sum", List.of(f(2, 3, 4), t(I64, 0)), at("noop_with_empty_axes", BoolAttr.TRUE), 1))
                .containsExactly(f(2, 3, 4));
        // Slice: the dimensions outside the known axes (attribute, or [0, n) by default) keep their size.
        assertThat(infer("slice", List.of(f(2, 3, 4), t(I64, 1), t(IntegerType.I32, 1)), at(), 1))
                .containsExactly(f(Q, 3, 4));
        assertThat(infer("slice", List.of(f(2, 3, 4), i64x2), at("ends", a(1, 1), "axes", a(2, 0)), 1))
                .containsExactly(f(Q, 3, Q));
        assertThat(infer("slice", List.of(f(2, 3, 4), i64x2, i64x2, i64x2), at(), 1)).containsExactly(f(Q, Q, Q));
        // TopK and split: only the axis dimension depends on the value.
        assertThat(infer("topk", List.of(f(2, 3), t(I64, 1)), at("axis", IntegerAttr.i64(0)), 2))
                .containsExactly(f(Q, 3), t(I64, Q, 3));
        assertThat(infer("split", List.of(f(4, 6), i64x2), at("axis", IntegerAttr.i64(1)), 2))
                .containsExactly(f(4, Q), f(4, Q));
        // Expand broadcasts against a shape of unknown values; pad with only the value at run time is static.
        assertThat(infer("expand", List.of(f(3, 1), t(I64, 3)), at(), 1)).containsExactly(f(Q, 3, Q));
        assertThat(infer("pad", List.of(f(2, 3), t(F32)), at("pads", a(1, 0, 1, 2), "axes", a(0, 1)), 1))
                .containsExactly(f(4, 5));
        assertThat(infer("pad", List.of(f(2, 3), t(I64, 2)), at("axes", a(1)), 1)).containsExactly(f(2, Q));
        assertThat(infer("fill", List.of(t(I64, 3)), at("value", IntegerAttr.of(IntegerType.I32, 7)), 1))
                .containsExactly(t(IntegerType.I32, Q, Q, Q));
        // Resize: an integer operand is the sizes (it passes over the float scales).
        assertThat(infer("resize", List.of(f(1, 1, 2, 2), t(I64, 4)), at(), 1)).containsExactly(f(Q, Q, Q, Q));
        assertThat(error("resize", List.of(f(1, 1, 2, 2), t(F32, 4)), at("sizes", a(1, 1, 4, 4)), 1))
                .isEqualTo("exactly one of 'scales' and 'sizes' is required");
    }

    @Test
    void expandBroadcastsBothWays() {
        // ONNX Expand examples: [3, 1] with [2, 1, 6] -> [2, 3, 6]; with [3, 4] -> [3, 4].
        assertThat(one("expand", f(3, 1), at("shape", a(2, 1, 6)))).isEqualTo(f(2, 3, 6));
        assertThat(one("expand", f(3, 1), at("shape", a(3, 4)))).isEqualTo(f(3, 4));
        assertThat(one("expand", f(Q, 1), at("shape", a(1, 4)))).isEqualTo(f(Q, 4));
    }

    @Test
    void concat() {
        assertThat(infer("concat", List.of(f(2, 2), f(2, 2)), at("axis", IntegerAttr.i64(0)), 1))
                .containsExactly(f(4, 2));
        assertThat(infer("concat", List.of(f(2, 2), f(2, 2), f(2, 1)), at("axis", IntegerAttr.i64(-1)), 1))
                .containsExactly(f(2, 5));
        assertThat(infer("concat", List.of(f(Q, 2), f(3, Q)), at("axis", IntegerAttr.i64(0)), 1))
                .containsExactly(f(Q, 2));
        assertThat(error("concat", List.of(f(2, 2), f(3, 3)), at("axis", IntegerAttr.i64(0)), 1))
                .isEqualTo("shapes [2, 2] and [3, 3] differ outside the concatenation axis 0");
    }

    @Test
    void split() {
        // split.py: [6] into 3 equal parts; split [2, 4]; 2-D [2, 6] on axis 1; opset 18 uneven [7] -> 2, 2, 2, 1.
        assertThat(infer("split", List.of(f(6)), at(), 3)).containsExactly(f(2), f(2), f(2));
        assertThat(infer("split", List.of(f(6)), at("split", a(2, 4)), 2)).containsExactly(f(2), f(4));
        assertThat(infer("split", List.of(f(2, 6)), at("axis", IntegerAttr.i64(1)), 2))
                .containsExactly(f(2, 3), f(2, 3));
        assertThat(infer("split", List.of(f(7)), at(), 4)).containsExactly(f(2), f(2), f(2), f(1));
        assertThat(infer("split", List.of(f(Q, 4)), at(), 2)).containsExactly(f(Q, 4), f(Q, 4));
        assertThat(error("split", List.of(f(6)), at("split", a(2, 3)), 2))
                .isEqualTo("'split' [2, 3] adds up to 5, not dimension 0 of [6]");
    }

    @Test
    void sliceSpecExamples() {
        Type x = f(2, 4);
        // Operator text example 1 (steps [1, 2]) and 2 (ends -1 and 1000), and the brief's [1, 0]..[2, 3].
        assertThat(one("slice", x, at("starts", a(1, 0), "ends", a(2, 3), "axes", a(0, 1), "steps", a(1, 2))))
                .isEqualTo(f(1, 2));
        assertThat(one("slice", x, at("starts", a(0, 1), "ends", a(-1, 1000)))).isEqualTo(f(1, 3));
        assertThat(one("slice", x, at("starts", a(1, 0), "ends", a(2, 3)))).isEqualTo(f(1, 3));
        // slice.py on [20, 10, 5].
        Type y = f(20, 10, 5);
        assertThat(one("slice", y, at("starts", a(0, 0), "ends", a(3, 10), "axes", a(0, 1), "steps", a(1, 1))))
                .isEqualTo(f(3, 10, 5));
        assertThat(one("slice", y, at("starts", a(20, 10, 4), "ends", a(0, 0, 1), "axes", a(0, 1, 2),
                "steps", a(-1, -3, -2)))).isEqualTo(f(19, 3, 2));
        assertThat(one("slice", y, at("starts", a(0, 0, 3), "ends", a(20, 10, 4), "axes", a(0, -2, -1))))
                .isEqualTo(f(20, 10, 1));
        assertThat(one("slice", y, at("starts", a(1), "ends", a(1000), "axes", a(1)))).isEqualTo(f(20, 9, 5));
        assertThat(one("slice", y, at("starts", a(1000), "ends", a(1000), "axes", a(1)))).isEqualTo(f(20, 0, 5));
        assertThat(one("slice", y, at("starts", a(0), "ends", a(-1), "axes", a(1)))).isEqualTo(f(20, 9, 5));
        assertThat(one("slice", f(Q, 10), at("starts", a(0, 2), "ends", a(1, 4)))).isEqualTo(f(Q, 2));
        assertThat(error("slice", List.of(y), at("starts", a(0), "ends", a(1), "steps", a(0)), 1))
                .isEqualTo("'steps' must not be 0, got [0]");
    }

    @Test
    void padTileSqueezeFlatten() {
        // Pad example: [3, 2] with pads [0, 2, 0, 0] -> [3, 4].
        assertThat(one("pad", f(3, 2), at("pads", a(0, 2, 0, 0)))).isEqualTo(f(3, 4));
        assertThat(one("pad", f(1, 3, 4, 5), at("pads", a(0, 0, 1, 3, 0, 0, 2, 4), "mode",
                new StringAttr("reflect")))).isEqualTo(f(1, 3, 7, 12));
        assertThat(one("pad", f(3, 2), at("pads", a(0, 0, 0, 0), "value", FloatAttr.f32(1.5)))).isEqualTo(f(3, 2));
        // Tile: [2, 2] repeated [2, 2] -> [4, 4].
        assertThat(one("tile", f(2, 2), at("repeats", a(2, 2)))).isEqualTo(f(4, 4));
        assertThat(one("tile", f(Q, 3), at("repeats", a(2, 2)))).isEqualTo(f(Q, 6));
        // Squeeze [1, 3, 4, 5] axes [0] -> [3, 4, 5]; Unsqueeze [3, 4, 5] axes [1, 4] -> [3, 1, 4, 5, 1].
        assertThat(one("squeeze", f(1, 3, 4, 5), at("axes", a(0)))).isEqualTo(f(3, 4, 5));
        assertThat(one("squeeze", f(1, 3, 1, 5), at())).isEqualTo(f(3, 5));
        assertThat(one("unsqueeze", f(3, 4, 5), at("axes", a(1, 4)))).isEqualTo(f(3, 1, 4, 5, 1));
        assertThat(one("unsqueeze", f(1, 3, 1, 5), at("axes", a(-2)))).isEqualTo(f(1, 3, 1, 1, 5));
        // Flatten [2, 3, 4, 5] at axis 0, 1, 2, -1.
        assertThat(one("flatten", f(2, 3, 4, 5), at("axis", IntegerAttr.i64(0)))).isEqualTo(f(1, 120));
        assertThat(one("flatten", f(2, 3, 4, 5), at())).isEqualTo(f(2, 60));
        assertThat(one("flatten", f(2, 3, 4, 5), at("axis", IntegerAttr.i64(2)))).isEqualTo(f(6, 20));
        assertThat(one("flatten", f(2, 3, 4, 5), at("axis", IntegerAttr.i64(-1)))).isEqualTo(f(24, 5));
        assertThat(one("flatten", f(Q, 3, 4), at())).isEqualTo(f(Q, 12));
    }

    @Test
    void gathers() {
        // Gather: data [3, 2], indices [2, 2], axis 0 -> [2, 2, 2]; data [3, 3], indices [1, 2], axis 1 -> [3, 1, 2].
        assertThat(infer("gather", List.of(f(3, 2), t(I64, 2, 2)), at(), 1)).containsExactly(f(2, 2, 2));
        assertThat(infer("gather", List.of(f(3, 3), t(I64, 1, 2)), at("axis", IntegerAttr.i64(1)), 1))
                .containsExactly(f(3, 1, 2));
        // GatherElements: the indices' shape.
        assertThat(infer("gather_elements", List.of(f(3, 3), t(I64, 2, 3)), at(), 1)).containsExactly(f(2, 3));
        // GatherND examples 1-5.
        assertThat(infer("gather_nd", List.of(f(2, 2), t(I64, 2, 2)), at(), 1)).containsExactly(f(2));
        assertThat(infer("gather_nd", List.of(f(2, 2), t(I64, 2, 1)), at(), 1)).containsExactly(f(2, 2));
        assertThat(infer("gather_nd", List.of(f(2, 2, 2), t(I64, 2, 2)), at(), 1)).containsExactly(f(2, 2));
        assertThat(infer("gather_nd", List.of(f(2, 2, 2), t(I64, 2, 1, 2)), at(), 1)).containsExactly(f(2, 1, 2));
        assertThat(infer("gather_nd", List.of(f(2, 2, 2), t(I64, 2, 1)), at("batch_dims", IntegerAttr.i64(1)), 1))
                .containsExactly(f(2, 2));
        // ScatterND example 2: data [4, 4, 4], indices [2, 1], updates [2, 4, 4].
        assertThat(infer("scatter_nd", List.of(f(4, 4, 4), t(I64, 2, 1), f(2, 4, 4)), at(), 1))
                .containsExactly(f(4, 4, 4));
        assertThat(error("scatter_nd", List.of(f(4, 4, 4), t(I64, 2, 1), f(2, 4)), at(), 1))
                .isEqualTo("the updates [2, 4] must have the shape [2, 4, 4] (indices[:-1] ++ data[indices[-1]:])");
        assertThat(infer("scatter_elements", List.of(f(3, 3), t(I64, 2, 3), f(2, 3)), at(), 1))
                .containsExactly(f(3, 3));
    }

    @Test
    void generatorsAndSelections() {
        // TopK: [3, 4], k 3 -> values [3, 3] and i64 indices [3, 3].
        assertThat(infer("topk", List.of(f(3, 4)), at("k", IntegerAttr.i64(3)), 2))
                .containsExactly(f(3, 3), t(I64, 3, 3));
        // OneHot: indices [3], depth 10 -> [3, 10]; indices [2, 2], axis 1 -> [2, 10, 2].
        assertThat(infer("one_hot", List.of(t(I64, 3), f(2)), at("depth", IntegerAttr.i64(10)), 1))
                .containsExactly(f(3, 10));
        assertThat(infer("one_hot", List.of(t(I64, 2, 2), f(2)), at("depth", IntegerAttr.i64(10), "axis",
                IntegerAttr.i64(1)), 1)).containsExactly(f(2, 10, 2));
        // Resize: upsample nearest [1, 1, 2, 2] x [1, 1, 2, 3] -> [1, 1, 4, 6];
        // downsample linear x 0.6 -> [1, 1, 1, 2].
        assertThat(one("resize", f(1, 1, 2, 2), at("scales", DenseArrayAttr.ofDoubles(FloatType.F32, 1, 1, 2, 3))))
                .isEqualTo(f(1, 1, 4, 6));
        assertThat(one("resize", f(1, 1, 2, 4), at("scales", DenseArrayAttr.ofDoubles(FloatType.F32, 1, 1, 0.6, 0.6))))
                .isEqualTo(f(1, 1, 1, 2));
        assertThat(one("resize", f(1, 1, 4, 4), at("sizes", a(1, 1, 3, 2)))).isEqualTo(f(1, 1, 3, 2));
        // Shape of [3, 4, 5]: all, start 1, end -1, start -10 (clamped).
        assertThat(one("shape", f(3, 4, 5), at())).isEqualTo(t(I64, 3));
        assertThat(one("shape", f(3, 4, 5), at("start", IntegerAttr.i64(1)))).isEqualTo(t(I64, 2));
        assertThat(one("shape", f(3, 4, 5), at("end", IntegerAttr.i64(-1)))).isEqualTo(t(I64, 2));
        assertThat(one("shape", f(3, 4, 5), at("start", IntegerAttr.i64(-10)))).isEqualTo(t(I64, 3));
        assertThat(one("size", f(3, Q), at())).isEqualTo(t(I64));
        assertThat(one("non_zero", f(2, 2), at())).isEqualTo(t(I64, 2, Q));
        assertThat(infer("range", List.of(t(I64), t(I64), t(I64)), at(), 1)).containsExactly(t(I64, Q));
        assertThat(infer("fill", List.of(), at("shape", a(2, 3), "value", FloatAttr.f32(1)), 1))
                .containsExactly(f(2, 3));
        assertThat(one("cumsum", f(2, 3), at("axis", IntegerAttr.i64(1), "reverse", BoolAttr.TRUE)))
                .isEqualTo(f(2, 3));
        assertThat(one("trilu", f(3, 4), at("k", IntegerAttr.i64(-1), "upper", BoolAttr.FALSE))).isEqualTo(f(3, 4));
    }

    @Test
    void einsumFromTheEquation() {
        // Einsum.md / einsum.py: batch matmul, transpose, sum, inner product, implicit output, ellipsis.
        StringAttr bmm = new StringAttr("bij,bjk->bik");
        assertThat(infer("einsum", List.of(f(5, 2, 3), f(5, 3, 4)), at("equation", bmm), 1))
                .containsExactly(f(5, 2, 4));
        assertThat(infer("einsum", List.of(f(3, 4)), at("equation", new StringAttr("ij->ji")), 1))
                .containsExactly(f(4, 3));
        assertThat(infer("einsum", List.of(f(3, 4)), at("equation", new StringAttr("ij->i")), 1)).containsExactly(f(3));
        assertThat(infer("einsum", List.of(f(5), f(5)), at("equation", new StringAttr("i,i")), 1)).containsExactly(f());
        // Implicit: labels occurring once, alphabetically ("ij,jk" -> "ik"; "ba" -> "ab").
        assertThat(infer("einsum", List.of(f(2, 3), f(3, 4)), at("equation", new StringAttr("ij,jk")), 1))
                .containsExactly(f(2, 4));
        assertThat(infer("einsum", List.of(f(2, 3)), at("equation", new StringAttr("ba")), 1)).containsExactly(f(3, 2));
        assertThat(infer("einsum", List.of(f(3, 3)), at("equation", new StringAttr("ii")), 1)).containsExactly(f());
        // Ellipsis: broadcast batch dims.
        StringAttr batched = new StringAttr("...ij,...jk->...ik");
        assertThat(infer("einsum", List.of(f(2, 1, 3, 4), f(5, 4, 6)), at("equation", batched), 1))
                .containsExactly(f(2, 5, 3, 6));
        assertThat(infer("einsum", List.of(f(Q, 3), f(3, 4)), at("equation", new StringAttr("ij,jk->ik")), 1))
                .containsExactly(f(Q, 4));
        assertThat(error("einsum", List.of(f(2, 3), f(4, 5)), at("equation", new StringAttr("ij,jk->ik")), 1))
                .isEqualTo("label 'j' of \"ij,jk->ik\" has sizes 3 and 4");
    }
}
