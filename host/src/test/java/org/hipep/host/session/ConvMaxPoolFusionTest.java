package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.check;
import static org.hipep.host.session.MatMulBiasFusionTest.count;
import static org.hipep.host.session.MatMulBiasFusionTest.random;
import static org.hipep.host.testing.OnnxValues.ints;
import static org.hipep.host.testing.OnnxValues.node;
import static org.hipep.host.testing.OnnxValues.string;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Profile;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MaxPool of a convolution whose result (after a Relu or not) only the pool reads runs inside
 * the convolution ({@code HipEpilogueFusion.ConvMaxPool}, {@code hip.conv {max_pool}}, the
 * {@code _maxpool_nhwc} kernels): the profiler shows one call for the three nodes and none for the
 * pool; the pooled values equal, bit for bit, those of the same Conv and MaxPool run apart (the
 * Relu's result also a graph output, so not fused) and a float64 reference within 1e-4, at one,
 * two and three threads. On each path of the kernel: SqueezeNet's stem (3 -> 64 channels, 3x3
 * stride 2, the pool 3x3 stride 2), ResNet's (7x7 stride 2 with pads, the pool with pads 1, a
 * batch of two, NaN and an infinity in X) and a 4 -> 16 5x5 pooled 3x3 stride 3 with uneven pads
 * (windows that do not overlap) through the runtime's few-channel kernel, whose rows the pool takes
 * as they are computed (AVX-512 builds; other builds take the next way); a 3x3 of 16 -> 24 channels
 * pooled 2x2 without a Relu, which oneDNN computes into a buffer the max pool kernel then reads;
 * and a 4x4 conv with SAME_UPPER pads (1 before, 2 after: mnist-8's kind), which the fusion makes
 * explicit.
 */
class ConvMaxPoolFusionTest {
    /**
     * Conv [N, C, H, W] x [M, C, k, k] (stride s, pads p; with same, auto_pad SAME_UPPER instead,
     * whose pads p are), an optional Relu, MaxPool pk x pk stride ps, pads pp.
     */
    private record Case(String name, int n, int c, int m, int h, int w, int k, int s, long[] p, boolean same,
            boolean relu, int pk, int ps, long[] pp) {
        long[] x() {
            return new long[] {n, c, h, w};
        }

        int oh() {
            return (int) ((h + p[0] + p[2] - k) / s + 1);
        }

        int ow() {
            return (int) ((w + p[1] + p[3] - k) / s + 1);
        }

        long[] y() {
            return new long[] {n, m, (oh() + pp[0] + pp[2] - pk) / ps + 1, (ow() + pp[1] + pp[3] - pk) / ps + 1};
        }
    }

    private static final long[] NONE = {0, 0, 0, 0};
    private static final Case[] CASES = {
        new Case("stem", 1, 3, 64, 37, 41, 3, 2, NONE, false, true, 3, 2, NONE),
        new Case("resnet", 2, 3, 32, 30, 26, 7, 2, new long[] {3, 3, 3, 3}, false, true, 3, 2, new long[] {1, 1, 1, 1}),
        new Case("wide", 1, 16, 24, 12, 14, 3, 1, new long[] {1, 1, 1, 1}, false, false, 2, 2, NONE),
        new Case("strided_pool", 1, 4, 16, 17, 15, 5, 1, new long[] {2, 2, 2, 2}, false, true, 3, 3,
                new long[] {1, 0, 2, 1}),
        new Case("same", 1, 8, 16, 14, 14, 4, 1, new long[] {1, 1, 2, 2}, true, true, 3, 3, NONE)};

    @TempDir
    Path dir;

    @Test
    void maxPoolRunsInsideTheConvolutionWithTheSameBits() throws Exception {
        Random rnd = new Random(47);
        Map<String, float[]> inputs = new HashMap<>();
        Map<String, float[]> weights = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("conv_max_pool");
        for (Case c : CASES) {
            String p = c.name() + "_";
            float[] x = random(rnd, count(c.x()), 1.0);
            if (c.name().equals("resnet")) {
                x[5 * 26 + 7] = Float.NaN;
                x[count(c.x()) - 40] = Float.POSITIVE_INFINITY;
            }
            inputs.put(p + "x", x);
            float[] wt = random(rnd, c.m() * c.c() * c.k() * c.k(), 0.3);
            float[] b = random(rnd, c.m(), 0.2);
            weights.put(p + "w", wt);
            weights.put(p + "b", b);
            g.addInput(OnnxValues.floatTensor(p + "x", c.x()))
                    .addInitializer(OnnxValues.floatData(p + "w", wt, c.m(), c.c(), c.k(), c.k()))
                    .addInitializer(OnnxValues.floatData(p + "b", b, c.m()));
            for (String way : new String[] {"", "kept_"}) {
                String q = p + way;
                g.addNode(node("Conv", q + "conv", q + "c", p + "x", p + "w", p + "b").toBuilder()
                        .addAttribute(ints("kernel_shape", c.k(), c.k())).addAttribute(ints("strides", c.s(), c.s()))
                        .addAttribute(c.same() ? string("auto_pad", "SAME_UPPER") : ints("pads", c.p())).build());
                String pooled = c.relu() ? q + "r" : q + "c";
                if (c.relu()) {
                    g.addNode(node("Relu", q + "relu", q + "r", q + "c"));
                }
                NodeProto pool = node("MaxPool", q + "pool", q + "y", pooled).toBuilder()
                        .addAttribute(ints("kernel_shape", c.pk(), c.pk()))
                        .addAttribute(ints("strides", c.ps(), c.ps())).addAttribute(ints("pads", c.pp())).build();
                g.addNode(pool);
                g.addOutput(OnnxValues.floatTensor(q + "y", c.y()));
                if (!way.isEmpty()) { // the convolution's result read twice: not fused
                    g.addOutput(OnnxValues.floatTensor(pooled, c.n(), c.m(), c.oh(), c.ow()));
                }
            }
        }
        Path model = OnnxValues.writeModel(dir.resolve("conv_max_pool.onnx"), g.build(), 17);

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2, 3}) {
                Map<String, Tensor> feeds = new HashMap<>();
                try (HipSession s = env.createSession(model, new SessionOptions().setThreads(threads)
                        .setCacheDir(dir.resolve("cache")).enableProfiling(dir.resolve("profile")))) {
                    for (Case c : CASES) {
                        feeds.put(c.name() + "_x", Tensor.fromArray(inputs.get(c.name() + "_x"), c.x()));
                    }
                    String at = " at " + threads + " thread(s)";
                    try (Result r = s.run(feeds)) {
                        for (Case c : CASES) {
                            String p = c.name() + "_";
                            float[] y = r.get(p + "y").toFloatArray();
                            float[] kept = r.get(p + "kept_y").toFloatArray();
                            for (int i = 0; i < y.length; i++) {
                                assertThat(Float.floatToIntBits(y[i]))
                                        .as("%sy[%d] = %s, apart %s%s", p, i, y[i], kept[i], at)
                                        .isEqualTo(Float.floatToIntBits(kept[i]));
                            }
                            check(p + "y" + at, y, reference(c, inputs.get(p + "x"), weights.get(p + "w"),
                                    weights.get(p + "b")));
                        }
                    }
                    Map<String, String> kernels = kernels(s);
                    for (Case c : CASES) {
                        String p = c.name() + "_";
                        String fused = p + "conv+" + (c.relu() ? p + "relu+" : "") + p + "pool hip.conv";
                        assertThat(kernels).as("kernel calls%s", at).containsKey(fused)
                                .containsKey(p + "kept_pool hip.max_pool").doesNotContainKey(p + "pool hip.max_pool");
                        assertThat(kernels.get(fused)).as(fused).endsWith("_maxpool_nhwc");
                    }
                } finally {
                    feeds.values().forEach(Tensor::close);
                }
            }
        }
    }

    /**
     * Pools the kernel cannot take stay apart: one whose ceil_mode adds a window (a 13 x 13 output
     * pooled 2x2 stride 2: 7 x 7, not 6 x 6), a dilated one, and one with SAME pads.
     */
    @Test
    void poolsTheKernelCannotTakeStayApart() throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("conv_max_pool_apart")
                .addInput(OnnxValues.floatTensor("x", 1, 3, 15, 15));
        String[] pools = {"ceil", "dilated", "same"};
        Random rnd = new Random(5);
        for (String p : pools) { // weights of its own each (cse would make one conv of equal ones, read twice)
            g.addInitializer(OnnxValues.floatData(p + "_w", random(rnd, 16 * 3 * 9, 0.3), 16, 3, 3, 3));
            NodeProto.Builder conv = node("Conv", p + "_conv", p + "_c", "x", p + "_w").toBuilder()
                    .addAttribute(ints("kernel_shape", 3, 3));
            NodeProto.Builder pool = node("MaxPool", p + "_pool", p + "_y", p + "_c").toBuilder()
                    .addAttribute(ints("kernel_shape", 2, 2)).addAttribute(ints("strides", 2, 2));
            if (p.equals("ceil")) {
                pool.addAttribute(AttributeProto.newBuilder().setName("ceil_mode")
                        .setType(AttributeProto.AttributeType.INT).setI(1));
            } else if (p.equals("dilated")) {
                pool.addAttribute(ints("dilations", 2, 2));
            } else {
                pool.addAttribute(string("auto_pad", "SAME_UPPER"));
            }
            long side = p.equals("dilated") ? 6 : 7;
            g.addNode(conv.build()).addNode(pool.build()).addOutput(OnnxValues.floatTensor(p + "_y", 1, 16, side, side));
        }
        Path model = OnnxValues.writeModel(dir.resolve("apart.onnx"), g.build(), 17);
        try (HipEnvironment env = HipEnvironment.create();
                HipSession s = env.createSession(model, new SessionOptions().setCacheDir(dir.resolve("cache"))
                        .enableProfiling(dir.resolve("profile")));
                Tensor x = Tensor.fromArray(random(new Random(6), 3 * 15 * 15, 1.0), new long[] {1, 3, 15, 15});
                Result r = s.run(Map.of("x", x))) {
            Map<String, String> kernels = kernels(s);
            for (String p : pools) {
                assertThat(kernels).as(p).containsKey(p + "_pool hip.max_pool").containsKey(p + "_conv hip.conv");
                assertThat(kernels.get(p + "_conv hip.conv")).as(p).doesNotContain("maxpool");
            }
        }
    }

    /** The kernel of each call site ("node op") in the session's profile. */
    private static Map<String, String> kernels(HipSession s) {
        Map<String, String> kernels = new HashMap<>();
        for (Profile.Call call : s.profile().calls()) {
            kernels.put(call.node() + " " + call.op(), call.kernel());
        }
        return kernels;
    }

    /** max_pool(relu?(conv(x, w) + b)) of c in float64, NCHW; NaN where a window holds one. */
    private static double[] reference(Case c, float[] x, float[] w, float[] b) {
        int oh = c.oh();
        int ow = c.ow();
        double[] conv = new double[c.n() * c.m() * oh * ow];
        for (int n = 0; n < c.n(); n++) {
            for (int m = 0; m < c.m(); m++) {
                for (int i = 0; i < oh; i++) {
                    for (int j = 0; j < ow; j++) {
                        double sum = b[m];
                        for (int ch = 0; ch < c.c(); ch++) {
                            for (int u = 0; u < c.k(); u++) {
                                for (int v = 0; v < c.k(); v++) {
                                    int hi = i * c.s() - (int) c.p()[0] + u;
                                    int wi = j * c.s() - (int) c.p()[1] + v;
                                    if (hi >= 0 && hi < c.h() && wi >= 0 && wi < c.w()) {
                                        sum += (double) x[((n * c.c() + ch) * c.h() + hi) * c.w() + wi]
                                                * w[((m * c.c() + ch) * c.k() + u) * c.k() + v];
                                    }
                                }
                            }
                        }
                        conv[((n * c.m() + m) * oh + i) * ow + j] = c.relu() && !(sum >= 0) && !Double.isNaN(sum)
                                ? 0 : sum;
                    }
                }
            }
        }
        long[] y = c.y();
        double[] out = new double[count(y)];
        for (int n = 0; n < c.n(); n++) {
            for (int m = 0; m < c.m(); m++) {
                for (int i = 0; i < y[2]; i++) {
                    for (int j = 0; j < y[3]; j++) {
                        double max = Double.NEGATIVE_INFINITY;
                        for (int u = 0; u < c.pk(); u++) {
                            for (int v = 0; v < c.pk(); v++) {
                                int hi = i * c.ps() - (int) c.pp()[0] + u;
                                int wi = j * c.ps() - (int) c.pp()[1] + v;
                                if (hi >= 0 && hi < oh && wi >= 0 && wi < ow) {
                                    double t = conv[((n * c.m() + m) * oh + hi) * ow + wi];
                                    max = Double.isNaN(t) || Double.isNaN(max) ? Double.NaN : Math.max(max, t);
                                }
                            }
                        }
                        out[((n * c.m() + m) * (int) y[2] + i) * (int) y[3] + j] = max;
                    }
                }
            }
        }
        return out;
    }
}
