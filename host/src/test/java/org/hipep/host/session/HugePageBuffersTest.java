package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
import org.hipep.host.testing.OnnxValues;
import org.hipep.host.testing.ProcSmaps;
import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's large buffers ask for transparent huge pages ({@code st_buffer_alloc} in
 * state.c: from 2 MiB on, a mapping of their own on a 2 MiB boundary, their whole huge pages
 * advised {@code MADV_HUGEPAGE}, unmapped when freed), among them the weights oneDNN's primitives
 * read in their own layout ({@code dn_weights_prepare}, kernels_dnnl.c). The model: one Winograd convolution, 128 to 128 channels, whose transformed
 * weights take 36 x 128 x 128 floats (2.25 MiB: one whole huge page and a tail). The process's
 * mappings advised for huge pages ({@code hg} in the {@code VmFlags} of {@code /proc/self/smaps}:
 * the advice, whether or not the kernel has huge pages to give) grow by that huge page with the
 * session's first run, and shrink back when it closes; the result is the convolution's. Needs a
 * Linux kernel with transparent huge pages (without them madvise refuses and nothing is advised).
 */
class HugePageBuffersTest {
    private static final int F32 = TensorProto.DataType.FLOAT_VALUE;
    private static final Case CONV = new Case("wide", 1, 128, 128, 1, a(16, 16), a(3, 3), a(1, 1), a(1, 1),
            a(1, 1, 1, 1), true, false);
    private static final long TRANSFORMED_WEIGHTS = 36L * 128 * 128 * Float.BYTES;
    private static final long HUGE_PAGE = 2L << 20;

    @TempDir
    Path dir;

    @Test
    void largeBuffersAreAdvisedForHugePagesAndGoWithTheSession() throws Exception {
        Random rnd = new Random(5);
        double[] w = ConvTilingTest.random(rnd, CONV.wShape(), 0.1);
        double[] b = ConvTilingTest.random(rnd, new long[] {CONV.m()}, 1.0);
        double[] x = ConvTilingTest.random(rnd, CONV.xShape(), 1.0);
        Path model = model(w, b);
        try (HipEnvironment env = HipEnvironment.create()) {
            long before = advisedBytes();
            try (HipSession s = env.createSession(model, new SessionOptions().setThreads(1)
                    .setCacheDir(dir.resolve("cache")).setConvolutionSearch(ConvolutionSearch.HEURISTIC))) {
                try (Tensor tx = Tensor.fromArray(ConvTilingTest.toFloat(x), CONV.xShape());
                        Result r = s.run(Map.of("x", tx))) {
                    ConcatInPlaceTest.compare("wide", r.get("y"), ConvTilingTest.reference(CONV, x, w, b), "run 1");
                }
                assertThat(s.libraryRuns().winogradConvolutions()).as("the convolution ran by Winograd").isEqualTo(1);
                assertThat(advisedBytes() - before)
                        .as("bytes advised MADV_HUGEPAGE after the first run (the transformed weights: %d)",
                                TRANSFORMED_WEIGHTS)
                        .isGreaterThanOrEqualTo(TRANSFORMED_WEIGHTS / HUGE_PAGE * HUGE_PAGE);
            }
            assertThat(advisedBytes() - before).as("bytes advised MADV_HUGEPAGE after the session closed")
                    .isLessThan(HUGE_PAGE);
        }
    }

    /** The bytes of this process's mappings whose VmFlags carry {@code hg} (/proc/self/smaps). */
    private static long advisedBytes() throws IOException {
        return ProcSmaps.read().stream().filter(m -> m.hasFlag("hg")).mapToLong(ProcSmaps.Mapping::bytes).sum();
    }

    private Path model(double[] w, double[] b) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("huge_pages");
        g.addInput(ConvTilingTest.value("x", F32, CONV.xShape()));
        g.addInitializer(OnnxValues.floatData("w", ConvTilingTest.toFloat(w), CONV.wShape()));
        g.addInitializer(OnnxValues.floatData("b", ConvTilingTest.toFloat(b), CONV.m()));
        g.addNode(NodeProto.newBuilder().setOpType("Conv").setName("wide").addInput("x").addInput("w").addInput("b")
                .addOutput("y").addAttribute(ConvTilingTest.ints("kernel_shape", CONV.k()))
                .addAttribute(ConvTilingTest.ints("pads", CONV.pads())));
        g.addOutput(ConvTilingTest.value("y", F32, CONV.yShape()));
        return OnnxValues.writeModel(dir.resolve("huge_pages.onnx"), g.build(), 17);
    }
}
