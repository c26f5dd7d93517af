package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
import org.hipep.host.testing.OnnxValues;
import org.hipep.host.testing.ProcSmaps;
import org.hipep.runtime.session.ConstantsPolicy;
import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Constant weights that oneDNN has packed (or Winograd transformed) are given back to the kernel
 * ({@code dn_release} in kernels_dnnl.c: MADV_DONTNEED where they are mapped from a file,
 * MADV_PAGEOUT where they were read into memory): a session does not keep them twice, and every
 * result stays right when they are read again afterwards. The model: a Winograd convolution,
 * a strided one by oneDNN (both with Relu: the clip post-op's entry is made first and, with NaN in X
 * on the second run, a second entry packs the same weights again, and Winograd computes the NaN
 * tiles as direct sums from the original weights) and a MatMul (of 128 rows: packed by the runtime's
 * own products on the AVX-512 runtime, by oneDNN elsewhere). Both constants policies
 * (the sidecar mapped from the cache entry, or read into memory), at two threads, against
 * {@link ConvTilingTest}'s plain reference and a float64 product; after the first run less than a
 * quarter of the mapped sidecar is resident (all of it was read to be packed; the biases and the
 * pages that straddle two constants stay; the second run's direct tiles page Winograd's weights
 * back in), while the whole file is still in the page cache, where the next session (of this
 * process or another) finds it without reading the disk again.
 */
class ReleasedWeightsTest {
    private static final int F32 = TensorProto.DataType.FLOAT_VALUE;
    private static final Case WINOGRAD = new Case("wino", 1, 32, 64, 1, a(24, 24), a(3, 3), a(1, 1), a(1, 1),
            a(1, 1, 1, 1), true, false).then("relu");
    private static final Case STRIDED = new Case("strided", 1, 32, 48, 1, a(24, 24), a(3, 3), a(2, 2), a(1, 1),
            a(1, 1, 1, 1), true, false).then("relu");
    private static final int M = 128, K = 256, N = 160;

    @TempDir
    Path dir;

    @Test
    void packedWeightsAreGivenBackAndStayRight() throws Exception {
        Random rnd = new Random(11);
        Map<String, double[]> w = new HashMap<>();
        for (Case cs : List.of(WINOGRAD, STRIDED)) {
            w.put(cs.name() + "_w", ConvTilingTest.random(rnd, cs.wShape(), 0.2));
            w.put(cs.name() + "_b", ConvTilingTest.random(rnd, new long[] {cs.m()}, 1.0));
        }
        w.put("mm_w", ConvTilingTest.random(rnd, new long[] {K, N}, 0.2));
        Path model = model(w);
        try (HipEnvironment env = HipEnvironment.create()) {
            for (ConstantsPolicy policy : ConstantsPolicy.values()) {
                try (HipSession s = env.createSession(model, new SessionOptions().setThreads(2)
                        .setCacheDir(dir.resolve("cache")).setConstantsPolicy(policy)
                        .setConvolutionSearch(ConvolutionSearch.HEURISTIC))) {
                    for (int run = 1; run <= 2; run++) {
                        double[] x = ConvTilingTest.random(rnd, WINOGRAD.xShape(), 1.0);
                        double[] am = ConvTilingTest.random(rnd, new long[] {M, K}, 1.0);
                        for (int i = 0; run == 2 && i < x.length; i += 211) {
                            x[i] = Double.NaN;
                        }
                        String where = policy + ", run " + run;
                        try (Tensor tx = Tensor.fromArray(ConvTilingTest.toFloat(x), WINOGRAD.xShape());
                                Tensor ta = Tensor.fromArray(ConvTilingTest.toFloat(am), M, K);
                                Result r = s.run(Map.of("x", tx, "a", ta))) {
                            for (Case cs : List.of(WINOGRAD, STRIDED)) {
                                ConcatInPlaceTest.compare(cs.name(), r.get(cs.name() + "_y"), ConvTilingTest.reference(
                                        cs, x, w.get(cs.name() + "_w"), w.get(cs.name() + "_b")), where);
                            }
                            ConcatInPlaceTest.compare("mm", r.get("mm_y"), product(am, w.get("mm_w")), where);
                        }
                        HipSession.LibraryRuns runs = s.libraryRuns();
                        assertThat(runs.winogradConvolutions()).as("Winograd, %s", where).isEqualTo(run);
                        assertThat(runs.oneDnnConvolutions()).as("oneDNN convolutions, %s", where).isEqualTo(run);
                        boolean own = DnnlConvTest.avx512Runtime();
                        assertThat(runs.oneDnnMatMuls()).as("oneDNN matmuls, %s", where).isEqualTo(own ? 0 : run);
                        assertThat(runs.ownMatMuls()).as("own matmuls, %s", where).isEqualTo(own ? run : 0);
                        if (policy == ConstantsPolicy.MAP && run == 1) {
                            Path sidecar = s.timings().artifactDir().resolve("model.constants.bin");
                            long size = Files.size(sidecar);
                            assertThat(size).as("the sidecar holds the weights").isGreaterThan(250_000);
                            assertThat(residentKb(sidecar) * 1024).as("resident bytes of %s (%d bytes) after the"
                                    + " first run", sidecar, size).isLessThan(size / 4);
                            assertThat(inPageCache(sidecar)).as("%s is in the page cache after the first run",
                                    sidecar).isTrue();
                        }
                    }
                }
            }
        }
    }

    /**
     * Whether every page of {@code file} is in the page cache: a fresh read-only mapping's
     * {@link MappedByteBuffer#isLoaded()} (mincore), which touches none of them.
     */
    private static boolean inPageCache(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).isLoaded();
        }
    }

    /** The resident kilobytes of this process's mappings of {@code file} ({@code /proc/self/smaps}). */
    private static long residentKb(Path file) throws IOException {
        String name = " " + file.toRealPath();
        return ProcSmaps.read().stream().filter(m -> m.header().endsWith(name)).mapToLong(ProcSmaps.Mapping::rssKb)
                .sum();
    }

    private static double[] product(double[] a, double[] b) {
        double[] y = new double[M * N];
        for (int i = 0; i < M; i++) {
            for (int k = 0; k < K; k++) {
                for (int j = 0; j < N; j++) {
                    y[i * N + j] += a[i * K + k] * b[k * N + j];
                }
            }
        }
        return y;
    }

    private Path model(Map<String, double[]> w) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("released_weights");
        g.addInput(ConvTilingTest.value("x", F32, WINOGRAD.xShape())).addInput(OnnxValues.floatTensor("a", M, K));
        for (Case cs : List.of(WINOGRAD, STRIDED)) {
            String n = cs.name();
            g.addInitializer(OnnxValues.floatData(n + "_w", ConvTilingTest.toFloat(w.get(n + "_w")), cs.wShape()));
            g.addInitializer(OnnxValues.floatData(n + "_b", ConvTilingTest.toFloat(w.get(n + "_b")), cs.m()));
            g.addNode(NodeProto.newBuilder().setOpType("Conv").setName(n).addInput("x").addInput(n + "_w")
                    .addInput(n + "_b").addOutput(n + "_c").addAttribute(ConvTilingTest.ints("kernel_shape", cs.k()))
                    .addAttribute(ConvTilingTest.ints("strides", cs.strides()))
                    .addAttribute(ConvTilingTest.ints("pads", cs.pads())));
            g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(n + "_relu").addInput(n + "_c")
                    .addOutput(n + "_y"));
            g.addOutput(ConvTilingTest.value(n + "_y", F32, cs.yShape()));
        }
        g.addInitializer(OnnxValues.floatData("mm_w", ConvTilingTest.toFloat(w.get("mm_w")), K, N));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName("mm").addInput("a").addInput("mm_w")
                .addOutput("mm_y"));
        g.addOutput(OnnxValues.floatTensor("mm_y", M, N));
        return OnnxValues.writeModel(dir.resolve("released_weights.onnx"), g.build(), 17);
    }
}
