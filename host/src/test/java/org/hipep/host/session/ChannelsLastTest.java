package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;
import static org.hipep.host.session.ConvTilingTest.ints;
import static org.hipep.host.session.ConvTilingTest.random;
import static org.hipep.host.session.ConvTilingTest.referenceConv;
import static org.hipep.host.session.ConvTilingTest.toDouble;
import static org.hipep.host.session.ConvTilingTest.toFloat;
import static org.hipep.host.session.ConvTilingTest.value;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
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
 * What {@code hip-conv-channels-last} makes of conv nets, end to end against plain NCHW references
 * computed here, at one and two threads: the NHWC pools after a conv (max with ceil_mode, pads,
 * NaN and infinities over 83 channels, i.e. the float kernel's 64- and 16-lane blocks and single channels; average
 * with and without the pads counted; the global ones), a residual Add + Relu and a channel Concat
 * of two convs, and conv → pool → conv (the transposes between them cancel). The single-op tests
 * (ConvTilingTest, the ONNX node tests) see a pool alone, which stays NCHW.
 */
class ChannelsLastTest {
    private static final int F32 = TensorProto.DataType.FLOAT_VALUE;
    private static final int[] P1 = a(1, 1, 1, 1);
    private static final int[] P0 = a(0, 0, 0, 0);

    @TempDir
    Path dir;

    /** One conv of the graph: its case (pads given, no activation) and the name of its X. */
    private record Conv(Case cs, String x) {
    }

    private static Conv conv(String name, String x, int n, int c, int m, int[] in, int[] k, int[] pads) {
        return new Conv(new Case(name, n, c, m, 1, in, k, a(1, 1), a(1, 1), pads, true, false), x);
    }

    // Inputs: x1 [2, 6, 14, 14] (some NaN), x2 [1, 5, 9, 11], x3 [1, 3, 10, 12] (an image: c_img
    // reads it through a view, and its 5 output channels leave it to oneDNN, or with oneDNN off to
    // the NCHW path, after the runtime's channels-last copy, which interleaves 3 channels:
    // dm_body_interleave3).
    private static final List<Conv> CONVS = List.of(
            conv("c_max", "x1", 2, 6, 83, a(14, 14), a(3, 3), P1),
            conv("c_avg", "x2", 1, 5, 7, a(9, 11), a(1, 1), P0),
            conv("c_glob", "x2", 1, 5, 12, a(9, 11), a(3, 3), P1),
            conv("c_res_a", "x2", 1, 5, 8, a(9, 11), a(1, 1), P0),
            conv("c_res_b", "x2", 1, 5, 8, a(9, 11), a(3, 3), P1),
            conv("c_chain1", "x1", 2, 6, 16, a(14, 14), a(3, 3), P1),
            conv("c_img", "x3", 1, 3, 5, a(10, 12), a(3, 3), P1),
            conv("c_chain2", "p_chain", 2, 16, 9, a(7, 7), a(3, 3), P0));

    @Test
    void convNetsRunChannelsLastAndMatchPlainNchwReferences() throws Exception {
        Path model = model();
        Random rnd = new Random(7);
        Map<String, double[]> values = new HashMap<>();
        values.put("x1", random(rnd, new long[] {2, 6, 14, 14}, 1.0));
        for (int i = 5; i < values.get("x1").length; i += 211) {
            values.get("x1")[i] = Double.NaN;
        }
        // and infinities: windows with +inf and -inf but no NaN take the NHWC max pool's exact path too
        for (int i = 100; i < values.get("x1").length; i += 307) {
            values.get("x1")[i] = i % 2 == 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        values.put("x2", random(rnd, new long[] {1, 5, 9, 11}, 1.0));
        values.put("x3", random(rnd, new long[] {1, 3, 10, 12}, 1.0));
        for (Conv cv : CONVS) {
            values.put(cv.cs().name() + "_w", random(rnd, cv.cs().wShape(), 0.3));
            values.put(cv.cs().name() + "_b", random(rnd, new long[] {cv.cs().m()}, 0.5));
        }
        Map<String, double[]> want = references(values);
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    for (int run = 0; run < 2; run++) {
                        check(s, values, want, threads);
                    }
                }
            }
        }
    }

    /** The layout is the pass's doing: every pool after a conv calls its _nhwc kernel, none the NCHW one. */
    @Test
    void poolsAfterAConvCallTheirChannelsLastKernels() throws Exception {
        SymbolTable symbols = KernelSymbols.of(model(), dir.resolve("compiled"));
        for (String nhwc : List.of("hipep_conv_f32_in3_nhwc", "hipep_max_pool_f32_out1_nhwc", "hipep_avg_pool_f32_nhwc", "hipep_global_avg_pool_f32_nhwc",
                "hipep_global_max_pool_f32_nhwc", "hipep_concat_f32_in2", "hipep_transpose_f32")) {
            assertThat(symbols.lookup(nhwc)).as(nhwc).isNotNull();
        }
        for (String nchw : List.of("hipep_conv_f32_in3", "hipep_max_pool_f32_out1", "hipep_avg_pool_f32",
                "hipep_global_avg_pool_f32", "hipep_global_max_pool_f32")) {
            assertThat(symbols.lookup(nchw)).as(nchw).isNull();
        }
    }

    private static void check(HipSession s, Map<String, double[]> values, Map<String, double[]> want, int threads) {
        Map<String, Tensor> inputs = new LinkedHashMap<>();
        try {
            inputs.put("x1", Tensor.fromArray(toFloat(values.get("x1")), new long[] {2, 6, 14, 14}));
            inputs.put("x2", Tensor.fromArray(toFloat(values.get("x2")), new long[] {1, 5, 9, 11}));
            inputs.put("x3", Tensor.fromArray(toFloat(values.get("x3")), new long[] {1, 3, 10, 12}));
            for (Conv cv : CONVS) {
                String n = cv.cs().name();
                inputs.put(n + "_w", Tensor.fromArray(toFloat(values.get(n + "_w")), cv.cs().wShape()));
                inputs.put(n + "_b", Tensor.fromArray(toFloat(values.get(n + "_b")), new long[] {cv.cs().m()}));
            }
            try (Result r = s.run(inputs)) {
                for (Map.Entry<String, double[]> e : want.entrySet()) {
                    double[] got = toDouble(r.get(e.getKey()).toFloatArray());
                    double[] w = e.getValue();
                    assertThat(got.length).as(e.getKey()).isEqualTo(w.length);
                    for (int i = 0; i < w.length; i++) {
                        boolean ok = Double.isNaN(w[i]) ? Double.isNaN(got[i])
                                : Double.isInfinite(w[i]) ? got[i] == w[i]
                                : Math.abs(got[i] - w[i]) <= 1e-4 * (1 + Math.abs(w[i]));
                        if (!ok) {
                            throw new AssertionError(e.getKey() + " at " + threads + " thread(s): [" + i + "] = "
                                    + got[i] + ", expected " + w[i]);
                        }
                    }
                }
            }
        } finally {
            inputs.values().forEach(Tensor::close);
        }
    }

    // ------------------------------------------------------------------ references (NCHW, plain loops)

    private static Map<String, double[]> references(Map<String, double[]> v) {
        Map<String, double[]> y = new HashMap<>();
        for (Conv cv : CONVS) {
            if (cv.x().startsWith("x")) {
                String n = cv.cs().name();
                y.put(n, referenceConv(cv.cs(), v.get(cv.x()), v.get(n + "_w"), v.get(n + "_b")));
            }
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        out.put("max_ceil", pool(y.get("c_max"), 2, 83, 14, 14, 3, 2, 0, true, true, false));
        out.put("avg_pads", pool(y.get("c_avg"), 1, 7, 9, 11, 3, 2, 1, false, false, false));
        out.put("avg_pads_counted", pool(y.get("c_avg"), 1, 7, 9, 11, 3, 2, 1, false, false, true));
        out.put("max_s1_pads", pool(y.get("c_avg"), 1, 7, 9, 11, 3, 1, 1, true, false, false));
        out.put("gavg", pool(y.get("c_glob"), 1, 12, 9, 11, 0, 1, 0, false, false, false));
        out.put("gmax", pool(y.get("c_glob"), 1, 12, 9, 11, 0, 1, 0, true, false, false));
        double[] a = y.get("c_res_a");
        double[] b = y.get("c_res_b");
        double[] res = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            res[i] = Math.max(a[i] + b[i], 0);
        }
        out.put("concat", concat(res, a, 1, 8, 8, 9 * 11));
        double[] p = pool(y.get("c_chain1"), 2, 16, 14, 14, 2, 2, 0, true, false, false);
        Conv second = CONVS.get(CONVS.size() - 1);
        out.put("chain", referenceConv(second.cs(), p, v.get("c_chain2_w"), v.get("c_chain2_b")));
        out.put("img", y.get("c_img"));
        return out;
    }

    /**
     * A 2-D pool of x [n, c, h, w]: window k (0: global), stride s, symmetric pads p; max or average
     * (pads counted or not); ceil_mode (an overhanging last window starts inside the input here).
     */
    private static double[] pool(double[] x, int n, int c, int h, int w, int k, int s, int p, boolean max,
            boolean ceil, boolean countPads) {
        int kh = k == 0 ? h : k;
        int kw = k == 0 ? w : k;
        int oh = ceil ? -Math.floorDiv(-(h + 2 * p - kh), s) + 1 : (h + 2 * p - kh) / s + 1;
        int ow = ceil ? -Math.floorDiv(-(w + 2 * p - kw), s) + 1 : (w + 2 * p - kw) / s + 1;
        double[] y = new double[n * c * oh * ow];
        for (int nc = 0; nc < n * c; nc++) {
            for (int i = 0; i < oh; i++) {
                for (int j = 0; j < ow; j++) {
                    double acc = max ? Double.NEGATIVE_INFINITY : 0;
                    int inside = 0;
                    int counted = 0;
                    for (int di = 0; di < kh; di++) {
                        for (int dj = 0; dj < kw; dj++) {
                            int r = i * s - p + di;
                            int q = j * s - p + dj;
                            if (r < h + p && q < w + p) {
                                counted++;
                            }
                            if (r < 0 || r >= h || q < 0 || q >= w) {
                                continue;
                            }
                            double xv = x[(nc * h + r) * w + q];
                            inside++;
                            acc = max ? (Double.isNaN(acc) || Double.isNaN(xv) ? Double.NaN : Math.max(acc, xv))
                                    : acc + xv;
                        }
                    }
                    y[(nc * oh + i) * ow + j] = max ? acc : acc / (countPads ? counted : inside);
                }
            }
        }
        return y;
    }

    /** Concat on axis 1 of a [n, ca, hw] and b [n, cb, hw]. */
    private static double[] concat(double[] a, double[] b, int n, int ca, int cb, int hw) {
        double[] y = new double[a.length + b.length];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a, i * ca * hw, y, i * (ca + cb) * hw, ca * hw);
            System.arraycopy(b, i * cb * hw, y, (i * (ca + cb) + ca) * hw, cb * hw);
        }
        return y;
    }

    // ------------------------------------------------------------------ the model

    private Path model() throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("channels_last");
        g.addInput(value("x1", F32, new long[] {2, 6, 14, 14})).addInput(value("x2", F32, new long[] {1, 5, 9, 11}))
                .addInput(value("x3", F32, new long[] {1, 3, 10, 12}));
        for (Conv cv : CONVS) {
            Case cs = cv.cs();
            g.addInput(value(cs.name() + "_w", F32, cs.wShape())).addInput(value(cs.name() + "_b", F32,
                    new long[] {cs.m()}));
            g.addNode(NodeProto.newBuilder().setOpType("Conv").setName(cs.name()).addInput(cv.x())
                    .addInput(cs.name() + "_w").addInput(cs.name() + "_b").addOutput(cs.name())
                    .addAttribute(ints("kernel_shape", cs.k())).addAttribute(ints("pads", cs.pads())));
        }
        pool(g, "MaxPool", "c_max", "max_ceil", 3, 2, P0, 1, -1);
        pool(g, "AveragePool", "c_avg", "avg_pads", 3, 2, P1, 0, 0);
        pool(g, "AveragePool", "c_avg", "avg_pads_counted", 3, 2, P1, 0, 1);
        pool(g, "MaxPool", "c_avg", "max_s1_pads", 3, 1, P1, 0, -1);
        g.addNode(NodeProto.newBuilder().setOpType("GlobalAveragePool").setName("gavg").addInput("c_glob")
                .addOutput("gavg"));
        g.addNode(NodeProto.newBuilder().setOpType("GlobalMaxPool").setName("gmax").addInput("c_glob")
                .addOutput("gmax"));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("res_add").addInput("c_res_a").addInput("c_res_b")
                .addOutput("res_sum"));
        g.addNode(NodeProto.newBuilder().setOpType("Relu").setName("res_relu").addInput("res_sum")
                .addOutput("res"));
        g.addNode(NodeProto.newBuilder().setOpType("Concat").setName("concat").addInput("res").addInput("c_res_a")
                .addOutput("concat").addAttribute(AttributeProto.newBuilder().setName("axis")
                        .setType(AttributeProto.AttributeType.INT).setI(1)));
        pool(g, "MaxPool", "c_chain1", "p_chain", 2, 2, P0, 0, -1);
        g.addNode(NodeProto.newBuilder().setOpType("Identity").setName("chain").addInput("c_chain2")
                .addOutput("chain"));
        g.addNode(NodeProto.newBuilder().setOpType("Identity").setName("img").addInput("c_img").addOutput("img"));
        long[][] shapes = {{2, 83, 7, 7}, {1, 7, 5, 6}, {1, 7, 5, 6}, {1, 7, 9, 11}, {1, 12, 1, 1}, {1, 12, 1, 1},
            {1, 16, 9, 11}, {2, 9, 5, 5}, {1, 5, 10, 12}};
        String[] outs = {"max_ceil", "avg_pads", "avg_pads_counted", "max_s1_pads", "gavg", "gmax", "concat", "chain",
            "img"};
        for (int i = 0; i < outs.length; i++) {
            g.addOutput(value(outs[i], F32, shapes[i]));
        }
        return OnnxValues.writeModel(dir.resolve("channels_last.onnx"), g.build(), 17);
    }

    /** A 2-D pool node; countPads < 0: a MaxPool (no count_include_pad). */
    private static void pool(GraphProto.Builder g, String op, String in, String out, int k, int s, int[] pads,
            int ceil, int countPads) {
        NodeProto.Builder node = NodeProto.newBuilder().setOpType(op).setName(out).addInput(in).addOutput(out)
                .addAttribute(ints("kernel_shape", a(k, k))).addAttribute(ints("strides", a(s, s)))
                .addAttribute(ints("pads", pads)).addAttribute(AttributeProto.newBuilder().setName("ceil_mode")
                        .setType(AttributeProto.AttributeType.INT).setI(ceil));
        if (countPads >= 0) {
            node.addAttribute(AttributeProto.newBuilder().setName("count_include_pad")
                    .setType(AttributeProto.AttributeType.INT).setI(countPads));
        }
        g.addNode(node);
    }
}
