package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * simplify-onnx folds a per-channel constant Add after a Conv into the Conv's bias (and a Relu after
 * it then fuses into the conv), and a Reshape of a constant into a constant. Each case here is
 * checked against the unfolded arithmetic computed in the test, at 1 and 2 threads, including the
 * cases that must not fold: an addend that varies along the width, and a Conv whose output is also
 * used elsewhere (a graph output). The outputs have ranks 4 and 2, so the session's output table
 * (several outputs, several ranks) is covered too, and they are read again after the session closed.
 */
class ConvAddFoldTest {
    private static final int N = 2;
    private static final int C = 3;
    private static final int H = 6;
    private static final int W = 5;
    private static final int M = 4;

    /** An addend of {@code dims} after a 3x3 pads-1 Conv (with bias or not), then Relu or not. */
    private record Case(String name, boolean bias, boolean relu, long... dims) {
    }

    private static final Case[] CASES = {new Case("mc11", false, true, M, 1, 1),
        new Case("one_m11_bias", true, true, 1, M, 1, 1), new Case("scalar", true, false),
        new Case("along_w", false, true, W), new Case("shared", true, true, M, 1, 1)};

    @TempDir
    Path dir;

    @Test
    void foldedAddsAndReshapesMatchTheUnfoldedArithmetic() throws Exception {
        Random rnd = new Random(11);
        float[] x = random(rnd, N * C * H * W);
        GraphProto.Builder g = GraphProto.newBuilder().setName("conv_add_fold")
                .addInput(OnnxValues.floatTensor("x", N, C, H, W));
        float[][][] params = new float[CASES.length][][];
        for (int i = 0; i < CASES.length; i++) {
            Case cs = CASES[i];
            int count = 1;
            for (long d : cs.dims()) {
                count *= (int) d;
            }
            float[] w = random(rnd, M * C * 9);
            float[] b = random(rnd, M);
            float[] a = random(rnd, count);
            params[i] = new float[][] {w, b, a};
            String p = cs.name() + "_";
            g.addInitializer(OnnxValues.floatData(p + "w", w, M, C, 3, 3));
            NodeProto.Builder conv = NodeProto.newBuilder().setOpType("Conv").setName(p + "conv").addInput("x")
                    .addInput(p + "w").addOutput(p + "c").addAttribute(OnnxValues.ints("pads", 1, 1, 1, 1));
            if (cs.bias()) {
                g.addInitializer(OnnxValues.floatData(p + "b", b, M));
                conv.addInput(p + "b");
            }
            g.addNode(conv);
            g.addInitializer(OnnxValues.floatData(p + "a", a, cs.dims()));
            g.addNode(NodeProto.newBuilder().setOpType("Add").setName(p + "add").addInput(p + "a").addInput(p + "c")
                    .addOutput(cs.relu() ? p + "s" : p + "y"));
            if (cs.relu()) {
                g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(p + "relu").addInput(p + "s")
                        .addOutput(p + "y"));
            }
            g.addOutput(OnnxValues.floatTensor(p + "y", N, M, H, W));
            if (cs.name().equals("shared")) {
                g.addOutput(OnnxValues.floatTensor(p + "c", N, M, H, W));
            }
        }
        // Reshape of a constant [2, 3, 2] to [3, 4] (folded), added to a [3, 4] input
        float[] k = random(rnd, 12);
        g.addInput(OnnxValues.floatTensor("z", 3, 4));
        g.addInitializer(OnnxValues.floatData("k", k, 2, 3, 2));
        g.addInitializer(org.hipep.dialects.onnx.proto.OnnxProto.TensorProto.newBuilder().setName("k_shape")
                .setDataType(7).addDims(2).addInt64Data(3).addInt64Data(4));
        g.addNode(NodeProto.newBuilder().setOpType("Reshape").setName("k_reshape").addInput("k").addInput("k_shape")
                .addOutput("k2"));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("z_add").addInput("z").addInput("k2")
                .addOutput("z_y"));
        g.addOutput(OnnxValues.floatTensor("z_y", 3, 4));
        Path model = OnnxValues.writeModel(dir.resolve("conv_add_fold.onnx"), g.build(), 15);
        float[] z = random(rnd, 12);

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                Map<String, float[]> got = new java.util.HashMap<>();
                HipSession s = env.createSession(model, new SessionOptions().setThreads(threads)
                        .setCacheDir(dir.resolve("cache")));
                try (Tensor in = Tensor.fromArray(x, N, C, H, W);
                        Tensor zin = Tensor.fromArray(z, 3, 4);
                        Result r = s.run(Map.of("x", in, "z", zin))) {
                    s.close(); // the outputs are the caller's until the result closes
                    for (Map.Entry<String, Tensor> e : r) {
                        got.put(e.getKey(), e.getValue().toFloatArray());
                    }
                    assertThat(r.get("z_y").shape()).containsExactly(3, 4);
                    assertThat(r.get("shared_c").shape()).containsExactly(N, M, H, W);
                } finally {
                    s.close();
                }
                for (int i = 0; i < CASES.length; i++) {
                    Case cs = CASES[i];
                    double[] conv = conv(x, params[i][0], cs.bias() ? params[i][1] : null);
                    check(cs.name() + "_y @" + threads, got.get(cs.name() + "_y"), addRelu(conv, params[i][2], cs));
                    if (cs.name().equals("shared")) {
                        check("shared_c @" + threads, got.get("shared_c"), conv);
                    }
                }
                double[] zy = new double[12];
                for (int j = 0; j < 12; j++) {
                    zy[j] = (double) z[j] + k[j];
                }
                check("z_y @" + threads, got.get("z_y"), zy);
            }
        }
    }

    private static void check(String what, float[] got, double[] want) {
        assertThat(got).as(what).hasSize(want.length);
        for (int j = 0; j < want.length; j++) {
            if (!(Math.abs(got[j] - want[j]) <= 1e-4 * (1 + Math.abs(want[j])))) {
                throw new AssertionError(what + "[" + j + "] = " + got[j] + ", expected " + want[j]);
            }
        }
    }

    /** Conv 3x3, pads 1, in double. */
    private static double[] conv(float[] x, float[] w, float[] b) {
        double[] y = new double[N * M * H * W];
        for (int n = 0; n < N; n++) {
            for (int m = 0; m < M; m++) {
                for (int oh = 0; oh < H; oh++) {
                    for (int ow = 0; ow < W; ow++) {
                        double acc = b != null ? b[m] : 0.0;
                        for (int c = 0; c < C; c++) {
                            for (int kh = 0; kh < 3; kh++) {
                                for (int kw = 0; kw < 3; kw++) {
                                    int ih = oh + kh - 1;
                                    int iw = ow + kw - 1;
                                    if (ih >= 0 && ih < H && iw >= 0 && iw < W) {
                                        acc += x[((n * C + c) * H + ih) * W + iw] * w[((m * C + c) * 3 + kh) * 3 + kw];
                                    }
                                }
                            }
                        }
                        y[((n * M + m) * H + oh) * W + ow] = acc;
                    }
                }
            }
        }
        return y;
    }

    /** conv + the addend broadcast numpy-style (dims right-aligned against [N, M, H, W]), then Relu if asked. */
    private static double[] addRelu(double[] conv, float[] a, Case cs) {
        long[] out = {N, M, H, W};
        long[] d = new long[4];
        java.util.Arrays.fill(d, 1);
        for (int i = 0; i < cs.dims().length; i++) {
            d[4 - cs.dims().length + i] = cs.dims()[i];
        }
        double[] y = new double[conv.length];
        for (int j = 0; j < y.length; j++) {
            long rest = j;
            long[] idx = new long[4];
            for (int t = 3; t >= 0; t--) {
                idx[t] = rest % out[t];
                rest /= out[t];
            }
            long ai = 0;
            for (int t = 0; t < 4; t++) {
                ai = ai * d[t] + (d[t] == 1 ? 0 : idx[t]);
            }
            double v = conv[j] + a[(int) ai];
            y[j] = cs.relu() ? Math.max(0, v) : v;
        }
        return y;
    }

    private static float[] random(Random rnd, int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (rnd.nextDouble() * 2 - 1);
        }
        return v;
    }
}
