package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
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
 * An f32 MatMul followed by the Add of a 1-D bias row ([N], on either side of the Add) fuses into
 * the product ({@code HipEpilogueFusion.MatMulBias}, {@code hipep_matmul_f32_in3}): the compiled
 * module calls the _in3 kernel and no Add, and every output is the product plus the bias (a
 * float64 reference here, within 1e-4 relative), at one and two threads, on each path of the
 * kernel: B an initializer with enough work for oneDNN (the bias is oneDNN's, counted), a small
 * product (OpenBLAS, the bias added after it), B a graph input (batched, not folded), the bias a
 * graph input, NaN and infinity in the bias. A [1, N] addend is not fused and still right.
 */
class MatMulBiasFusionTest {
    /** A [batch..., m, k] times B [k, n] (or [batch, k, n]); bias [n] (an initializer when constBias). */
    private record Case(String name, long[] a, long[] b, boolean constB, boolean constBias, boolean biasFirst) {
        int n() {
            return (int) b[b.length - 1];
        }
    }

    private static final Case[] CASES = {
        new Case("onednn", new long[] {1, 128, 96}, new long[] {96, 112}, true, true, false),
        new Case("small", new long[] {5, 7}, new long[] {7, 9}, true, true, true),
        new Case("input_b", new long[] {2, 33, 40}, new long[] {2, 40, 24}, false, true, false),
        new Case("input_bias", new long[] {3, 70, 64}, new long[] {64, 80}, true, false, true)};

    @TempDir
    Path dir;

    @Test
    void biasRowsFuseIntoTheProductAndAreAdded() throws Exception {
        Random rnd = new Random(3);
        Map<String, float[]> values = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("matmul_bias");
        for (Case c : CASES) {
            String p = c.name() + "_";
            values.put(p + "a", random(rnd, count(c.a())));
            values.put(p + "b", random(rnd, count(c.b())));
            float[] bias = random(rnd, c.n());
            if (!c.constBias()) {
                bias[1] = Float.NaN;
                bias[2] = Float.NEGATIVE_INFINITY;
            }
            values.put(p + "bias", bias);
            g.addInput(OnnxValues.floatTensor(p + "a", c.a()));
            if (c.constB()) {
                g.addInitializer(OnnxValues.floatData(p + "b", values.get(p + "b"), c.b()));
            } else {
                g.addInput(OnnxValues.floatTensor(p + "b", c.b()));
            }
            if (c.constBias()) {
                g.addInitializer(OnnxValues.floatData(p + "bias", bias, c.n()));
            } else {
                g.addInput(OnnxValues.floatTensor(p + "bias", c.n()));
            }
            g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName(p + "mm").addInput(p + "a").addInput(p + "b")
                    .addOutput(p + "p"));
            NodeProto.Builder add = NodeProto.newBuilder().setOpType("Add").setName(p + "add").addOutput(p + "y");
            if (c.biasFirst()) {
                add.addInput(p + "bias").addInput(p + "p");
            } else {
                add.addInput(p + "p").addInput(p + "bias");
            }
            g.addNode(add);
            g.addOutput(OnnxValues.floatTensor(p + "y", shape(c)));
        }
        // not fused: a [1, N] addend
        float[] ra = random(rnd, 6 * 10);
        float[] rb = random(rnd, 10 * 4);
        float[] rc = random(rnd, 4);
        g.addInput(OnnxValues.floatTensor("row_a", 6, 10)).addInitializer(OnnxValues.floatData("row_b", rb, 10, 4))
                .addInitializer(OnnxValues.floatData("row_c", rc, 1, 4));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName("row_mm").addInput("row_a").addInput("row_b")
                .addOutput("row_p"));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("row_add").addInput("row_p").addInput("row_c")
                .addOutput("row_y"));
        g.addOutput(OnnxValues.floatTensor("row_y", 6, 4));
        Path model = OnnxValues.writeModel(dir.resolve("matmul_bias.onnx"), g.build(), 13);

        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_matmul_f32_in3")).isNotNull();
        assertThat(symbols.lookup("hipep_matmul_f32_in2")).as("the [1, N] case's product").isNotNull();
        assertThat(symbols.lookup("hipep_add_f32")).as("the [1, N] case's Add").isNotNull();

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                Map<String, Tensor> feeds = new HashMap<>();
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    for (Case c : CASES) {
                        String p = c.name() + "_";
                        feeds.put(p + "a", Tensor.fromArray(values.get(p + "a"), c.a()));
                        if (!c.constB()) {
                            feeds.put(p + "b", Tensor.fromArray(values.get(p + "b"), c.b()));
                        }
                        if (!c.constBias()) {
                            feeds.put(p + "bias", Tensor.fromArray(values.get(p + "bias"), c.n()));
                        }
                    }
                    feeds.put("row_a", Tensor.fromArray(ra, 6, 10));
                    try (Result r = s.run(feeds)) {
                        for (Case c : CASES) {
                            String p = c.name() + "_";
                            check(c.name() + " @" + threads, r.get(p + "y").toFloatArray(),
                                    product(values.get(p + "a"), c.a(), values.get(p + "b"), c.b(),
                                            values.get(p + "bias")));
                        }
                        check("row @" + threads, r.get("row_y").toFloatArray(),
                                product(ra, new long[] {6, 10}, rb, new long[] {10, 4}, rc));
                    }
                    // onednn and input_bias: B constant and over LA_BLAS_MIN_MACS multiply-adds
                    assertThat(s.libraryRuns().oneDnnMatMuls()).as("oneDNN matmuls @%d", threads).isEqualTo(2);
                } finally {
                    feeds.values().forEach(Tensor::close);
                }
            }
        }
    }

    private static long[] shape(Case c) {
        long[] y = c.a().clone();
        y[y.length - 1] = c.n();
        return y;
    }

    /**
     * A B (+ bias when not null) in float64, shared with the other product tests: B is [k, n] for
     * every batch of A, [batch..., k, n] with A's batches, or broadcast over A's leading batch
     * dimensions (batch i of A uses B's batch i mod B's batch count).
     */
    static double[] product(float[] a, long[] as, float[] b, long[] bs, float[] bias) {
        int k = (int) as[as.length - 1];
        int m = as.length >= 2 ? (int) as[as.length - 2] : 1;
        int n = (int) bs[bs.length - 1];
        int batches = a.length / (m * k);
        int bBatches = b.length / (k * n);
        double[] y = new double[batches * m * n];
        for (int bi = 0; bi < batches; bi++) {
            int offB = (bi % bBatches) * k * n;
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double s = 0;
                    for (int q = 0; q < k; q++) {
                        s += (double) a[(bi * m + i) * k + q] * b[offB + q * n + j];
                    }
                    y[(bi * m + i) * n + j] = s + (bias == null ? 0 : bias[j]);
                }
            }
        }
        return y;
    }

    /** got against want: NaN and infinities exactly, the rest within 1e-4 relative (1e-4 absolute near 0). */
    static void check(String what, float[] got, double[] want) {
        assertThat(got).as(what).hasSize(want.length);
        for (int i = 0; i < want.length; i++) {
            boolean ok = Double.isNaN(want[i]) ? Float.isNaN(got[i])
                    : Double.isInfinite(want[i]) ? got[i] == want[i]
                    : Math.abs(got[i] - want[i]) <= 1e-4 * (1 + Math.abs(want[i]));
            if (!ok) {
                throw new AssertionError(what + ": y[" + i + "] = " + got[i] + ", expected " + want[i]);
            }
        }
    }

    static int count(long[] shape) {
        int n = 1;
        for (long d : shape) {
            n *= (int) d;
        }
        return n;
    }

    private static float[] random(Random rnd, int n) {
        return random(rnd, n, 0.5);
    }

    /** n Gaussian floats of standard deviation sd. */
    static float[] random(Random rnd, int n, double sd) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (rnd.nextGaussian() * sd);
        }
        return v;
    }
}
