package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.random;
import static org.hipep.host.testing.OnnxValues.node;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
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
 * Attention's head split runs on views ({@code hip-reshape-transpose-views}): the Q, K and V
 * projections' Reshapes to {@code [1, S, H, D]} read the projections in place, and the Transposes
 * to {@code [1, H, S, D]} / {@code [1, H, D, S]} become strided operands of the score and context
 * products; the context product writes the merged heads' {@code [1, S, H, D]} layout directly (the
 * Transpose back goes), which the Reshape to {@code [1, S, H*D]} and the output projection read in
 * place. The compiled module calls no reshape or transpose kernel, and every output matches a
 * float64 reference computed here, at one and two threads, for three sizes, one on each path of
 * the batched product: oneDNN's matmul over all heads (strided A, B and Y), OpenBLAS one head at a
 * time, and the small products' own loop (both into a dense scratch copied through the view).
 */
class ReshapeTransposeViewsTest {
    /** Sequence length, heads and head size of one attention block. */
    private record Block(String name, int s, int h, int d) {
        int e() {
            return h * d;
        }
    }

    private static final Block[] BLOCKS = {new Block("onednn", 128, 4, 32), new Block("blas", 32, 2, 16),
        new Block("small", 8, 2, 4)};

    @TempDir
    Path dir;

    @Test
    void headSplitReadsTheProjectionsInPlace() throws Exception {
        Random rnd = new Random(17);
        Map<String, float[]> values = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("attention_views");
        for (Block b : BLOCKS) {
            addBlock(g, b, rnd, values);
        }
        Path model = OnnxValues.writeModel(dir.resolve("attention_views.onnx"), g.build(), 17);
        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_reshape_f32")).as("a reshape kernel left").isNull();
        assertThat(symbols.lookup("hipep_transpose_f32")).as("a transpose kernel left").isNull();

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    for (int run = 1; run <= 2; run++) {
                        Map<String, Tensor> feeds = new HashMap<>();
                        Map<String, float[]> inputs = new HashMap<>();
                        try {
                            for (Block b : BLOCKS) {
                                float[] x = random(rnd, b.s() * b.e(), 1.0);
                                inputs.put(b.name(), x);
                                feeds.put(b.name() + "_x", Tensor.fromArray(x, new long[] {1, b.s(), b.e()}));
                            }
                            try (Result r = s.run(feeds)) {
                                for (Block b : BLOCKS) {
                                    String where = b.name() + " at " + threads + " thread(s), run " + run;
                                    double[][] want = reference(b, inputs.get(b.name()), values);
                                    check("scores of " + where, r.get(b.name() + "_scores").toFloatArray(), want[0]);
                                    check("context of " + where, r.get(b.name() + "_context").toFloatArray(),
                                            want[1]);
                                }
                            }
                        } finally {
                            feeds.values().forEach(Tensor::close);
                        }
                    }
                }
            }
        }
    }

    /**
     * One block: x [1, S, E] times constant Wq, Wk, Wv [E, E]; each reshaped to [1, S, H, D], Q and
     * V transposed to [1, H, S, D], K to [1, H, D, S]; scores Q K^T [1, H, S, S] (an output); the
     * context scores V transposed back, reshaped to [1, S, E] and times constant Wo (an output).
     */
    private static void addBlock(GraphProto.Builder g, Block b, Random rnd, Map<String, float[]> values) {
        String p = b.name() + "_";
        g.addInput(OnnxValues.floatTensor(p + "x", 1, b.s(), b.e()));
        g.addInitializer(TensorProto.newBuilder().setName(p + "split").setDataType(TensorProto.DataType.INT64_VALUE)
                .addDims(4).addInt64Data(0).addInt64Data(0).addInt64Data(b.h()).addInt64Data(b.d()));
        g.addInitializer(TensorProto.newBuilder().setName(p + "merge").setDataType(TensorProto.DataType.INT64_VALUE)
                .addDims(3).addInt64Data(0).addInt64Data(0).addInt64Data(b.e()));
        for (String w : new String[] {"q", "k", "v"}) {
            float[] wv = random(rnd, b.e() * b.e(), 1.0 / Math.sqrt(b.e()));
            values.put(p + w, wv);
            g.addInitializer(OnnxValues.floatData(p + "w" + w, wv, b.e(), b.e()));
            g.addNode(node("MatMul", p + w + "_proj", p + w, p + "x", p + "w" + w));
            g.addNode(node("Reshape", p + w + "_split", p + w + "4", p + w, p + "split"));
            long[] perm = w.equals("k") ? new long[] {0, 2, 3, 1} : new long[] {0, 2, 1, 3};
            g.addNode(node("Transpose", p + w + "_heads", p + w + "h", p + w + "4").toBuilder()
                    .addAttribute(OnnxValues.ints("perm", perm)).build());
        }
        g.addNode(node("MatMul", p + "scores", p + "scores", p + "qh", p + "kh"));
        g.addNode(node("MatMul", p + "ctx", p + "ctxh", p + "scores", p + "vh"));
        g.addNode(node("Transpose", p + "unheads", p + "ctx4", p + "ctxh").toBuilder()
                .addAttribute(OnnxValues.ints("perm", 0, 2, 1, 3)).build());
        g.addNode(node("Reshape", p + "merge", p + "merged", p + "ctx4", p + "merge"));
        float[] wo = random(rnd, b.e() * b.e(), 1.0 / Math.sqrt(b.e()));
        values.put(p + "o", wo);
        g.addInitializer(OnnxValues.floatData(p + "wo", wo, b.e(), b.e()));
        g.addNode(node("MatMul", p + "out_proj", p + "context", p + "merged", p + "wo"));
        g.addOutput(OnnxValues.floatTensor(p + "scores", 1, b.h(), b.s(), b.s()));
        g.addOutput(OnnxValues.floatTensor(p + "context", 1, b.s(), b.e()));
    }

    /** The block's scores [H, S, S] and context [S, E] (times Wo) in float64, indexing heads as the model does. */
    private static double[][] reference(Block b, float[] x, Map<String, float[]> values) {
        int s = b.s();
        int e = b.e();
        int d = b.d();
        double[] xd = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            xd[i] = x[i];
        }
        double[][] proj = new double[3][];
        String[] names = {"q", "k", "v"};
        for (int w = 0; w < 3; w++) {
            proj[w] = times(xd, values.get(b.name() + "_" + names[w]), s, e);
        }
        // head h of a projection: element (i, c) is proj[i * E + h * D + c]
        double[] scores = new double[b.h() * s * s];
        double[] context = new double[s * e];
        for (int h = 0; h < b.h(); h++) {
            for (int i = 0; i < s; i++) {
                for (int j = 0; j < s; j++) {
                    double acc = 0;
                    for (int c = 0; c < d; c++) {
                        acc += proj[0][i * e + h * d + c] * proj[1][j * e + h * d + c];
                    }
                    scores[(h * s + i) * s + j] = acc;
                }
            }
            for (int i = 0; i < s; i++) {
                for (int c = 0; c < d; c++) {
                    double acc = 0;
                    for (int j = 0; j < s; j++) {
                        acc += scores[(h * s + i) * s + j] * proj[2][j * e + h * d + c];
                    }
                    context[i * e + h * d + c] = acc;
                }
            }
        }
        return new double[][] {scores, times(context, values.get(b.name() + "_o"), s, e)};
    }

    /**
     * got against want within 1e-5 of want's largest magnitude: products of sums of up to 128
     * terms cancel to values far below their terms, so a relative bound per element would measure
     * float rounding; a wrong stride or head moves values by their own size.
     */
    private static void check(String what, float[] got, double[] want) {
        assertThat(got).as(what).hasSize(want.length);
        double max = 0;
        for (double w : want) {
            max = Math.max(max, Math.abs(w));
        }
        for (int i = 0; i < want.length; i++) {
            if (!(Math.abs(got[i] - want[i]) <= 1e-5 * max)) {
                throw new AssertionError(what + ": y[" + i + "] = " + got[i] + ", expected " + want[i]
                        + " (largest |y| " + max + ")");
            }
        }
    }

    /** x [rows, e] times w [e, e]. */
    private static double[] times(double[] x, float[] w, int rows, int e) {
        double[] y = new double[rows * e];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < e; j++) {
                double acc = 0;
                for (int k = 0; k < e; k++) {
                    acc += x[i * e + k] * w[k * e + j];
                }
                y[i * e + j] = acc;
            }
        }
        return y;
    }
}
