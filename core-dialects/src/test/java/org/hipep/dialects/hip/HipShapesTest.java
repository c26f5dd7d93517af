package org.hipep.dialects.hip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.dialects.hip.HipShapes.shape;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hipep.dialects.CoreDialects;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.text.IrParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shape inference of the hip ops against shapes worked out by hand from the ONNX operator
 * specifications ({@code -1} is a dynamic dimension).
 */
class HipShapesTest {
    private static final long Q = -1;

    static Stream<Arguments> broadcasts() {
        return Stream.of(
                // ONNX Broadcasting.md examples.
                Arguments.of(shape(2, 3, 4, 5), shape(), shape(2, 3, 4, 5)),
                Arguments.of(shape(2, 3, 4, 5), shape(5), shape(2, 3, 4, 5)),
                Arguments.of(shape(4, 5), shape(2, 3, 4, 5), shape(2, 3, 4, 5)),
                Arguments.of(shape(1, 4, 5), shape(2, 3, 1, 1), shape(2, 3, 4, 5)),
                Arguments.of(shape(3, 4, 5), shape(2, 1, 1, 1), shape(2, 3, 4, 5)),
                // Dynamic dims: ? vs 1 stays ?, ? vs n is n, ? vs ? is ?.
                Arguments.of(shape(Q, 1, 3), shape(2, 1), shape(Q, 2, 3)),
                Arguments.of(shape(Q), shape(1), shape(Q)),
                Arguments.of(shape(Q), shape(5), shape(5)),
                Arguments.of(shape(5), shape(Q), shape(5)),
                Arguments.of(shape(Q, 4), shape(Q, 1), shape(Q, 4)),
                Arguments.of(shape(0), shape(1), shape(0)));
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    void broadcast(List<Long> a, List<Long> b, List<Long> expected) {
        assertThat(HipShapes.broadcast(a, b)).isEqualTo(expected);
        assertThat(HipShapes.broadcast(b, a)).isEqualTo(expected);
    }

    @Test
    void broadcastMismatchNamesBothShapes() {
        assertThatThrownBy(() -> HipShapes.broadcast(shape(2, 3), shape(4)))
                .hasMessage("shapes [2, 3] and [4] are not broadcast-compatible");
        assertThatThrownBy(() -> HipShapes.broadcast(List.of(shape(Q, 3), shape(2, 1), shape(4))))
                .hasMessageContaining("[?, 3], [2, 1] and [4]");
    }

    @Test
    void threeWayBroadcast() {
        assertThat(HipShapes.broadcast(List.of(shape(2, 1), shape(3), shape()))).isEqualTo(shape(2, 3));
    }

    static Stream<Arguments> matmuls() {
        return Stream.of(
                Arguments.of(shape(2, 3, 4), shape(4, 5), shape(2, 3, 5)),
                Arguments.of(shape(4), shape(4, 5), shape(5)),
                Arguments.of(shape(3, 4), shape(4), shape(3)),
                Arguments.of(shape(4), shape(4), shape()),
                Arguments.of(shape(2, 1, 3, 4), shape(5, 4, 6), shape(2, 5, 3, 6)),
                Arguments.of(shape(Q, 3, 4), shape(Q, 4, Q), shape(Q, 3, Q)),
                Arguments.of(shape(3, Q), shape(4, 5), shape(3, 5)),
                Arguments.of(shape(7, 2, 4), shape(4), shape(7, 2)));
    }

    @ParameterizedTest
    @MethodSource("matmuls")
    void matmul(List<Long> a, List<Long> b, List<Long> expected) {
        assertThat(HipShapes.matmul(a, b)).isEqualTo(expected);
    }

    @Test
    void matmulErrors() {
        assertThatThrownBy(() -> HipShapes.matmul(shape(3, 4), shape(5, 6)))
                .hasMessage("contracting dimensions of [3, 4] and [5, 6] differ: 4 vs 5");
        assertThatThrownBy(() -> HipShapes.matmul(shape(2, 3, 4), shape(3, 4, 5)))
                .hasMessageContaining("batch dimensions");
        assertThatThrownBy(() -> HipShapes.matmul(shape(), shape(4)))
                .hasMessageContaining("rank >= 1");
    }

    @Test
    void gemm() {
        assertThat(HipShapes.gemm(shape(3, 4), shape(4, 5), null, false, false)).isEqualTo(shape(3, 5));
        assertThat(HipShapes.gemm(shape(4, 3), shape(5, 4), shape(5), true, true)).isEqualTo(shape(3, 5));
        assertThat(HipShapes.gemm(shape(3, 4), shape(4, 5), shape(3, 1), false, false)).isEqualTo(shape(3, 5));
        assertThat(HipShapes.gemm(shape(Q, 4), shape(4, 5), shape(), false, false)).isEqualTo(shape(Q, 5));
        assertThatThrownBy(() -> HipShapes.gemm(shape(3, 4), shape(4, 5), shape(3), false, false))
                .hasMessage("C [3] does not broadcast to the result [3, 5]");
        assertThatThrownBy(() -> HipShapes.gemm(shape(3, 4), shape(4, 5), null, true, false))
                .hasMessageContaining("differ: 3 vs 4");
    }

    @Test
    void reduce() {
        assertThat(HipShapes.reduce(shape(2, 3, 4), new long[] {1}, true)).isEqualTo(shape(2, 1, 4));
        assertThat(HipShapes.reduce(shape(2, 3, 4), new long[] {1}, false)).isEqualTo(shape(2, 4));
        assertThat(HipShapes.reduce(shape(2, 3, 4), new long[] {-1, 0}, false)).isEqualTo(shape(3));
        assertThat(HipShapes.reduce(shape(2, 3, 4), null, true)).isEqualTo(shape(1, 1, 1));
        assertThat(HipShapes.reduce(shape(2, 3, 4), new long[0], false)).isEqualTo(shape());
        assertThat(HipShapes.reduce(shape(Q, Q), new long[] {0}, true)).isEqualTo(shape(1, Q));
        assertThatThrownBy(() -> HipShapes.reduce(shape(2, 3), new long[] {2}, true))
                .hasMessage("axis 2 is out of range for rank 2 (expected [-2, 2))");
        assertThatThrownBy(() -> HipShapes.reduce(shape(2, 3), new long[] {0, -2}, true))
                .hasMessageContaining("repeated");
    }

    @Test
    void unidirectional() {
        assertThat(HipShapes.unidirectional(shape(5), shape(3, 5))).isTrue();
        assertThat(HipShapes.unidirectional(shape(1, 5), shape(3, 5))).isTrue();
        assertThat(HipShapes.unidirectional(shape(Q), shape(3, 5))).isTrue();
        assertThat(HipShapes.unidirectional(shape(3), shape(3, 5))).isFalse();
        assertThat(HipShapes.unidirectional(shape(2, 3, 5), shape(3, 5))).isFalse();
    }

    @Test
    void compatibility() {
        Type f32 = FloatType.F32;
        assertThat(HipShapes.compatible(t(f32, Q, 3), t(f32, 2, 3))).isTrue();
        assertThat(HipShapes.compatible(t(f32, 2, 3), t(f32, Q, 3))).isTrue();
        assertThat(HipShapes.compatible(t(f32, 2, 3), t(f32, 2, 4))).isFalse();
        assertThat(HipShapes.compatible(t(f32, 2, 3), t(f32, 2, 3, 1))).isFalse();
        assertThat(HipShapes.compatible(t(f32, 2, 3), t(FloatType.F16, 2, 3))).isFalse();
    }

    @Test
    void windows() {
        HipShapes.AutoPad none = HipShapes.AutoPad.NOTSET;
        // ONNX Conv examples: X [1, 1, 7, 5], W [1, 1, 3, 3].
        // conv_with_strides_padding (pads 1, strides 2) -> [1, 1, 4, 3]
        assertThat(HipShapes.windowOutput(7, 3, 2, 1, 1, 1, none, false)).isEqualTo(4);
        assertThat(HipShapes.windowOutput(5, 3, 2, 1, 1, 1, none, false)).isEqualTo(3);
        // conv_with_strides_no_padding -> [1, 1, 3, 2]
        assertThat(HipShapes.windowOutput(7, 3, 2, 1, 0, 0, none, false)).isEqualTo(3);
        assertThat(HipShapes.windowOutput(5, 3, 2, 1, 0, 0, none, false)).isEqualTo(2);
        // conv_with_strides_and_asymmetric_padding (pads [1, 0, 1, 0]) -> [1, 1, 4, 2]
        assertThat(HipShapes.windowOutput(5, 3, 2, 1, 0, 0, none, false)).isEqualTo(2);
        // MaxPool maxpool_2d_ceil: X 4x4, kernel 3, strides 2, ceil_mode -> 2x2
        assertThat(HipShapes.windowOutput(4, 3, 2, 1, 0, 0, none, true)).isEqualTo(2);
        // maxpool_2d_same_upper: X 5x5, kernel 3, strides 2 -> 3x3
        assertThat(HipShapes.windowOutput(5, 3, 2, 1, 0, 0, HipShapes.AutoPad.SAME_UPPER, false)).isEqualTo(3);
        // maxpool_2d_dilations: X 4x4, kernel 2, dilations 2 -> 2x2
        assertThat(HipShapes.windowOutput(4, 2, 1, 2, 0, 0, none, false)).isEqualTo(2);
        assertThat(HipShapes.windowOutput(RankedTensorType.DYNAMIC, 3, 1, 1, 0, 0, none, false))
                .isEqualTo(RankedTensorType.DYNAMIC);
    }

    @Test
    void samePadsPutTheOddOneAtTheEndForUpperAndAtTheBeginningForLower() {
        // ONNX conv / maxpool_2d_same_upper: X 5, kernel 3, strides 2 -> 3 outputs, total pad 2
        assertThat(HipShapes.samePads(5, 3, 3, 2, 1, HipShapes.AutoPad.SAME_UPPER)).containsExactly(1, 1);
        // mnist-8's conv: X 14, kernel 5, stride 1 -> 14, total 4; a 4x4 kernel: total 3
        assertThat(HipShapes.samePads(14, 14, 5, 1, 1, HipShapes.AutoPad.SAME_UPPER)).containsExactly(2, 2);
        assertThat(HipShapes.samePads(14, 14, 4, 1, 1, HipShapes.AutoPad.SAME_UPPER)).containsExactly(1, 2);
        assertThat(HipShapes.samePads(14, 14, 4, 1, 1, HipShapes.AutoPad.SAME_LOWER)).containsExactly(2, 1);
        // dilation 2 widens the window to 5; a stride that leaves no pad gives none
        assertThat(HipShapes.samePads(7, 7, 3, 1, 2, HipShapes.AutoPad.SAME_LOWER)).containsExactly(2, 2);
        assertThat(HipShapes.samePads(8, 4, 2, 2, 1, HipShapes.AutoPad.SAME_UPPER)).containsExactly(0, 0);
    }

    @Test
    void ceilModeDropsALastWindowStartingInTheEndPadding() {
        HipShapes.AutoPad none = HipShapes.AutoPad.NOTSET;
        // averagepool_2d_ceil_last_window_starts_on_pad: X 2x2, kernel 3, strides 3, pads 1, ceil_mode
        // -> 1x1: ceil((2 + 2 - 3) / 3) + 1 = 2, but window 2 starts at 3 >= 2 + 1.
        assertThat(HipShapes.windowOutput(2, 3, 3, 1, 1, 1, none, true)).isEqualTo(1);
        assertThat(HipShapes.windowOutput(2, 3, 3, 1, 1, 1, none, false)).isEqualTo(1);
        // X 5, kernel 2, strides 2, pads 1: ceil(5 / 2) + 1 = 4, window 4 starts at 6 >= 5 + 1 -> 3.
        assertThat(HipShapes.windowOutput(5, 2, 2, 1, 1, 1, none, true)).isEqualTo(3);
        // Only the begin padding counts: pads [0, 1] -> ceil(4 / 2) + 1 = 3, window 3 starts at 4 < 5.
        assertThat(HipShapes.windowOutput(5, 2, 2, 1, 0, 1, none, true)).isEqualTo(3);
        // pads [2, 0]: ceil(5 / 2) + 1 = 4, window 4 starts at 6 < 5 + 2, kept.
        assertThat(HipShapes.windowOutput(5, 2, 2, 1, 2, 0, none, true)).isEqualTo(4);
    }

    @Test
    void ceilModeKeepsALastWindowStartingInTheInput() {
        HipShapes.AutoPad none = HipShapes.AutoPad.NOTSET;
        // maxpool_2d_ceil / averagepool_2d_ceil: X 4x4, kernel 3, strides 2 -> 2x2 (floor: 1x1).
        assertThat(HipShapes.windowOutput(4, 3, 2, 1, 0, 0, none, true)).isEqualTo(2);
        assertThat(HipShapes.windowOutput(4, 3, 2, 1, 0, 0, none, false)).isEqualTo(1);
        // X 7, kernel 2, strides 2: ceil(5 / 2) + 1 = 4, window 4 starts at 6 < 7 (floor: 3).
        assertThat(HipShapes.windowOutput(7, 2, 2, 1, 0, 0, none, true)).isEqualTo(4);
        assertThat(HipShapes.windowOutput(7, 2, 2, 1, 0, 0, none, false)).isEqualTo(3);
        // Dilation 2 (window 3) on 4, strides 2: ceil(1 / 2) + 1 = 2, window 2 starts at 2 < 4.
        assertThat(HipShapes.windowOutput(4, 2, 2, 2, 0, 0, none, true)).isEqualTo(2);
        // Exact division: ceil_mode changes nothing.
        assertThat(HipShapes.windowOutput(32, 2, 2, 1, 0, 0, none, true)).isEqualTo(16);
    }

    @Test
    void autoPadFollowsTheSpecFormulas() {
        HipShapes.AutoPad valid = HipShapes.AutoPad.VALID;
        // VALID: ceil((in - window + 1) / stride), equal to floor((in - window) / stride) + 1,
        // with or without ceil_mode.
        assertThat(HipShapes.windowOutput(5, 2, 2, 1, 0, 0, valid, true)).isEqualTo(2);
        assertThat(HipShapes.windowOutput(5, 2, 2, 1, 0, 0, valid, false)).isEqualTo(2);
        // Window 3 * 2 - 1 = 5 (dilation 2) on 7, strides 2: ceil(3 / 2) = 2.
        assertThat(HipShapes.windowOutput(7, 3, 2, 2, 0, 0, valid, true)).isEqualTo(2);
        // 32, kernel 3, strides 1: 30.
        assertThat(HipShapes.windowOutput(32, 3, 1, 1, 0, 0, valid, false)).isEqualTo(30);
        // Pads given beside VALID do not count.
        assertThat(HipShapes.windowOutput(5, 3, 1, 1, 1, 1, valid, false)).isEqualTo(3);
        // SAME_UPPER / SAME_LOWER: ceil(in / stride), with or without ceil_mode.
        for (HipShapes.AutoPad same : List.of(HipShapes.AutoPad.SAME_UPPER, HipShapes.AutoPad.SAME_LOWER)) {
            for (boolean ceil : new boolean[] {false, true}) {
                // maxpool_2d_same_upper / same_lower: X 5x5, kernel 3, strides 2 -> 3x3.
                assertThat(HipShapes.windowOutput(5, 3, 2, 1, 0, 0, same, ceil)).isEqualTo(3);
                // averagepool_2d_same_upper: X 32x32, kernel 2, strides 1 -> 32x32.
                assertThat(HipShapes.windowOutput(32, 2, 1, 1, 0, 0, same, ceil)).isEqualTo(32);
                // Kernel 1 narrower than stride 2: ceil(4 / 2) = 2.
                assertThat(HipShapes.windowOutput(4, 1, 2, 1, 0, 0, same, ceil)).isEqualTo(2);
                // A dynamic kernel does not matter.
                assertThat(HipShapes.windowOutput(7, RankedTensorType.DYNAMIC, 3, 1, 0, 0, same, ceil)).isEqualTo(3);
            }
        }
    }

    @Test
    void transposedWindows() {
        HipShapes.AutoPad none = HipShapes.AutoPad.NOTSET;
        // ConvTranspose convtranspose_1d: X [1, 1, 3], W [1, 2, 3] -> [1, 2, 5]
        assertThat(HipShapes.transposedOutput(3, 3, 1, 1, 0, 0, 0, none)).isEqualTo(5);
        // convtranspose_output_shape / _pad: X 3x3, W 3x3, strides [3, 2], output_padding [1, 1] -> 10x8
        assertThat(HipShapes.transposedOutput(3, 3, 3, 1, 0, 0, 1, none)).isEqualTo(10);
        assertThat(HipShapes.transposedOutput(3, 3, 2, 1, 0, 0, 1, none)).isEqualTo(8);
        // convtranspose_dilations: X 3x3, W 2x2, dilations 2 -> 5x5
        assertThat(HipShapes.transposedOutput(3, 2, 1, 2, 0, 0, 0, none)).isEqualTo(5);
    }

    @Test
    void convModel() {
        Type f32 = FloatType.F32;
        // Conv: X [1, 1, 7, 5], W [1, 1, 3, 3], pads [1, 0, 1, 0], strides 2 -> [1, 1, 4, 2]
        assertThat(infer("hip.conv", List.of(t(f32, 1, 1, 7, 5), t(f32, 1, 1, 3, 3)),
                Map.of("pads", DenseArrayAttr.i64(1, 0, 1, 0), "strides", DenseArrayAttr.i64(2, 2)), 1))
                .containsExactly(t(f32, 1, 1, 4, 2));
        // Grouped: X [?, 8, 10], W [4, 2, 3], group 4 -> [?, 4, 8]
        assertThat(infer("hip.conv", List.of(t(f32, Q, 8, 10), t(f32, 4, 2, 3)), Map.of("group", IntegerAttr.i64(4)),
                1)).containsExactly(t(f32, Q, 4, 8));
    }

    @Test
    void refine() {
        Type f32 = FloatType.F32;
        assertThat(HipShapes.refine(t(f32, Q, 3, Q), t(f32, 2, Q, Q))).isEqualTo(t(f32, 2, 3, Q));
        assertThatThrownBy(() -> HipShapes.refine(t(f32, 4, 3), t(f32, 2, 3)))
                .hasMessageContaining("incompatible");
    }

    @Test
    void inferForParsedOp() {
        Context context = new Context(CoreDialects.register(new DialectRegistry()));
        Operation module = IrParser.parse(context, """
                func.func @f(%a: tensor<?x1x3xf32>, %b: tensor<2x1xf32>, %i: tensor<?x?x3xf32>) -> tensor<?x?x3xf32> {
                  %0 = hip.add %a, %b, %i : (tensor<?x1x3xf32>, tensor<2x1xf32>, tensor<?x?x3xf32>) -> tensor<?x?x3xf32>
                  return %0 : tensor<?x?x3xf32>
                }
                """, "infer.mlir");
        Operation[] add = new Operation[1];
        module.walk(op -> {
            if (op.is("hip.add")) {
                add[0] = op;
            }
        });
        InferShapes.Inferred r = InferShapes.inferFor(add[0]);
        assertThat(r.types()).containsExactly(t(FloatType.F32, Q, 2, 3));
        assertThat(HipShapes.refine(add[0].result(0).type(), r.types().get(0))).isEqualTo(t(FloatType.F32, Q, 2, 3));
    }

    // ---------------------------------------------------------------- through the op interface

    private static RankedTensorType t(Type element, long... dims) {
        return RankedTensorType.of(shape(dims), element);
    }

    private static InferShapes model(String op) {
        Context context = new Context(CoreDialects.register(new DialectRegistry()));
        context.getOrLoadDialect("hip");
        InferShapes model = context.lookupOperation(op).getInterface(InferShapes.class);
        assertThat(model).as(op).isNotNull();
        return model;
    }

    private static List<Type> infer(String op, List<Type> inputs, Map<String, Attribute> attrs, int results) {
        InferShapes.Inferred r = model(op).inferResultTypes(inputs, attrs, results);
        assertThat(r.error()).isNull();
        return r.types();
    }

    @Test
    void everyComputeOpImplementsTheInterface() {
        Context context = new Context(CoreDialects.register(new DialectRegistry()));
        context.getOrLoadDialect("hip");
        for (String op : List.of("add", "equal", "where", "clip", "cast", "matmul", "gemm", "reduce_sum", "arg_max",
                "softmax", "layer_norm", "batch_norm", "group_norm", "transpose", "reshape", "expand", "concat",
                "split", "slice", "pad", "tile", "squeeze", "unsqueeze", "flatten", "gather", "gather_elements",
                "gather_nd", "scatter_elements", "scatter_nd", "cumsum", "trilu", "range", "topk", "resize", "shape",
                "size", "fill", "one_hot", "non_zero", "einsum")) {
            assertThat(context.lookupOperation("hip." + op).getInterface(InferShapes.class)).as(op).isNotNull();
        }
        assertThat(context.lookupOperation("hip.constant").getInterface(InferShapes.class)).isNull();
    }

    @Test
    void modelsInferTypes() {
        Type f32 = FloatType.F32;
        assertThat(infer("hip.less", List.of(t(f32, Q, 1, 3), t(f32, 2, 1)), Map.of(), 1))
                .containsExactly(t(IntegerType.I1, Q, 2, 3));
        assertThat(infer("hip.matmul", List.of(t(f32, 2, 3, 4), t(f32, 4, 5)), Map.of(), 1))
                .containsExactly(t(f32, 2, 3, 5));
        assertThat(infer("hip.arg_max", List.of(t(f32, 2, 3, 4)),
                Map.of("axis", IntegerAttr.i64(-1), "keepdims", BoolAttr.FALSE), 1))
                .containsExactly(t(IntegerType.I64, 2, 3));
        assertThat(infer("hip.reduce_mean", List.of(t(f32, 2, 3, 4)), Map.of("axes", DenseArrayAttr.i64(0, 2)), 1))
                .containsExactly(t(f32, 1, 3, 1));
        // LayerNormalization: Mean and InvStdDev have X's leading dims and 1 from 'axis' on.
        assertThat(infer("hip.layer_norm", List.of(t(f32, 2, 5, 8), t(f32, 5, 8)), Map.of("axis", IntegerAttr.i64(1)),
                3)).containsExactly(t(f32, 2, 5, 8), t(f32, 2, 1, 1), t(f32, 2, 1, 1));
    }

    @Test
    void modelsReportMisfits() {
        InferShapes.Inferred r = model("hip.add").inferResultTypes(
                List.of(t(FloatType.F32, 2, 3), t(FloatType.F32, 4)), Map.of(), 1);
        assertThat(r.succeeded()).isFalse();
        assertThat(r.error()).isEqualTo("shapes [2, 3] and [4] are not broadcast-compatible");
        assertThat(model("hip.add").inferResultTypes(List.of(t(FloatType.F32, 2)), Map.of(), 1).error())
                .isEqualTo("expects 2 inputs, got 1");
    }
}
