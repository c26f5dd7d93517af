package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
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
 * simplify-onnx folds an inference BatchNormalization into the Conv before it when the weights and
 * the normalisation's parameters are constants. Here the Conv + BatchNormalization with
 * initializers (folded) is checked against a plain convolution and normalisation computed in the
 * test, for a Conv with bias, one without, and a depthwise one (group = channels), all padded.
 */
class BatchNormFoldTest {
    private static final int N = 2;
    private static final int C = 3;
    private static final int H = 6;
    private static final int W = 5;
    private static final float EPSILON = 1e-3f;

    /** One Conv (3x3, pads 1, stride 1) + BatchNormalization; m output channels; group 1 or C. */
    private record Case(String name, int m, int group, boolean bias) {
        int cin() {
            return C / group;
        }
    }

    private static final Case[] CASES = {new Case("with_bias", 4, 1, true), new Case("no_bias", 5, 1, false),
        new Case("depthwise", C, C, true)};

    @TempDir
    Path dir;

    @Test
    void foldedBatchNormalizationMatchesTheUnfoldedArithmetic() throws Exception {
        Random rnd = new Random(7);
        float[] x = random(rnd, N * C * H * W, 1.0f, 0f);
        GraphProto.Builder g = GraphProto.newBuilder().setName("bn_fold")
                .addInput(OnnxValues.floatTensor("x", N, C, H, W));
        float[][][] params = new float[CASES.length][][];
        for (int i = 0; i < CASES.length; i++) {
            Case cs = CASES[i];
            float[] w = random(rnd, cs.m() * cs.cin() * 9, 0.5f, 0f);
            float[] b = random(rnd, cs.m(), 1.0f, 0f);
            float[] scale = random(rnd, cs.m(), 1.0f, 0f);
            float[] shift = random(rnd, cs.m(), 1.0f, 0f);
            float[] mean = random(rnd, cs.m(), 0.5f, 0f);
            float[] var = random(rnd, cs.m(), 0.5f, 0.6f); /* 0.1 .. 1.1 */
            params[i] = new float[][] {w, b, scale, shift, mean, var};
            String p = cs.name() + "_";
            g.addInitializer(OnnxValues.floatData(p + "w", w, cs.m(), cs.cin(), 3, 3));
            NodeProto.Builder conv = NodeProto.newBuilder().setOpType("Conv").setName(p + "conv").addInput("x")
                    .addInput(p + "w").addOutput(p + "c").addAttribute(OnnxValues.ints("pads", 1, 1, 1, 1))
                    .addAttribute(AttributeProto.newBuilder().setName("group").setType(AttributeProto.AttributeType.INT)
                            .setI(cs.group()));
            if (cs.bias()) {
                g.addInitializer(OnnxValues.floatData(p + "b", b, cs.m()));
                conv.addInput(p + "b");
            }
            g.addNode(conv);
            g.addInitializer(OnnxValues.floatData(p + "scale", scale, cs.m()))
                    .addInitializer(OnnxValues.floatData(p + "shift", shift, cs.m()))
                    .addInitializer(OnnxValues.floatData(p + "mean", mean, cs.m()))
                    .addInitializer(OnnxValues.floatData(p + "var", var, cs.m()));
            g.addNode(NodeProto.newBuilder().setOpType("BatchNormalization").setName(p + "bn").addInput(p + "c")
                    .addInput(p + "scale").addInput(p + "shift").addInput(p + "mean").addInput(p + "var")
                    .addOutput(p + "y").addAttribute(AttributeProto.newBuilder().setName("epsilon")
                            .setType(AttributeProto.AttributeType.FLOAT).setF(EPSILON)));
            g.addOutput(OnnxValues.floatTensor(p + "y", N, cs.m(), H, W));
        }
        Path model = OnnxValues.writeModel(dir.resolve("bn_fold.onnx"), g.build(), 15);

        try (HipEnvironment env = HipEnvironment.create();
                HipSession s = env.createSession(model, new SessionOptions().setCacheDir(dir.resolve("cache")));
                Tensor in = Tensor.fromArray(x, N, C, H, W);
                Result r = s.run(java.util.Map.of("x", in))) {
            for (int i = 0; i < CASES.length; i++) {
                Case cs = CASES[i];
                float[] got = r.get(cs.name() + "_y").toFloatArray();
                double[] want = reference(cs, x, params[i]);
                assertThat(got).as(cs.name()).hasSize(want.length);
                for (int k = 0; k < want.length; k++) {
                    if (!(Math.abs(got[k] - want[k]) <= 1e-4 * (1 + Math.abs(want[k])))) {
                        throw new AssertionError(cs.name() + ": y[" + k + "] = " + got[k] + ", expected " + want[k]);
                    }
                }
            }
        }
    }

    /** Conv (3x3, pads 1) in double, then (c - mean) / sqrt(var + epsilon) * scale + shift. */
    private static double[] reference(Case cs, float[] x, float[][] p) {
        float[] w = p[0];
        double[] y = new double[N * cs.m() * H * W];
        int mg = cs.m() / cs.group();
        for (int n = 0; n < N; n++) {
            for (int m = 0; m < cs.m(); m++) {
                int g = m / mg;
                double norm = 1.0 / Math.sqrt(p[5][m] + (double) EPSILON);
                for (int oh = 0; oh < H; oh++) {
                    for (int ow = 0; ow < W; ow++) {
                        double acc = cs.bias() ? p[1][m] : 0.0;
                        for (int c = 0; c < cs.cin(); c++) {
                            for (int kh = 0; kh < 3; kh++) {
                                for (int kw = 0; kw < 3; kw++) {
                                    int ih = oh + kh - 1;
                                    int iw = ow + kw - 1;
                                    if (ih >= 0 && ih < H && iw >= 0 && iw < W) {
                                        acc += x[((n * C + g * cs.cin() + c) * H + ih) * W + iw]
                                                * w[((m * cs.cin() + c) * 3 + kh) * 3 + kw];
                                    }
                                }
                            }
                        }
                        y[((n * cs.m() + m) * H + oh) * W + ow] = (acc - p[4][m]) * norm * p[2][m] + p[3][m];
                    }
                }
            }
        }
        return y;
    }

    private static float[] random(Random rnd, int n, float scale, float offset) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) ((rnd.nextDouble() * 2 - 1) * scale + offset);
        }
        return v;
    }
}
