package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.check;
import static org.hipep.host.session.MatMulBiasFusionTest.count;
import static org.hipep.host.session.MatMulBiasFusionTest.product;
import static org.hipep.host.session.MatMulBiasFusionTest.random;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
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
 * Batched f32 products of two graph inputs (attention's Q K^T and probabilities times V: no
 * constant operand) go through one oneDNN matmul over all batches ({@code dn_bmm_try}) when their
 * batch dimensions step evenly through memory, none is broadcast and there is enough work; the
 * others through OpenBLAS one batch at a time. Every output against a float64 reference, at one and
 * two threads: two batch dimensions (collapsed into one), a fused bias row and a fused Gelu after a
 * batched product (added by the runtime after oneDNN's product), B broadcast over a batch
 * dimension and a product below the size threshold (OpenBLAS). The oneDNN count says which went
 * there: the three eligible products on a CPU where oneDNN has its brgemm matmul (AVX-512 F, BW,
 * VL, DQ, read from {@code /proc/cpuinfo}, and no {@code ONEDNN_MAX_CPU_ISA} below it), none
 * otherwise.
 */
class BatchedMatMulTest {
    /** A [batch..., m, k] times B [batch..., k, n]; bias [n] and Gelu when set. */
    private record Case(String name, long[] a, long[] b, boolean bias, boolean gelu, boolean onednn) {
        long[] y() {
            long[] y = a.clone();
            y[y.length - 1] = b[b.length - 1];
            return y;
        }
    }

    private static final Case[] CASES = {
        new Case("heads", new long[] {2, 3, 64, 48}, new long[] {2, 3, 48, 96}, false, false, true),
        new Case("bias", new long[] {4, 72, 40}, new long[] {4, 40, 96}, true, false, true),
        new Case("gelu", new long[] {1, 6, 64, 32}, new long[] {1, 6, 32, 96}, true, true, true),
        new Case("broadcast_b", new long[] {2, 3, 64, 48}, new long[] {3, 48, 96}, false, false, false),
        new Case("small", new long[] {3, 20, 16}, new long[] {3, 16, 24}, false, false, false)};

    @TempDir
    Path dir;

    @Test
    void batchedProductsOfTwoInputsAreRight() throws Exception {
        Random rnd = new Random(21);
        Map<String, float[]> values = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("batched_matmul");
        for (Case c : CASES) {
            String p = c.name() + "_";
            values.put(p + "a", random(rnd, count(c.a()), 0.5));
            values.put(p + "b", random(rnd, count(c.b()), 0.5));
            g.addInput(OnnxValues.floatTensor(p + "a", c.a())).addInput(OnnxValues.floatTensor(p + "b", c.b()));
            g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName(p + "mm").addInput(p + "a").addInput(p + "b")
                    .addOutput(p + "p"));
            String y = p + "p";
            if (c.bias()) {
                int n = (int) c.b()[c.b().length - 1];
                values.put(p + "bias", random(rnd, n, 0.5));
                g.addInitializer(OnnxValues.floatData(p + "bias", values.get(p + "bias"), n));
                g.addNode(NodeProto.newBuilder().setOpType("Add").setName(p + "add").addInput(y).addInput(p + "bias")
                        .addOutput(p + "pb"));
                y = p + "pb";
            }
            if (c.gelu()) {
                g.addNode(NodeProto.newBuilder().setOpType("Gelu").setName(p + "gelu").addInput(y).addOutput(p + "g"));
                y = p + "g";
            }
            g.addNode(NodeProto.newBuilder().setOpType("Identity").setName(p + "out").addInput(y).addOutput(p + "y"));
            g.addOutput(OnnxValues.floatTensor(p + "y", c.y()));
        }
        Path model = OnnxValues.writeModel(dir.resolve("batched_matmul.onnx"), g.build(), 20);

        long eligible = Arrays.stream(CASES).filter(Case::onednn).count();
        boolean brgemm = oneDnnBatchesProducts();
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                Map<String, Tensor> feeds = new HashMap<>();
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    for (Case c : CASES) {
                        feeds.put(c.name() + "_a", Tensor.fromArray(values.get(c.name() + "_a"), c.a()));
                        feeds.put(c.name() + "_b", Tensor.fromArray(values.get(c.name() + "_b"), c.b()));
                    }
                    try (Result r = s.run(feeds)) {
                        for (Case c : CASES) {
                            String p = c.name() + "_";
                            check(c.name() + " @" + threads, r.get(p + "y").toFloatArray(),
                                    reference(c, values.get(p + "a"), values.get(p + "b"), values.get(p + "bias")));
                        }
                    }
                    assertThat(s.libraryRuns().oneDnnMatMuls()).as("oneDNN matmuls @%d", threads)
                            .isEqualTo(brgemm ? eligible : 0);
                } finally {
                    feeds.values().forEach(Tensor::close);
                }
            }
        }
    }

    /** A B (+ bias, then Gelu) in float64 (B shared over a leading batch dimension where it has fewer). */
    private static double[] reference(Case c, float[] a, float[] b, float[] bias) {
        double[] y = product(a, c.a(), b, c.b(), bias);
        for (int i = 0; c.gelu() && i < y.length; i++) {
            y[i] = 0.5 * y[i] * FloatMathKernelsTest.erfc(-y[i] / Math.sqrt(2));
        }
        return y;
    }

    /**
     * Whether batched products of two inputs go to oneDNN here: oneDNN on, not held below AVX-512
     * ({@code ONEDNN_MAX_CPU_ISA}), and a CPU with AVX-512 F, BW, VL and DQ (its brgemm matmul).
     */
    static boolean oneDnnBatchesProducts() throws IOException {
        return !"1".equals(System.getenv("HIPEP_NO_DNNL")) && System.getenv("ONEDNN_MAX_CPU_ISA") == null
                && cpuFlags().containsAll(List.of("avx512f", "avx512bw", "avx512vl", "avx512dq"));
    }

    private static List<String> cpuFlags() throws IOException {
        return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("flags")).findFirst()
                .map(l -> List.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+")))
                .orElseThrow(() -> new AssertionError("/proc/cpuinfo has no flags line"));
    }
}
