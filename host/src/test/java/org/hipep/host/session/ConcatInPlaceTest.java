package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
import org.hipep.host.testing.KernelSymbols;
import org.hipep.host.testing.OnnxValues;
import org.hipep.ir.SymbolTable;
import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Convolutions that feed a channel Concat write into its channel slices ({@code hip-concat-in-place}
 * and the strided channels-last destinations of the conv kernels), end to end against
 * {@link ConvTilingTest}'s plain reference, at one and two threads: a SqueezeNet fire module (a
 * 1x1 expand, which oneDNN's matmul writes with the concat's row stride, a 3x3 expand by Winograd,
 * both with a fused Relu, the clamp oneDNN's post-op or, with NaN in X on the second run, a strided
 * clamp pass and Winograd's direct tiles, and a 1x1 expand of 48 channels that the narrow pointwise
 * products write with the row stride, their clamp keeping NaN; oneDNN's matmul without AVX-512), and
 * a pair of strided convolutions that oneDNN computes into a dense scratch whose rows are then copied
 * into the slice. No concat kernel is left in the compiled module.
 */
class ConcatInPlaceTest {
    private static final int F32 = TensorProto.DataType.FLOAT_VALUE;

    @TempDir
    Path dir;

    private static Case conv(String name, int c, int m, int[] in, int k, int s, int pad, boolean bias) {
        return new Case(name, 1, c, m, 1, in, a(k, k), a(s, s), a(1, 1), a(pad, pad, pad, pad), bias, false);
    }

    /** The fire module's two expands (of X "xa") and the strided pair (of "xb"), each concat's inputs in order. */
    private static final List<Case> FIRE = List.of(conv("e1", 32, 96, a(24, 24), 1, 1, 0, true).then("relu"),
            conv("e3", 32, 64, a(24, 24), 3, 1, 1, true).then("relu"),
            conv("n1", 32, 48, a(24, 24), 1, 1, 0, true).then("relu"));
    private static final List<Case> PAIR = List.of(conv("p3", 16, 24, a(18, 18), 3, 2, 1, true),
            conv("p1", 16, 8, a(18, 18), 1, 2, 0, false));

    @Test
    void convolutionsFeedingAConcatWriteIntoItsChannelSlices() throws Exception {
        Random rnd = new Random(5);
        Map<String, double[]> weights = new HashMap<>();
        for (Case cs : java.util.stream.Stream.concat(FIRE.stream(), PAIR.stream()).toList()) {
            weights.put(cs.name() + "_w", ConvTilingTest.random(rnd, cs.wShape(), 0.2));
            weights.put(cs.name() + "_b", ConvTilingTest.random(rnd, new long[] {cs.m()}, 1.0));
        }
        Path model = model(weights);
        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_concat_f32_in2")).as("a concat kernel left").isNull();
        try (HipEnvironment env = HipEnvironment.create()) {
            for (ConvolutionSearch search : ConvolutionSearch.values()) {
                for (int threads : new int[] {1, 2}) {
                    check(env, model, weights, rnd, search, threads);
                }
            }
        }
    }

    /**
     * Runs of one session: outputs against the reference and, by the fixed rules (two runs), the
     * path of each convolution; measured ({@link DnnlConvTest#MEASURED_RUNS} runs: the 3x3 one's
     * first 24 take Winograd and oneDNN's direct kernel into the slice in blocks of six, the rest
     * the faster), each convolution once per run.
     */
    private void check(HipEnvironment env, Path model, Map<String, double[]> weights, Random rnd,
            ConvolutionSearch search, int threads) throws Exception {
        try (HipSession s = env.createSession(model, new SessionOptions().setThreads(threads)
                .setCacheDir(dir.resolve("cache")).setConvolutionSearch(search))) {
            int sessionRuns = search == ConvolutionSearch.MEASURE ? DnnlConvTest.MEASURED_RUNS : 2;
            for (int run = 1; run <= sessionRuns; run++) {
                double[] xa = ConvTilingTest.random(rnd, FIRE.get(0).xShape(), 1.0);
                double[] xb = ConvTilingTest.random(rnd, PAIR.get(0).xShape(), 1.0);
                for (int i = 0; run % 2 == 0 && i < xa.length; i += 97) {
                    xa[i] = Double.NaN;
                }
                String where = search + ", " + threads + " thread(s), run " + run;
                try (Tensor ta = Tensor.fromArray(ConvTilingTest.toFloat(xa), FIRE.get(0).xShape());
                        Tensor tb = Tensor.fromArray(ConvTilingTest.toFloat(xb), PAIR.get(0).xShape());
                        Result r = s.run(Map.of("xa", ta, "xb", tb))) {
                    compare("fire", r.get("fire"), reference(FIRE, xa, weights), where);
                    compare("pair", r.get("pair"), reference(PAIR, xb, weights), where);
                }
                // per run: the 1x1 expand by oneDNN's matmul, the 3x3 one by Winograd, the narrow
                // 1x1 one by the narrow products, the strided pair by oneDNN's convolution into a scratch
                HipSession.LibraryRuns runs = s.libraryRuns();
                boolean narrow = DnnlConvTest.avx512Runtime();
                assertThat(runs.oneDnnMatMuls()).as("matmuls, %s", where).isEqualTo(narrow ? run : 2L * run);
                assertThat(runs.narrowPointwiseConvolutions()).as("narrow products, %s", where)
                        .isEqualTo(narrow ? run : 0);
                if (search == ConvolutionSearch.HEURISTIC) {
                    assertThat(runs.winogradConvolutions()).as("Winograd, %s", where).isEqualTo(run);
                    assertThat(runs.oneDnnConvolutions()).as("oneDNN convolutions, %s", where)
                            .isEqualTo(2L * run);
                } else {
                    assertThat(runs.winogradConvolutions() + runs.oneDnnConvolutions())
                            .as("Winograd and oneDNN convolutions, %s", where).isEqualTo(3L * run);
                }
            }
        }
    }

    /** The NCHW concat along the channels of the reference convolutions of x. */
    private static double[] reference(List<Case> convs, double[] x, Map<String, double[]> weights) {
        int total = 0;
        for (Case cs : convs) {
            total += cs.m();
        }
        int pixels = convs.get(0).out()[0] * convs.get(0).out()[1];
        double[] y = new double[total * pixels];
        int at = 0;
        for (Case cs : convs) {
            double[] part = ConvTilingTest.reference(cs, x, weights.get(cs.name() + "_w"),
                    cs.bias() ? weights.get(cs.name() + "_b") : null);
            System.arraycopy(part, 0, y, at * pixels, part.length);
            at += cs.m();
        }
        return y;
    }

    /** Within 1e-4 relative, NaN where the reference is NaN (the fire module's second run has some). */
    static void compare(String name, Tensor t, double[] want, String where) {
        double[] got = ConvTilingTest.toDouble(t.toFloatArray());
        assertThat(got.length).as(name).isEqualTo(want.length);
        for (int i = 0; i < want.length; i++) {
            boolean ok = Double.isNaN(want[i]) ? Double.isNaN(got[i])
                    : Math.abs(got[i] - want[i]) <= 1e-4 * (1 + Math.abs(want[i]));
            if (!ok) {
                throw new AssertionError(name + " at " + where + ": [" + i + "] = " + got[i] + ", expected " + want[i]);
            }
        }
    }

    private Path model(Map<String, double[]> weights) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("concat_in_place");
        g.addInput(ConvTilingTest.value("xa", F32, FIRE.get(0).xShape()))
                .addInput(ConvTilingTest.value("xb", F32, PAIR.get(0).xShape()));
        Map<String, List<Case>> concats = new LinkedHashMap<>();
        concats.put("fire", FIRE);
        concats.put("pair", PAIR);
        for (Map.Entry<String, List<Case>> e : concats.entrySet()) {
            String x = e.getKey().equals("fire") ? "xa" : "xb";
            NodeProto.Builder cat = NodeProto.newBuilder().setOpType("Concat").setName(e.getKey())
                    .addOutput(e.getKey()).addAttribute(AttributeProto.newBuilder().setName("axis")
                            .setType(AttributeProto.AttributeType.INT).setI(1));
            int channels = 0;
            for (Case cs : e.getValue()) {
                String n = cs.name();
                ConvTilingTest.addConstantConv(g, cs, x, weights);
                String out = n + "_c";
                if (cs.act().equals("relu")) {
                    g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(n + "_relu").addInput(out)
                            .addOutput(n + "_y"));
                    out = n + "_y";
                }
                cat.addInput(out);
                channels += cs.m();
            }
            g.addNode(cat);
            int[] o = e.getValue().get(0).out();
            g.addOutput(ConvTilingTest.value(e.getKey(), F32, new long[] {1, channels, o[0], o[1]}));
        }
        return OnnxValues.writeModel(dir.resolve("concat_in_place.onnx"), g.build(), 17);
    }
}
