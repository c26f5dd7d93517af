package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.check;
import static org.hipep.host.session.MatMulBiasFusionTest.random;
import static org.hipep.host.testing.OnnxValues.node;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
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
 * A residual Add whose sum only a LayerNormalization reads runs as one pass
 * ({@code hip.skip_layer_norm}, canonicalize's fusion): the compiled module calls
 * {@code hipep_skip_layer_norm_f32_in4} and {@code _in3} (with and without bias) and no Add
 * kernel, and the outputs match a float64 reference of Add then LayerNormalization computed here,
 * at one and two threads, on rows of 768 (BERT's) and of 5 (fewer than one vector), over more rows
 * than one chunk of the thread team takes. An Add whose sum is also an output is not fused and
 * still right.
 */
class SkipLayerNormTest {
    private static final int ROWS = 300;
    private static final int WIDE = 768;
    private static final int NARROW = 5;

    @TempDir
    Path dir;

    @Test
    void residualAddAndLayerNormRunAsOnePass() throws Exception {
        Random rnd = new Random(29);
        float[] scale = random(rnd, WIDE, 1.0);
        float[] bias = random(rnd, WIDE, 1.0);
        float[] scale5 = random(rnd, NARROW, 1.0);
        GraphProto.Builder g = GraphProto.newBuilder().setName("skip_layer_norm")
                .addInput(OnnxValues.floatTensor("x", 1, ROWS, WIDE))
                .addInput(OnnxValues.floatTensor("r", 1, ROWS, WIDE))
                .addInput(OnnxValues.floatTensor("x5", ROWS, NARROW))
                .addInput(OnnxValues.floatTensor("r5", ROWS, NARROW))
                .addInput(OnnxValues.floatTensor("q5", ROWS, NARROW))
                .addInitializer(OnnxValues.floatData("scale", scale, WIDE))
                .addInitializer(OnnxValues.floatData("bias", bias, WIDE))
                .addInitializer(OnnxValues.floatData("scale5", scale5, NARROW));
        // wide: x + r, normalised with scale and bias; narrow: x5 + r5 with scale only; kept: x5 + q5, its sum an
        // output too
        g.addNode(node("Add", "add", "s", "x", "r"));
        g.addNode(layerNorm("ln", "y", 1e-12f, "s", "scale", "bias"));
        g.addNode(node("Add", "add5", "s5", "x5", "r5"));
        g.addNode(layerNorm("ln5", "y5", 1e-5f, "s5", "scale5"));
        g.addNode(node("Add", "add_kept", "sk", "x5", "q5"));
        g.addNode(layerNorm("ln_kept", "yk", 1e-5f, "sk", "scale5"));
        g.addOutput(OnnxValues.floatTensor("y", 1, ROWS, WIDE)).addOutput(OnnxValues.floatTensor("y5", ROWS, NARROW))
                .addOutput(OnnxValues.floatTensor("sk", ROWS, NARROW))
                .addOutput(OnnxValues.floatTensor("yk", ROWS, NARROW));
        Path model = OnnxValues.writeModel(dir.resolve("skip_layer_norm.onnx"), g.build(), 17);

        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_skip_layer_norm_f32_in4")).as("with bias").isNotNull();
        assertThat(symbols.lookup("hipep_skip_layer_norm_f32_in3")).as("without bias").isNotNull();
        assertThat(symbols.lookup("hipep_layer_norm_f32_in2_out1")).as("the kept pair's LayerNorm").isNotNull();
        assertThat(symbols.lookup("hipep_add_f32")).as("the kept pair's Add").isNotNull();

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    float[] x = random(rnd, ROWS * WIDE, 3.0);
                    float[] r = random(rnd, ROWS * WIDE, 3.0);
                    float[] x5 = random(rnd, ROWS * NARROW, 1.0);
                    float[] r5 = random(rnd, ROWS * NARROW, 1.0);
                    float[] q5 = random(rnd, ROWS * NARROW, 1.0);
                    Map<String, Tensor> feeds = new HashMap<>();
                    feeds.put("x", Tensor.fromArray(x, new long[] {1, ROWS, WIDE}));
                    feeds.put("r", Tensor.fromArray(r, new long[] {1, ROWS, WIDE}));
                    feeds.put("x5", Tensor.fromArray(x5, new long[] {ROWS, NARROW}));
                    feeds.put("r5", Tensor.fromArray(r5, new long[] {ROWS, NARROW}));
                    feeds.put("q5", Tensor.fromArray(q5, new long[] {ROWS, NARROW}));
                    String at = " at " + threads + " thread(s)";
                    try (Result res = s.run(feeds)) {
                        check("y" + at, res.get("y").toFloatArray(), reference(x, r, scale, bias, WIDE, 1e-12));
                        check("y5" + at, res.get("y5").toFloatArray(), reference(x5, r5, scale5, null, NARROW, 1e-5));
                        check("yk" + at, res.get("yk").toFloatArray(), reference(x5, q5, scale5, null, NARROW, 1e-5));
                        float[] sk = res.get("sk").toFloatArray();
                        for (int i = 0; i < sk.length; i++) {
                            assertThat(sk[i]).as("sk[%d]%s", i, at).isEqualTo(x5[i] + q5[i]);
                        }
                    } finally {
                        feeds.values().forEach(Tensor::close);
                    }
                }
            }
        }
    }

    private static NodeProto layerNorm(String name, String out, float epsilon, String... in) {
        return node("LayerNormalization", name, out, in).toBuilder().addAttribute(AttributeProto.newBuilder()
                .setName("epsilon").setType(AttributeProto.AttributeType.FLOAT).setF(epsilon)).build();
    }

    /**
     * LayerNorm over rows of n of x, or of the float sums x + r (as the Add kernel rounds them) when
     * r is not null, in float64; bias may be null.
     */
    static double[] reference(float[] x, float[] r, float[] scale, float[] bias, int n, double eps) {
        double[] y = new double[x.length];
        for (int row = 0; row < x.length / n; row++) {
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += value(x, r, row * n + i);
            }
            mean /= n;
            double var = 0;
            for (int i = 0; i < n; i++) {
                double d = value(x, r, row * n + i) - mean;
                var += d * d;
            }
            double inv = 1 / Math.sqrt(var / n + eps);
            for (int i = 0; i < n; i++) {
                double v = (value(x, r, row * n + i) - mean) * inv * scale[i];
                y[row * n + i] = bias == null ? v : v + bias[i];
            }
        }
        return y;
    }

    private static float value(float[] x, float[] r, int i) {
        return r == null ? x[i] : x[i] + r[i];
    }
}
