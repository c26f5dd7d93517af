package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The float products split over the runtime's threads (kernels_linalg.c la_blas_gemm: one block
 * per thread along the larger operand's dimension -- column blocks for wide results, row blocks for
 * tall ones -- a 2-D grid of blocks when that dimension is too short for the threads, one call
 * below the split threshold; batches in parallel or one after the other) give the plain product at
 * 1, 2 and 4 threads: sizes above the split threshold that are and are not multiples of the block
 * size, 2-D grids in both orientations, transposed operands, alpha/beta with a bias, broadcast
 * batches, and Einsum's batched path; products of at most LA_TINY_MACS multiply-adds in a loop of
 * the runtime's own (la_tiny_sgemm) with the same alpha / beta. The reference is a float64 triple
 * loop in this test.
 *
 * <p>Products whose B is a constant (an initializer) go through oneDNN's matmul with B packed once
 * (kernels_dnnl_matmul.c): 2-D and batched A, Gemm's transposes, alpha/beta and C as a bias row
 * ([N], [1, N]) or added before the product ([M, N], [M, 1], [1], beta != 1), odd sizes, at 1 and
 * 2 threads -- pinned there with {@link HipSession#libraryRuns()}; products below LA_BLAS_MIN_MACS,
 * B given as a graph input, f64 and integer products must not go there.
 */
class GemmThreadsTest {
    @TempDir
    static Path cache;
    static HipEnvironment env;

    @BeforeAll
    static void open() {
        env = HipEnvironment.create();
    }

    @AfterAll
    static void close() {
        env.close();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void wideAndTallMatMulsSplitByColumnsOrRows(int threads) {
        matmul(threads, new long[] {100, 300}, new long[] {300, 520}); // N >= M: column blocks, ragged last
        matmul(threads, new long[] {333, 200}, new long[] {200, 90}); // M > N: row blocks
        matmul(threads, new long[] {2, 150, 100}, new long[] {100, 200}); // batch folded into M
        matmul(threads, new long[] {96, 160}, new long[] {160, 512}); // column blocks that divide N exactly
        matmul(threads, new long[] {60, 70}, new long[] {70, 80}); // below the split threshold: one call
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void shortDimensionsSplitInTwoDimensions(int threads) {
        // at 4 threads the larger dimension holds only 2 blocks of 64: the other one is cut too
        matmul(threads, new long[] {130, 150}, new long[] {150, 140}); // N >= M: 2 x 2 grid, ragged edges
        matmul(threads, new long[] {141, 150}, new long[] {150, 131}); // M > N: 2 x 2 grid, ragged edges
        gemm(threads, 130, 140, 150, true, true, 0.75f, 0.5f); // the grid on transposed A and B
        gemm(threads, 141, 131, 150, true, false, 1f, 1f); // row-major grid, A transposed
        gemm(threads, 129, 257, 120, false, true, 1f, 0f); // 4 threads: column blocks of 80 and a 17-column edge, B transposed
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void batchedMatMulsInParallelOrEachSplit(int threads) throws IOException {
        // Where oneDNN has its brgemm matmul (AVX-512), batches that step evenly through memory go
        // to it as one product (BatchedMatMulTest); the OpenBLAS paths named below then run in the
        // onednn-avx2 execution of this test (host/pom.xml).
        boolean onednn = BatchedMatMulTest.oneDnnBatchesProducts();
        matmul(threads, new long[] {6, 70, 130}, new long[] {6, 130, 150}, onednn); // many batches: parallel
        matmul(threads, new long[] {3, 1, 200, 64}, new long[] {4, 64, 300}, false); // broadcast batches
        matmul(threads, new long[] {2, 150, 100}, new long[] {2, 100, 200}, onednn); // two batches: each split
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void gemmWithTransposesAlphaBetaAndBias(int threads) {
        gemm(threads, 210, 170, 180, true, true, 0.5f, 2f); // rows split, A and B transposed
        gemm(threads, 64, 600, 100, true, true, 1.5f, -1f); // columns split, B transposed
        gemm(threads, 300, 260, 96, false, false, 1f, 1f);
        // at most LA_TINY_MACS (8192) multiply-adds: the runtime's own loop, 37 columns as two vectors
        // and a masked five, A transposed or not; B transposed stays with OpenBLAS
        gemm(threads, 5, 37, 40, true, false, 0.5f, 2f);
        gemm(threads, 3, 21, 64, false, false, -1.5f, 0.25f);
        gemm(threads, 4, 19, 50, false, true, 1f, 1f);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void batchedEinsum(int threads) {
        long[] a = {5, 128, 96};
        long[] b = {5, 96, 130};
        float[] x = data(a, 1);
        float[] w = data(b, 2);
        GraphProto.Builder g = GraphProto.newBuilder().setName("einsum");
        g.addInput(value("a", a)).addInput(value("b", b)).addOutput(value("y", 5, 128, 130));
        g.addNode(NodeProto.newBuilder().setOpType("Einsum").addInput("a").addInput("b").addOutput("y")
                .addAttribute(OnnxValues.string("equation", "bij,bjk->bik")));
        check(threads, g, Map.of("a", Tensor.fromArray(x, a), "b", Tensor.fromArray(w, b)), matmulRef(x, a, w, b));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void constantWeightMatMulsGoThroughOneDnn(int threads) {
        constMatMul(threads, new long[] {128, 768}, new long[] {768, 300}); // BERT-like, packed B
        constMatMul(threads, new long[] {1, 100, 96}, new long[] {96, 520}); // batch of one folded into M
        constMatMul(threads, new long[] {3, 37, 70}, new long[] {70, 171}); // batch of three folded into M
        constMatMul(threads, new long[] {2, 3, 500, 700}, new long[] {700, 1}); // one output column
        constMatMul(threads, new long[] {1, 1024}, new long[] {1024, 1100}); // one row
        // below LA_BLAS_MIN_MACS (1 << 20 multiply-adds): OpenBLAS (asserted)
        constMatMul(threads, new long[] {7, 13}, new long[] {13, 17});
        constMatMul(threads, new long[] {1, 100}, new long[] {100, 32}); // keras-mlp-tract's first layer
        constMatMul(threads, new long[] {3, 37, 70}, new long[] {70, 131}); // just below
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void constantWeightGemmsGoThroughOneDnn(int threads) {
        constGemm(threads, 130, 250, 96, false, true, 1f, 1f, new long[] {250}); // transB, C as the bias
        constGemm(threads, 33, 700, 129, false, false, 1f, 1f, new long[] {1, 700}); // C [1, N] as the bias
        constGemm(threads, 64, 190, 150, true, true, 1f, 1f, new long[] {64, 190}); // C [M, N]: added first
        constGemm(threads, 61, 147, 180, false, true, 0.5f, 2f, new long[] {147}); // alpha, beta: sum post-op
        constGemm(threads, 61, 147, 180, true, false, -1.5f, 1f, new long[] {1}); // scalar C
        constGemm(threads, 161, 147, 180, true, true, 1f, 1f, new long[] {161, 1}); // column C
        constGemm(threads, 61, 147, 180, false, true, 2f, 0f, null); // no C, alpha only
        constGemm(threads, 1, 10, 256, false, false, 1f, 1f, new long[] {1, 10}); // mnist-8's Gemm: OpenBLAS
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void productsThatStayOffOneDnn(int threads) {
        matmul(threads, new long[] {100, 300}, new long[] {300, 520}); // B a graph input (check asserts 0 runs)
        gemm(threads, 64, 600, 100, true, true, 1.5f, -1f);
        // f64 and int64 MatMuls with a constant B: OpenBLAS's dgemm / own loops
        int m = 40;
        int k = 70;
        int n = 90;
        double[] x = new double[m * k];
        double[] w = new double[k * n];
        long[] xi = new long[m * k];
        long[] wi = new long[k * n];
        float[] xf = data(new long[] {m, k}, 11);
        float[] wf = data(new long[] {k, n}, 12);
        TensorProto.Builder wd = TensorProto.newBuilder().setName("b").addDims(k).addDims(n)
                .setDataType(TensorProto.DataType.DOUBLE_VALUE);
        TensorProto.Builder wl = TensorProto.newBuilder().setName("b").addDims(k).addDims(n)
                .setDataType(TensorProto.DataType.INT64_VALUE);
        for (int i = 0; i < x.length; i++) {
            x[i] = xf[i];
            xi[i] = Math.round(xf[i] * 10);
        }
        for (int i = 0; i < w.length; i++) {
            w[i] = wf[i];
            wi[i] = Math.round(wf[i] * 10);
            wd.addDoubleData(w[i]);
            wl.addInt64Data(wi[i]);
        }
        for (boolean ints : new boolean[] {false, true}) {
            int type = ints ? TensorProto.DataType.INT64_VALUE : TensorProto.DataType.DOUBLE_VALUE;
            GraphProto.Builder g = GraphProto.newBuilder().setName(ints ? "matmul_i64" : "matmul_f64");
            g.addInput(OnnxValues.tensor("a", type, (long) m, (long) k)).addInitializer(ints ? wl : wd)
                    .addOutput(OnnxValues.tensor("y", type, (long) m, (long) n));
            g.addNode(NodeProto.newBuilder().setOpType("MatMul").addInput("a").addInput("b").addOutput("y"));
            try (HipSession s = env.createSession(model(g), new SessionOptions().setThreads(threads).setCacheDir(cache));
                    Tensor in = ints ? Tensor.fromArray(xi, m, k) : Tensor.fromArray(x, m, k);
                    Result r = s.run(new HashMap<>(Map.of("a", in)))) {
                double[] y = ints ? Arrays.stream(r.get(0).toLongArray()).mapToDouble(v -> v).toArray() : r.get(0).toDoubleArray();
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < n; j++) {
                        double ref = 0;
                        for (int q = 0; q < k; q++) {
                            ref += ints ? (double) xi[i * k + q] * wi[q * n + j] : x[i * k + q] * w[q * n + j];
                        }
                        assertThat(y[i * n + j]).as("%s at %d threads [%d, %d]", g.getName(), threads, i, j)
                                .isCloseTo(ref, org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(ref))));
                    }
                }
                assertThat(s.libraryRuns().oneDnnMatMuls()).as(g.getName() + " through oneDNN").isZero();
            }
        }
    }

    /** MatMul with B an initializer: the oneDNN path from LA_BLAS_MIN_MACS multiply-adds on, else OpenBLAS (asserted). */
    private static void constMatMul(int threads, long[] a, long[] b) {
        float[] x = data(a, a.length * 7 + (int) a[a.length - 1]);
        float[] w = data(b, b.length * 5 + (int) b[b.length - 1]);
        GraphProto.Builder g = GraphProto.newBuilder().setName("matmul_const_b");
        g.addInput(value("a", a)).addInitializer(OnnxValues.floatData("b", w, b))
                .addOutput(value("y", resultShape(a, b)));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").addInput("a").addInput("b").addOutput("y"));
        long macs = Arrays.stream(a).reduce(1, (p, q) -> p * q) * b[1];
        check(threads, g, Map.of("a", Tensor.fromArray(x, a)), matmulRef(x, a, w, b), macs >= 1 << 20);
    }

    /** Gemm with B an initializer and C (shape cs, null: none) a graph input: oneDNN as constMatMul (asserted). */
    private static void constGemm(int threads, int m, int n, int k, boolean ta, boolean tb, float alpha, float beta,
            long[] cs) {
        long[] as = ta ? new long[] {k, m} : new long[] {m, k};
        long[] bs = tb ? new long[] {n, k} : new long[] {k, n};
        float[] a = data(as, m + 5);
        float[] b = data(bs, n + 6);
        float[] c = cs == null ? new float[0] : data(cs, k + 7);
        double[] ref = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int q = 0; q < k; q++) {
                    s += (double) (ta ? a[q * m + i] : a[i * k + q]) * (tb ? b[j * k + q] : b[q * n + j]);
                }
                double cv = cs == null ? 0 : c[(cs.length == 2 && cs[0] != 1 ? i * (int) cs[1] : 0) + (cs[cs.length - 1] == 1 ? 0 : j)];
                ref[i * n + j] = alpha * s + beta * cv;
            }
        }
        GraphProto.Builder g = GraphProto.newBuilder().setName("gemm_const_b");
        g.addInput(value("a", as)).addInitializer(OnnxValues.floatData("b", b, bs)).addOutput(value("y", m, n));
        NodeProto.Builder node = NodeProto.newBuilder().setOpType("Gemm").addInput("a").addInput("b").addOutput("y")
                .addAttribute(intAttr("transA", ta ? 1 : 0)).addAttribute(intAttr("transB", tb ? 1 : 0))
                .addAttribute(floatAttr("alpha", alpha)).addAttribute(floatAttr("beta", beta));
        Map<String, Tensor> feeds = new HashMap<>();
        feeds.put("a", Tensor.fromArray(a, as));
        if (cs != null) {
            g.addInput(value("c", cs));
            node.addInput("c");
            feeds.put("c", Tensor.fromArray(c, cs));
        }
        g.addNode(node);
        check(threads, g, feeds, ref, (long) m * n * k >= 1 << 20);
    }

    private static void matmul(int threads, long[] a, long[] b) {
        matmul(threads, a, b, false);
    }

    private static void matmul(int threads, long[] a, long[] b, boolean oneDnn) {
        float[] x = data(a, a.length * 7 + (int) a[a.length - 1]);
        float[] w = data(b, b.length * 5 + (int) b[b.length - 1]);
        GraphProto.Builder g = GraphProto.newBuilder().setName("matmul");
        g.addInput(value("a", a)).addInput(value("b", b)).addOutput(value("y", resultShape(a, b)));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").addInput("a").addInput("b").addOutput("y"));
        check(threads, g, Map.of("a", Tensor.fromArray(x, a), "b", Tensor.fromArray(w, b)), matmulRef(x, a, w, b),
                oneDnn);
    }

    private static void gemm(int threads, int m, int n, int k, boolean ta, boolean tb, float alpha, float beta) {
        long[] as = ta ? new long[] {k, m} : new long[] {m, k};
        long[] bs = tb ? new long[] {n, k} : new long[] {k, n};
        float[] a = data(as, m + 1);
        float[] b = data(bs, n + 2);
        float[] c = data(new long[] {n}, k + 3);
        double[] ref = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int q = 0; q < k; q++) {
                    s += (double) (ta ? a[q * m + i] : a[i * k + q]) * (tb ? b[j * k + q] : b[q * n + j]);
                }
                ref[i * n + j] = alpha * s + beta * (double) c[j];
            }
        }
        GraphProto.Builder g = GraphProto.newBuilder().setName("gemm");
        g.addInput(value("a", as)).addInput(value("b", bs)).addInput(value("c", n)).addOutput(value("y", m, n));
        g.addNode(NodeProto.newBuilder().setOpType("Gemm").addInput("a").addInput("b").addInput("c").addOutput("y")
                .addAttribute(intAttr("transA", ta ? 1 : 0)).addAttribute(intAttr("transB", tb ? 1 : 0))
                .addAttribute(floatAttr("alpha", alpha)).addAttribute(floatAttr("beta", beta)));
        check(threads, g, Map.of("a", Tensor.fromArray(a, as), "b", Tensor.fromArray(b, bs), "c",
                Tensor.fromArray(c, n)), ref);
    }

    private static void check(int threads, GraphProto.Builder g, Map<String, Tensor> feeds, double[] ref) {
        check(threads, g, feeds, ref, false);
    }

    private static byte[] model(GraphProto.Builder g) {
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("GemmThreadsTest")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(g).build()
                .toByteArray();
    }

    /** Runs g, compares with ref and asserts whether the product went through oneDNN (B constant) or not. */
    private static void check(int threads, GraphProto.Builder g, Map<String, Tensor> feeds, double[] ref,
            boolean oneDnn) {
        try (HipSession s = env.createSession(model(g), new SessionOptions().setThreads(threads).setCacheDir(cache));
                Result r = s.run(new HashMap<>(feeds))) {
            long runs = s.libraryRuns().oneDnnMatMuls();
            if (oneDnn ? runs <= 0 : runs != 0) {
                throw new AssertionError(g.getName() + " " + g.getInputList().stream().map(v -> v.getName()).toList()
                        + " at " + threads + " threads: " + runs + " oneDNN matmul runs, expected "
                        + (oneDnn ? "some" : "none"));
            }
            float[] y = r.get(0).toFloatArray();
            assertThat(y).hasSize(ref.length);
            for (int i = 0; i < y.length; i++) {
                double tol = 1e-4 * (1 + Math.abs(ref[i]));
                if (!(Math.abs(y[i] - ref[i]) <= tol)) {
                    throw new AssertionError(g.getName() + " " + g.getInputList() + " at " + threads + " threads: element "
                            + i + " is " + y[i] + ", expected " + ref[i]);
                }
            }
        } finally {
            feeds.values().forEach(Tensor::close);
        }
    }

    /** numpy matmul of rank >= 2 operands, batch dimensions broadcast. */
    private static double[] matmulRef(float[] a, long[] as, float[] b, long[] bs) {
        long[] ys = resultShape(as, bs);
        int r = ys.length;
        int m = (int) as[as.length - 2];
        int k = (int) as[as.length - 1];
        int n = (int) bs[bs.length - 1];
        int batches = (int) (Arrays.stream(ys).reduce(1, (p, q) -> p * q) / ((long) m * n));
        double[] y = new double[batches * m * n];
        int[] idx = new int[r - 2];
        for (int bi = 0; bi < batches; bi++) {
            int rem = bi;
            for (int d = r - 3; d >= 0; d--) {
                idx[d] = (int) (rem % ys[d]);
                rem /= (int) ys[d];
            }
            int offA = batchOffset(idx, as) * m * k;
            int offB = batchOffset(idx, bs) * k * n;
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double s = 0;
                    for (int q = 0; q < k; q++) {
                        s += (double) a[offA + i * k + q] * b[offB + q * n + j];
                    }
                    y[(bi * m + i) * n + j] = s;
                }
            }
        }
        return y;
    }

    /** The matrix index in an operand of shape s for the result batch index idx (right-aligned, size 1 broadcast). */
    private static int batchOffset(int[] idx, long[] s) {
        int nb = s.length - 2;
        int off = 0;
        for (int d = 0; d < nb; d++) {
            int id = idx[idx.length - nb + d];
            off = off * (int) s[d] + (s[d] == 1 ? 0 : id);
        }
        return off;
    }

    private static long[] resultShape(long[] a, long[] b) {
        int nb = Math.max(a.length, b.length) - 2;
        long[] y = new long[nb + 2];
        for (int d = 0; d < nb; d++) {
            int da = d - (nb - (a.length - 2));
            int db = d - (nb - (b.length - 2));
            long sa = da >= 0 ? a[da] : 1;
            long sb = db >= 0 ? b[db] : 1;
            y[d] = Math.max(sa, sb);
        }
        y[nb] = a[a.length - 2];
        y[nb + 1] = b[b.length - 1];
        return y;
    }

    private static float[] data(long[] shape, int seed) {
        Random rnd = new Random(seed);
        float[] v = new float[(int) Arrays.stream(shape).reduce(1, (p, q) -> p * q)];
        for (int i = 0; i < v.length; i++) {
            v[i] = rnd.nextFloat() * 2 - 1;
        }
        return v;
    }

    private static ValueInfoProto value(String name, long... dims) {
        return OnnxValues.floatTensor(name, dims);
    }

    private static AttributeProto intAttr(String name, long v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(v).build();
    }

    private static AttributeProto floatAttr(String name, float v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.FLOAT).setF(v).build();
    }
}
