package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

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
 * batches, and Einsum's batched path. The reference is a float64 triple loop in this test.
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
    void batchedMatMulsInParallelOrEachSplit(int threads) {
        matmul(threads, new long[] {6, 70, 130}, new long[] {6, 130, 150}); // many batches: parallel
        matmul(threads, new long[] {3, 1, 200, 64}, new long[] {4, 64, 300}); // broadcast batches
        matmul(threads, new long[] {2, 150, 100}, new long[] {2, 100, 200}); // two batches: each split
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void gemmWithTransposesAlphaBetaAndBias(int threads) {
        gemm(threads, 210, 170, 180, true, true, 0.5f, 2f); // rows split, A and B transposed
        gemm(threads, 64, 600, 100, true, true, 1.5f, -1f); // columns split, B transposed
        gemm(threads, 300, 260, 96, false, false, 1f, 1f);
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
                .addAttribute(AttributeProto.newBuilder().setName("equation").setType(AttributeProto.AttributeType.STRING)
                        .setS(com.google.protobuf.ByteString.copyFromUtf8("bij,bjk->bik"))));
        check(threads, g, Map.of("a", Tensor.fromArray(x, a), "b", Tensor.fromArray(w, b)), matmulRef(x, a, w, b));
    }

    private static void matmul(int threads, long[] a, long[] b) {
        float[] x = data(a, a.length * 7 + (int) a[a.length - 1]);
        float[] w = data(b, b.length * 5 + (int) b[b.length - 1]);
        GraphProto.Builder g = GraphProto.newBuilder().setName("matmul");
        g.addInput(value("a", a)).addInput(value("b", b)).addOutput(value("y", resultShape(a, b)));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").addInput("a").addInput("b").addOutput("y"));
        check(threads, g, Map.of("a", Tensor.fromArray(x, a), "b", Tensor.fromArray(w, b)), matmulRef(x, a, w, b));
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
        byte[] model = ModelProto.newBuilder().setIrVersion(8).setProducerName("GemmThreadsTest")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(g).build()
                .toByteArray();
        try (HipSession s = env.createSession(model, new SessionOptions().setThreads(threads).setCacheDir(cache));
                Result r = s.run(new HashMap<>(feeds))) {
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
