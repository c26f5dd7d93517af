package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.host.testing.KernelSymbols;
import org.hipep.host.testing.OnnxValues;
import org.hipep.ir.SymbolTable;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's Conv kernel (tiles of output positions, one GEMM per tile, a 1x1 path that reads X
 * in place) and ConvTranspose (GEMM and col2im by blocks of input positions) against plain ones
 * computed here, through a session at one and two threads.
 * The shapes cut tiles inside output rows, leave a short last tile, and cover stride, dilation,
 * asymmetric and SAME padding, groups, 1-D and 3-D, batch > 1, a column block above the tile budget
 * (many input channels), f64, and weights and bias given as run-time inputs; small output maps
 * (under 2 x threads tiles of 128 positions: tiles run in turn, each GEMM split over the threads
 * by rows or columns) and the boundary between the two plans (256 vs 512 positions), W above the
 * tile budget (tiles sized by W), mnist-8's and SqueezeNet's shapes. Each session runs twice (the
 * second run reuses the state's im2col scratch). Also MaxPool (the separable path and the long-row
 * one; strides, dilations, pads, 1-D to 3-D, NaN) against a plain max. Relu, Relu6 and a general
 * Clip after the conv (fused into its kernel) on each plan: tiles, 1x1 in place, small maps,
 * depthwise, 1-D and f64.
 */
class ConvTilingTest {
    @TempDir
    Path dir;

    /**
     * One Conv (or ConvTranspose) node: pads are begin..., end... (null: auto_pad SAME_UPPER, Conv
     * only); {@code act} an activation after it ("" none, "relu", "relu6" = Clip(0, 6), "clip" =
     * Clip(-0.5, 0.25)), which canonicalize fuses into the conv kernel (the _clamp symbols).
     */
    record Case(String name, int n, int c, int m, int group, int[] in, int[] k, int[] strides, int[] dilations,
            int[] pads, boolean bias, boolean f64, boolean transposed, String act) {
        Case(String name, int n, int c, int m, int group, int[] in, int[] k, int[] strides, int[] dilations,
                int[] pads, boolean bias, boolean f64) {
            this(name, n, c, m, group, in, k, strides, dilations, pads, bias, f64, false, "");
        }

        Case(String name, int n, int c, int m, int group, int[] in, int[] k, int[] strides, int[] dilations,
                int[] pads, boolean bias, boolean f64, boolean transposed) {
            this(name, n, c, m, group, in, k, strides, dilations, pads, bias, f64, transposed, "");
        }

        /** This case followed by activation {@code a}. */
        Case then(String a) {
            return new Case(a + "_" + name, n, c, m, group, in, k, strides, dilations, pads, bias, f64, transposed, a);
        }

        /** The activation's bounds {lo, hi}, or null without one. */
        double[] bounds() {
            return switch (act) {
                case "relu" -> new double[] {0, Double.POSITIVE_INFINITY};
                case "relu6" -> new double[] {0, 6};
                case "clip" -> new double[] {-0.5, 0.25};
                default -> null;
            };
        }

        int rank() {
            return in.length;
        }

        int[] padsOrSame() {
            if (pads != null) {
                return pads;
            }
            int[] p = new int[2 * rank()];
            for (int i = 0; i < rank(); i++) { /* SAME_UPPER: the odd one at the end */
                int out = (in[i] + strides[i] - 1) / strides[i];
                int total = Math.max(0, (out - 1) * strides[i] + (k[i] - 1) * dilations[i] + 1 - in[i]);
                p[i] = total / 2;
                p[rank() + i] = total - total / 2;
            }
            return p;
        }

        int[] out() {
            int[] p = padsOrSame();
            int[] o = new int[rank()];
            for (int i = 0; i < rank(); i++) {
                int span = (k[i] - 1) * dilations[i] + 1;
                o[i] = transposed ? strides[i] * (in[i] - 1) + span - p[i] - p[rank() + i]
                        : (in[i] + p[i] + p[rank() + i] - span) / strides[i] + 1;
            }
            return o;
        }

        long[] xShape() {
            return shape(n, c, in);
        }

        long[] wShape() {
            return transposed ? shape(c, m / group, k) : shape(m, c / group, k);
        }

        long[] yShape() {
            return shape(n, m, out());
        }
    }

    static int[] a(int... v) {
        return v;
    }

    static long[] shape(int d0, int d1, int[] rest) {
        long[] s = new long[2 + rest.length];
        s[0] = d0;
        s[1] = d1;
        for (int i = 0; i < rest.length; i++) {
            s[2 + i] = rest[i];
        }
        return s;
    }

    /** A case of each conv plan with an activation fused into it (perf-fuse; see Case#act). */
    static final List<Case> FUSED = List.of(
            new Case("rows_cut", 1, 64, 20, 1, a(30, 37), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true, false)
                    .then("relu"),
            new Case("tiles_batch", 2, 256, 24, 1, a(41, 43), a(1, 1), a(1, 1), a(1, 1), a(0, 0, 0, 0), false, false)
                    .then("relu6"),
            new Case("small_map", 1, 64, 256, 1, a(9, 11), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true, false)
                    .then("clip"),
            new Case("depthwise", 2, 4, 8, 4, a(11, 13), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true, false)
                    .then("relu"),
            new Case("conv1d", 2, 3, 4, 1, a(101), a(5), a(2), a(1), a(2, 2), false, false).then("relu6"),
            new Case("f64", 1, 32, 6, 1, a(29, 31), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true, true)
                    .then("clip"));

    static final List<Case> CASES = java.util.stream.Stream.concat(FUSED.stream(), java.util.stream.Stream.of(
            // 576-row column blocks: ~227 positions a tile, 30x37 cuts tiles inside rows
            new Case("rows_cut", 1, 64, 20, 1, a(30, 37), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true, false),
            new Case("stride2_asym_pads", 2, 3, 5, 1, a(17, 23), a(3, 3), a(2, 2), a(1, 1), a(1, 0, 2, 1), false,
                    false),
            new Case("dilated_groups", 1, 4, 6, 2, a(19, 21), a(3, 2), a(1, 1), a(2, 3), a(2, 1, 0, 2), true, false),
            new Case("same_upper_stride2", 2, 5, 7, 1, a(15, 12), a(4, 3), a(2, 2), a(1, 1), null, true, false),
            new Case("pointwise_tiles_batch", 2, 256, 24, 1, a(41, 43), a(1, 1), a(1, 1), a(1, 1), a(0, 0, 0, 0),
                    true, false),
            new Case("pointwise_groups", 2, 8, 12, 4, a(13, 11), a(1, 1), a(1, 1), a(1, 1), a(0, 0, 0, 0), true,
                    false),
            new Case("one_by_one_stride2", 1, 6, 4, 1, a(9, 10), a(1, 1), a(2, 2), a(1, 1), a(0, 0, 0, 0), false,
                    false),
            new Case("one_by_one_padded", 1, 3, 4, 1, a(7, 6), a(1, 1), a(1, 1), a(1, 1), a(1, 2, 1, 0), true,
                    false),
            new Case("many_channels_min_tile", 1, 300, 8, 1, a(20, 21), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1),
                    true, false),
            new Case("conv1d", 2, 3, 4, 1, a(1001), a(5), a(2), a(2), a(3, 1), true, false),
            new Case("conv3d", 1, 4, 6, 2, a(7, 8, 9), a(2, 3, 3), a(2, 1, 2), a(1, 1, 1), a(1, 1, 0, 0, 1, 2),
                    true, false),
            new Case("f64_rows_cut", 1, 32, 6, 1, a(29, 31), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true, true),
            // small maps at two threads (fewer than 2 x 2 tiles of >= 128 positions): tiles one after the
            // other, each GEMM split by rows of W (many output channels) or by columns (positions)
            new Case("small_map_rows_split", 1, 64, 256, 1, a(9, 11), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1),
                    true, false),
            new Case("small_map_pointwise_cols_split", 1, 200, 70, 1, a(15, 17), a(1, 1), a(1, 1), a(1, 1),
                    a(0, 0, 0, 0), true, false),
            new Case("small_map_boundary_256", 1, 48, 136, 1, a(16, 16), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1),
                    false, false),
            new Case("tiles_boundary_512", 1, 48, 136, 1, a(16, 32), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1),
                    true, false),
            new Case("small_map_batch_groups", 2, 64, 256, 2, a(7, 7), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1),
                    true, false),
            new Case("small_map_stride2", 1, 64, 192, 1, a(15, 15), a(3, 3), a(2, 2), a(1, 1), a(1, 1, 1, 1), true,
                    false),
            new Case("f64_small_map_rows_split", 1, 64, 200, 1, a(7, 9), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1),
                    true, true),
            // the one- and two-dim im2col (per kernel row: zero / copy / zero runs): stride 3 and dilation 2 with
            // asymmetric pads, tiles of 64 positions cut inside the rows
            new Case("im2col2_stride3_dilated", 1, 300, 5, 1, a(31, 40), a(3, 2), a(3, 2), a(2, 3), a(2, 0, 1, 3),
                    true, false),
            // W above the tile budget (160 x 2304 floats, 1.47 MB): tiles of ~160 positions (W's size), the
            // last one short; at two threads three of them in turn, each GEMM split over the threads
            new Case("big_w_tiles", 1, 256, 160, 1, a(20, 23), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true,
                    false),
            // mnist-8's and SqueezeNet's shapes: 1 -> 8 5x5 SAME at 28x28, 8 -> 16 at 14x14, a fire module's
            // 16 -> 64 3x3 and its 96 -> 16 squeeze (pointwise: one GEMM over the map at one thread)
            new Case("mnist_conv1", 1, 1, 8, 1, a(28, 28), a(5, 5), a(1, 1), a(1, 1), null, true, false),
            new Case("mnist_conv2", 1, 8, 16, 1, a(14, 14), a(5, 5), a(1, 1), a(1, 1), null, false, false),
            new Case("fire_expand3x3", 1, 16, 64, 1, a(27, 29), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), true,
                    false),
            new Case("fire_squeeze", 1, 96, 16, 1, a(27, 29), a(1, 1), a(1, 1), a(1, 1), a(0, 0, 0, 0), true,
                    false),
            // ConvTranspose: 576-row column blocks of ~227 input positions, 23x29 cuts them inside rows
            new Case("transposed_rows_cut", 2, 16, 64, 1, a(23, 29), a(3, 3), a(2, 2), a(1, 1), a(1, 1, 1, 1),
                    true, false, true),
            new Case("transposed_groups_dilated", 1, 6, 4, 2, a(9, 11), a(2, 3), a(1, 2), a(2, 1), a(0, 1, 1, 0),
                    false, false, true))).toList();

    /** One MaxPool node (no Indices): pads are begin..., end...; nan: some inputs are NaN. */
    record PoolCase(String name, int n, int c, int[] in, int[] k, int[] strides, int[] dilations, int[] pads,
            boolean f64, boolean nan) {
        int[] out() {
            int r = in.length;
            int[] o = new int[r];
            for (int i = 0; i < r; i++) {
                o[i] = (in[i] + pads[i] + pads[r + i] - ((k[i] - 1) * dilations[i] + 1)) / strides[i] + 1;
            }
            return o;
        }

        long[] xShape() {
            return shape(n, c, in);
        }

        long[] yShape() {
            return shape(n, c, out());
        }
    }

    /*
     * MaxPool without indices, rows up to 1024 long: the window's rows reduced into one row, then along the
     * last dim (interior outputs with a stride through the max of the taps at every position); longer rows
     * take the per-output loop; float 2x2 stride-2 windows all inside the input, a loop of their own.
     */
    static final List<PoolCase> POOLS = List.of(
            new PoolCase("pool_3x3_s2", 1, 5, a(27, 31), a(3, 3), a(2, 2), a(1, 1), a(0, 0, 0, 0), false, false),
            new PoolCase("pool_2x2_s2", 1, 8, a(28, 28), a(2, 2), a(2, 2), a(1, 1), a(0, 0, 0, 0), false, false),
            // the float 2x2 stride-2 kernel: odd sizes (the last row and column are in no window), NaN
            new PoolCase("pool_2x2_s2_odd_nan", 2, 3, a(15, 21), a(2, 2), a(2, 2), a(1, 1), a(0, 0, 0, 0), false,
                    true),
            // rows of 20 outputs: sixteen, then four from one vector of each input row
            new PoolCase("pool_2x2_s2_wide", 1, 2, a(6, 41), a(2, 2), a(2, 2), a(1, 1), a(0, 0, 0, 0), false, true),
            new PoolCase("pool_3x3_s3", 1, 16, a(14, 14), a(3, 3), a(3, 3), a(1, 1), a(0, 0, 0, 0), false, false),
            new PoolCase("pool_pads_dilated", 2, 3, a(19, 23), a(3, 2), a(2, 3), a(2, 1), a(1, 0, 2, 1), false,
                    false),
            new PoolCase("pool_s1_pads", 1, 4, a(9, 13), a(3, 3), a(1, 1), a(1, 1), a(1, 1, 1, 1), false, false),
            new PoolCase("pool_1d", 2, 3, a(50), a(3), a(2), a(1), a(1, 1), false, false),
            new PoolCase("pool_1d_long_row", 1, 2, a(1500), a(4), a(3), a(1), a(2, 1), false, false),
            new PoolCase("pool_3d", 2, 3, a(6, 7, 9), a(2, 3, 2), a(2, 1, 2), a(1, 1, 1), a(0, 1, 1, 1, 0, 0),
                    false, false),
            new PoolCase("pool_f64_nan", 1, 3, a(11, 17), a(3, 3), a(2, 2), a(1, 1), a(1, 1, 0, 1), true, true));

    @Test
    void tiledConvolutionsMatchAPlainOneAtOneAndTwoThreads() throws Exception {
        Path model = model();
        Random rnd = new Random(42);
        Map<String, Object> values = new HashMap<>();
        for (Case cs : CASES) {
            values.put(cs.name() + "_x", random(rnd, cs.xShape(), 1.0));
            values.put(cs.name() + "_w", random(rnd, cs.wShape(), 0.2));
            values.put(cs.name() + "_b", random(rnd, new long[] {cs.m()}, 1.0));
        }
        for (PoolCase pc : POOLS) {
            double[] x = random(rnd, pc.xShape(), 1.0);
            for (int i = 0; pc.nan() && i < x.length; i += 37) {
                x[i] = Double.NaN;
            }
            values.put(pc.name() + "_x", x);
        }
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    runAndCompare(s, values, threads);
                }
            }
        }
    }

    /**
     * The activations of {@link #FUSED} leave no kernel of their own: each conv calls its _clamp
     * kernel (the kernel test above would pass unfused too, so this pins the fusion itself).
     */
    @Test
    void activationsAfterAConvAreFusedIntoItsKernel() throws Exception {
        SymbolTable symbols = KernelSymbols.of(model(), dir.resolve("compiled"));
        for (String fused : List.of("hipep_conv_f32_in3_clamp", "hipep_conv_f32_in2_clamp", "hipep_conv_f64_in3_clamp")) {
            assertThat(symbols.lookup(fused)).as(fused).isNotNull();
        }
        for (String gone : List.of("hipep_max_f32", "hipep_min_f32", "hipep_max_f64", "hipep_min_f64")) {
            assertThat(symbols.lookup(gone)).as(gone).isNull();
        }
    }

    private static void runAndCompare(HipSession s, Map<String, Object> values, int threads) {
        Map<String, Tensor> inputs = new HashMap<>();
        try {
            for (Case cs : CASES) {
                for (String part : cs.bias() ? new String[] {"x", "w", "b"} : new String[] {"x", "w"}) {
                    String name = cs.name() + "_" + part;
                    double[] v = (double[]) values.get(name);
                    long[] sh = part.equals("x") ? cs.xShape() : part.equals("w") ? cs.wShape() : new long[] {cs.m()};
                    inputs.put(name, cs.f64() ? Tensor.fromArray(v, sh) : Tensor.fromArray(toFloat(v), sh));
                }
            }
            for (PoolCase pc : POOLS) {
                double[] v = (double[]) values.get(pc.name() + "_x");
                inputs.put(pc.name() + "_x",
                        pc.f64() ? Tensor.fromArray(v, pc.xShape()) : Tensor.fromArray(toFloat(v), pc.xShape()));
            }
            for (int run = 0; run < 2; run++) { /* the second run reuses the state's im2col scratch */
                compare(s, inputs, values, threads);
            }
        } finally {
            inputs.values().forEach(Tensor::close);
        }
    }

    private static void compare(HipSession s, Map<String, Tensor> inputs, Map<String, Object> values, int threads) {
        try (Result r = s.run(inputs)) {
            for (PoolCase pc : POOLS) {
                Tensor y = r.get(pc.name() + "_y");
                assertThat(y.shape()).as(pc.name()).containsExactly(pc.yShape());
                double[] got = pc.f64() ? y.toDoubleArray() : toDouble(y.toFloatArray());
                double[] want = referencePool(pc, (double[]) values.get(pc.name() + "_x"));
                assertThat(got.length).as(pc.name()).isEqualTo(want.length);
                for (int i = 0; i < want.length; i++) {
                    if (!(got[i] == want[i] || (Double.isNaN(got[i]) && Double.isNaN(want[i])))) {
                        throw new AssertionError(pc.name() + " at " + threads + " thread(s): y[" + i + "] = "
                                + got[i] + ", expected " + want[i]);
                    }
                }
            }
            for (Case cs : CASES) {
                Tensor y = r.get(cs.name() + "_y");
                assertThat(y.shape()).as(cs.name()).containsExactly(cs.yShape());
                double[] got = cs.f64() ? y.toDoubleArray() : toDouble(y.toFloatArray());
                double[] want = reference(cs, (double[]) values.get(cs.name() + "_x"),
                        (double[]) values.get(cs.name() + "_w"),
                        cs.bias() ? (double[]) values.get(cs.name() + "_b") : null);
                assertThat(got.length).as(cs.name()).isEqualTo(want.length);
                for (int i = 0; i < want.length; i++) {
                    double tol = (cs.f64() ? 1e-10 : 1e-4) * (1 + Math.abs(want[i]));
                    if (!(Math.abs(got[i] - want[i]) <= tol)) {
                        throw new AssertionError(cs.name() + " at " + threads + " thread(s): y[" + i + "] = "
                                + got[i] + ", expected " + want[i]);
                    }
                }
            }
        }
    }

    /** y[n, c, o] = the max of x over the window's taps inside the input (NaN when one of them is). */
    static double[] referencePool(PoolCase pc, double[] x) {
        int r = pc.in().length;
        int[] in = pc.in(), k = pc.k(), out = pc.out(), p = pc.pads();
        int isz = prod(in), ksz = prod(k), osz = prod(out);
        double[] y = new double[pc.n() * pc.c() * osz];
        int[] oi = new int[r], ki = new int[r];
        for (int nc = 0; nc < pc.n() * pc.c(); nc++) {
            for (int o = 0; o < osz; o++) {
                unflatten(o, out, oi);
                double best = Double.NEGATIVE_INFINITY;
                for (int kf = 0; kf < ksz; kf++) {
                    unflatten(kf, k, ki);
                    int xo = 0;
                    boolean inside = true;
                    for (int q = 0; q < r; q++) {
                        int i = oi[q] * pc.strides()[q] - p[q] + ki[q] * pc.dilations()[q];
                        inside &= i >= 0 && i < in[q];
                        xo = xo * in[q] + i;
                    }
                    if (inside) {
                        best = Math.max(best, x[nc * isz + xo]);
                    }
                }
                y[nc * osz + o] = best;
            }
        }
        return y;
    }

    /** The plain conv, then the case's activation min(max(y, lo), hi). */
    static double[] reference(Case cs, double[] x, double[] w, double[] b) {
        double[] y = cs.transposed() ? referenceTransposed(cs, x, w, b) : referenceConv(cs, x, w, b);
        double[] bounds = cs.bounds();
        if (bounds != null) {
            for (int i = 0; i < y.length; i++) {
                y[i] = Math.min(Math.max(y[i], bounds[0]), bounds[1]);
            }
        }
        return y;
    }

    /** y[n, m, o] = b[m] + sum over the group's channels and the kernel of w * x (0 in the padding). */
    static double[] referenceConv(Case cs, double[] x, double[] w, double[] b) {
        int r = cs.rank();
        int[] in = cs.in(), k = cs.k(), out = cs.out(), p = cs.padsOrSame();
        int isz = prod(in), ksz = prod(k), osz = prod(out), cg = cs.c() / cs.group(), mg = cs.m() / cs.group();
        double[] y = new double[cs.n() * cs.m() * osz];
        int[] oi = new int[r], ki = new int[r];
        for (int n = 0; n < cs.n(); n++) {
            for (int m = 0; m < cs.m(); m++) {
                int g = m / mg;
                for (int o = 0; o < osz; o++) {
                    unflatten(o, out, oi);
                    double acc = b == null ? 0 : b[m];
                    for (int c = 0; c < cg; c++) {
                        for (int kf = 0; kf < ksz; kf++) {
                            unflatten(kf, k, ki);
                            int xo = 0;
                            boolean inside = true;
                            for (int q = 0; q < r; q++) {
                                int i = oi[q] * cs.strides()[q] - p[q] + ki[q] * cs.dilations()[q];
                                inside &= i >= 0 && i < in[q];
                                xo = xo * in[q] + i;
                            }
                            if (inside) {
                                acc += w[(m * cg + c) * ksz + kf] * x[(n * cs.c() + g * cg + c) * isz + xo];
                            }
                        }
                    }
                    y[(n * cs.m() + m) * osz + o] = acc;
                }
            }
        }
        return y;
    }

    /** y[n, m, i * s - pb + k * d] += x[n, c, i] * w[c, m - group's first, k], on top of b[m]. */
    static double[] referenceTransposed(Case cs, double[] x, double[] w, double[] b) {
        int r = cs.rank();
        int[] in = cs.in(), k = cs.k(), out = cs.out(), p = cs.padsOrSame();
        int isz = prod(in), ksz = prod(k), osz = prod(out), cg = cs.c() / cs.group(), mg = cs.m() / cs.group();
        double[] y = new double[cs.n() * cs.m() * osz];
        for (int n = 0; n < cs.n(); n++) {
            for (int m = 0; m < cs.m(); m++) {
                for (int o = 0; o < osz; o++) {
                    y[(n * cs.m() + m) * osz + o] = b == null ? 0 : b[m];
                }
            }
        }
        int[] ii = new int[r], ki = new int[r];
        for (int n = 0; n < cs.n(); n++) {
            for (int c = 0; c < cs.c(); c++) {
                int g = c / cg;
                for (int i = 0; i < isz; i++) {
                    unflatten(i, in, ii);
                    for (int kf = 0; kf < ksz; kf++) {
                        unflatten(kf, k, ki);
                        int yo = 0;
                        boolean inside = true;
                        for (int q = 0; q < r; q++) {
                            int o = ii[q] * cs.strides()[q] - p[q] + ki[q] * cs.dilations()[q];
                            inside &= o >= 0 && o < out[q];
                            yo = yo * out[q] + o;
                        }
                        if (!inside) {
                            continue;
                        }
                        for (int ml = 0; ml < mg; ml++) {
                            y[(n * cs.m() + g * mg + ml) * osz + yo] +=
                                    x[(n * cs.c() + c) * isz + i] * w[(c * mg + ml) * ksz + kf];
                        }
                    }
                }
            }
        }
        return y;
    }

    private Path model() throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("conv_tiling");
        for (Case cs : CASES) {
            int t = cs.f64() ? TensorProto.DataType.DOUBLE_VALUE : TensorProto.DataType.FLOAT_VALUE;
            String convOut = cs.name() + (cs.act().isEmpty() ? "_y" : "_c");
            NodeProto.Builder node = NodeProto.newBuilder().setOpType(cs.transposed() ? "ConvTranspose" : "Conv")
                    .setName(cs.name())
                    .addInput(cs.name() + "_x").addInput(cs.name() + "_w").addOutput(convOut)
                    .addAttribute(ints("kernel_shape", cs.k())).addAttribute(ints("strides", cs.strides()))
                    .addAttribute(ints("dilations", cs.dilations()))
                    .addAttribute(AttributeProto.newBuilder().setName("group").setType(AttributeProto.AttributeType.INT)
                            .setI(cs.group()));
            if (cs.pads() != null) {
                node.addAttribute(ints("pads", cs.pads()));
            } else {
                node.addAttribute(OnnxValues.string("auto_pad", "SAME_UPPER"));
            }
            g.addInput(value(cs.name() + "_x", t, cs.xShape())).addInput(value(cs.name() + "_w", t, cs.wShape()));
            if (cs.bias()) {
                node.addInput(cs.name() + "_b");
                g.addInput(value(cs.name() + "_b", t, new long[] {cs.m()}));
            }
            g.addNode(node).addOutput(value(cs.name() + "_y", t, cs.yShape()));
            if (cs.act().equals("relu")) {
                g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(cs.name() + "_relu").addInput(convOut)
                        .addOutput(cs.name() + "_y"));
            } else if (!cs.act().isEmpty()) {
                NodeProto.Builder clip = NodeProto.newBuilder().setOpType("Clip").setName(cs.name() + "_clip")
                        .addInput(convOut).addOutput(cs.name() + "_y");
                for (int i = 0; i < 2; i++) {
                    String bound = cs.name() + (i == 0 ? "_lo" : "_hi");
                    TensorProto.Builder init = TensorProto.newBuilder().setName(bound).setDataType(t);
                    if (cs.f64()) {
                        init.addDoubleData(cs.bounds()[i]);
                    } else {
                        init.addFloatData((float) cs.bounds()[i]);
                    }
                    g.addInitializer(init);
                    clip.addInput(bound);
                }
                g.addNode(clip);
            }
        }
        for (PoolCase pc : POOLS) {
            int t = pc.f64() ? TensorProto.DataType.DOUBLE_VALUE : TensorProto.DataType.FLOAT_VALUE;
            g.addNode(NodeProto.newBuilder().setOpType("MaxPool").setName(pc.name()).addInput(pc.name() + "_x")
                    .addOutput(pc.name() + "_y").addAttribute(ints("kernel_shape", pc.k()))
                    .addAttribute(ints("strides", pc.strides())).addAttribute(ints("dilations", pc.dilations()))
                    .addAttribute(ints("pads", pc.pads())));
            g.addInput(value(pc.name() + "_x", t, pc.xShape())).addOutput(value(pc.name() + "_y", t, pc.yShape()));
        }
        return OnnxValues.writeModel(dir.resolve("conv_tiling.onnx"), g.build(), 17);
    }

    /**
     * Adds to {@code g} the Conv node of {@code cs} (explicit pads) reading {@code x}, its weights
     * and bias (when it has one) as float initializers {@code <name>_w} / {@code <name>_b} from
     * {@code weights}; its output is {@code <name>_c}.
     */
    static void addConstantConv(GraphProto.Builder g, Case cs, String x, Map<String, double[]> weights) {
        String n = cs.name();
        NodeProto.Builder node = NodeProto.newBuilder().setOpType("Conv").setName(n).addInput(x).addInput(n + "_w")
                .addOutput(n + "_c").addAttribute(ints("kernel_shape", cs.k()))
                .addAttribute(ints("strides", cs.strides())).addAttribute(ints("pads", cs.pads()))
                .addAttribute(AttributeProto.newBuilder().setName("group").setType(AttributeProto.AttributeType.INT)
                        .setI(cs.group()));
        g.addInitializer(OnnxValues.floatData(n + "_w", toFloat(weights.get(n + "_w")), cs.wShape()));
        if (cs.bias()) {
            node.addInput(n + "_b");
            g.addInitializer(OnnxValues.floatData(n + "_b", toFloat(weights.get(n + "_b")), new long[] {cs.m()}));
        }
        g.addNode(node);
    }

    static AttributeProto ints(String name, int[] v) {
        AttributeProto.Builder b = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (int x : v) {
            b.addInts(x);
        }
        return b.build();
    }

    static ValueInfoProto value(String name, int elemType, long[] dims) {
        Object[] boxed = java.util.Arrays.stream(dims).boxed().toArray();
        return OnnxValues.tensor(name, elemType, boxed);
    }

    private static void unflatten(int f, int[] dims, int[] idx) {
        for (int q = dims.length - 1; q >= 0; q--) {
            idx[q] = f % dims[q];
            f /= dims[q];
        }
    }

    private static int prod(int[] v) {
        int p = 1;
        for (int x : v) {
            p *= x;
        }
        return p;
    }

    static double[] random(Random rnd, long[] shape, double scale) {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        double[] v = new double[(int) n];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) ((rnd.nextDouble() * 2 - 1) * scale); /* representable in f32 for both kinds */
        }
        return v;
    }

    static float[] toFloat(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return f;
    }

    static double[] toDouble(float[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = v[i];
        }
        return d;
    }
}
