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
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Float products with constant weights of at most 128 rows go to the runtime's own products
 * ({@code pw_matmul_run} in kernels_dnnl_winograd.c, AVX-512 runtime only) before oneDNN: a MatMul
 * with its fused bias row, a batched A folded into 100 rows, Gemm's B read transposed with C as the
 * bias row, Gemm's C [M, N] added onto (the accumulating store), and with NaN and +infinity in A on
 * the second run. Products that stay with oneDNN: 130 rows, 48 columns (not a multiple of 32), an A
 * over 512 KB. Every output
 * against a float64 product (MatMulBiasFusionTest's reference and comparison), at one and two
 * threads, two runs per session (the packed weights made once, then reused); the path of each
 * product pinned with {@link HipSession#libraryRuns()}. On the AVX2 runtime every product here goes
 * to oneDNN.
 */
class OwnMatMulTest {
    /**
     * y = a b (b [k, n], or [n, k] with transB) + c; c null, a bias row [n] or (gemmC) a graph input
     * [m, n]; own: the AVX-512 runtime's own products take it (else oneDNN).
     */
    private record Case(String name, long[] a, int n, boolean transB, boolean bias, boolean gemmC, boolean own) {
        int k() {
            return (int) a[a.length - 1];
        }

        int rows() {
            int m = 1;
            for (int i = 0; i < a.length - 1; i++) {
                m *= (int) a[i];
            }
            return m;
        }

        long[] b() {
            return transB ? new long[] {n, k()} : new long[] {k(), n};
        }

        long[] y() {
            long[] y = a.clone();
            y[y.length - 1] = n;
            return y;
        }

        boolean gemm() {
            return transB || gemmC;
        }
    }

    private static final List<Case> CASES = List.of(
            new Case("proj", new long[] {1, 128, 128}, 96, false, true, false, true),
            new Case("folded", new long[] {2, 50, 96}, 128, false, false, false, true),
            new Case("gemm_tb", new long[] {64, 160}, 128, true, true, false, true),
            new Case("gemm_c", new long[] {120, 160}, 64, false, false, true, true),
            new Case("tall", new long[] {130, 96}, 96, false, false, false, false),
            new Case("n48", new long[] {128, 192}, 48, false, true, false, false),
            new Case("wide_a", new long[] {128, 1056}, 32, false, false, false, false));

    @TempDir
    Path dir;

    @Test
    void smallProductsWithConstantWeightsTakeTheOwnLoop() throws Exception {
        Random rnd = new Random(41);
        Map<String, float[]> w = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("own_matmul");
        for (Case c : CASES) {
            String p = c.name() + "_";
            w.put(p + "b", MatMulBiasFusionTest.random(rnd, c.k() * c.n(), 0.1));
            g.addInput(OnnxValues.floatTensor(p + "a", c.a()));
            g.addInitializer(OnnxValues.floatData(p + "b", w.get(p + "b"), c.b()));
            NodeProto.Builder node = NodeProto.newBuilder().setName(p + "op").addInput(p + "a").addInput(p + "b");
            if (c.bias()) {
                w.put(p + "c", MatMulBiasFusionTest.random(rnd, c.n(), 1.0));
                g.addInitializer(OnnxValues.floatData(p + "c", w.get(p + "c"), c.n()));
            }
            if (c.gemm()) {
                node.setOpType("Gemm").addAttribute(AttributeProto.newBuilder().setName("transB")
                        .setType(AttributeProto.AttributeType.INT).setI(c.transB() ? 1 : 0));
                if (c.gemmC()) {
                    g.addInput(OnnxValues.floatTensor(p + "c", c.rows(), c.n()));
                }
                node.addInput(p + "c").addOutput(p + "y");
                g.addNode(node);
            } else if (c.bias()) {
                g.addNode(node.setOpType("MatMul").addOutput(p + "p"));
                g.addNode(NodeProto.newBuilder().setOpType("Add").setName(p + "add").addInput(p + "p")
                        .addInput(p + "c").addOutput(p + "y"));
            } else {
                g.addNode(node.setOpType("MatMul").addOutput(p + "y"));
            }
            g.addOutput(OnnxValues.floatTensor(p + "y", c.y()));
        }
        Path model = OnnxValues.writeModel(dir.resolve("own_matmul.onnx"), g.build(), 17);
        boolean own = DnnlConvTest.avx512Runtime();
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    for (int run = 1; run <= 2; run++) {
                        String where = "@" + threads + " run " + run;
                        Map<String, float[]> in = new HashMap<>();
                        Map<String, Tensor> byName = new HashMap<>();
                        try {
                            for (Case c : CASES) {
                                String p = c.name() + "_";
                                float[] a = MatMulBiasFusionTest.random(rnd, c.rows() * c.k(), 1.0);
                                if (run == 2 && c.name().equals("proj")) {
                                    a[5 * c.k() + 3] = Float.NaN;
                                    a[9 * c.k() + 7] = Float.POSITIVE_INFINITY;
                                }
                                in.put(p + "a", a);
                                byName.put(p + "a", Tensor.fromArray(a, c.a()));
                                if (c.gemmC()) {
                                    float[] cm = MatMulBiasFusionTest.random(rnd, c.rows() * c.n(), 1.0);
                                    in.put(p + "c", cm);
                                    byName.put(p + "c", Tensor.fromArray(cm, c.rows(), c.n()));
                                }
                            }
                            try (Result r = s.run(byName)) {
                                for (Case c : CASES) {
                                    String p = c.name() + "_";
                                    MatMulBiasFusionTest.check(c.name() + " " + where, r.get(p + "y").toFloatArray(),
                                            reference(c, in.get(p + "a"), w.get(p + "b"),
                                                    c.gemmC() ? in.get(p + "c") : w.get(p + "c")));
                                }
                            }
                        } finally {
                            byName.values().forEach(Tensor::close);
                        }
                        long ownPerRun = own ? CASES.stream().filter(Case::own).count() : 0;
                        HipSession.LibraryRuns runs = s.libraryRuns();
                        assertThat(runs.ownMatMuls()).as("own products " + where).isEqualTo(ownPerRun * run);
                        assertThat(runs.oneDnnMatMuls()).as("oneDNN matmuls " + where)
                                .isEqualTo((CASES.size() - ownPerRun) * run);
                    }
                }
            }
        }
    }

    /** a b + c in float64: b as stored ([k, n], or [n, k] for transB), c null, a row [n] or [m, n]. */
    private static double[] reference(Case c, float[] a, float[] b, float[] add) {
        int m = c.rows();
        int k = c.k();
        int n = c.n();
        float[] bk = b;
        if (c.transB()) {
            bk = new float[k * n];
            for (int j = 0; j < n; j++) {
                for (int q = 0; q < k; q++) {
                    bk[q * n + j] = b[j * k + q];
                }
            }
        }
        double[] y = MatMulBiasFusionTest.product(a, new long[] {m, k}, bk, new long[] {k, n},
                c.gemmC() ? null : add);
        if (c.gemmC()) {
            for (int i = 0; i < y.length; i++) {
                y[i] += add[i];
            }
        }
        return y;
    }
}
