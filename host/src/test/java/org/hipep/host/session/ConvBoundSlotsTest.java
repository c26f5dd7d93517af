package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bottleneck of three 1x1 convolutions, {@code y = -Relu(conv_c(b) + a)} with
 * {@code a = Relu(conv_a(x))} (40 -> 72 channels) and {@code b = Relu(conv_b(a))} (72 -> 40:
 * channel counts that the runtime's narrow pointwise products do not take):
 * {@code hip-conv-bound-slots} gives conv_a a slot, conv_b and the accumulating conv_c its bound
 * of {@code a} (X, and the old values conv_c adds to), and conv_c that of {@code b}, so that
 * oneDNN's clip post-op needs no scan of them. End to end against {@link ConvTilingTest}'s plain
 * reference at one and two threads, over runs of one session:
 * <ol>
 *   <li>small values: all three clamps are oneDNN's; conv_b and conv_c take their bounds from the
 *       slots (conv_b's X is larger than its Y, so without a bound it would have kept the clamp a
 *       separate pass);</li>
 *   <li>a NaN in x: conv_a's scan sees it and leaves +inf in its slot, so neither reader lets
 *       oneDNN's clip turn the NaN into 0; NaN reaches y as through the separate kernels;</li>
 *   <li>values up to 2e35: conv_a's bound (~8e35) still lets oneDNN clip, but conv_b's from it
 *       (weights up to 1, ~3e37) does not: conv_b keeps the separate clamp and leaves +inf;
 *       conv_c scans b and takes a's bound from the slot (~4e36 in all);</li>
 *   <li>small values again: as the first run.</li>
 * </ol>
 * Also in the {@code without-onednn} and {@code onednn-avx2} executions (host/pom.xml): without
 * oneDNN no bound is used and the values are the same.
 */
class ConvBoundSlotsTest {
    private static final int F32 = TensorProto.DataType.FLOAT_VALUE;
    private static final Case CONV_A = conv("conv_a", 40, 72);
    private static final Case CONV_B = conv("conv_b", 72, 40);
    private static final Case CONV_C = conv("conv_c", 40, 72);

    /** The input's scale per run (NaN: small values with a NaN among them), and what oneDNN does. */
    private record Run(double scale, boolean nan, long clamped, long bounded) {
    }

    private static final List<Run> RUNS = List.of(new Run(1.0, false, 3, 2), new Run(1.0, true, 0, 0),
            new Run(2e35, false, 2, 1), new Run(1.0, false, 3, 2));

    @TempDir
    Path dir;

    private static Case conv(String name, int c, int m) {
        return new Case(name, 1, c, m, 1, a(12, 12), a(1, 1), a(1, 1), a(1, 1), a(0, 0, 0, 0), true, false);
    }

    @Test
    void clampedConvolutionsPassTheirBoundsOn() throws Exception {
        Random rnd = new Random(5);
        Map<String, double[]> weights = new HashMap<>();
        for (Case cs : List.of(CONV_A, CONV_B, CONV_C)) {
            weights.put(cs.name() + "_w", ConvTilingTest.random(rnd, cs.wShape(), cs == CONV_B ? 1.0 : 0.2));
            weights.put(cs.name() + "_b", ConvTilingTest.random(rnd, new long[] {cs.m()}, 1.0));
        }
        Path model = model(weights);
        boolean onednn = !"1".equals(System.getenv("HIPEP_NO_DNNL"));
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    long clamped = 0;
                    long bounded = 0;
                    for (int run = 0; run < RUNS.size(); run++) {
                        Run r = RUNS.get(run);
                        String where = threads + " thread(s), run " + (run + 1);
                        double[] x = ConvTilingTest.random(rnd, CONV_A.xShape(), r.scale());
                        if (r.nan()) {
                            x[77] = Double.NaN;
                        }
                        try (Tensor in = Tensor.fromArray(ConvTilingTest.toFloat(x), CONV_A.xShape());
                                Result out = s.run(Map.of("x", in))) {
                            compare(out.get("y"), reference(x, weights), where);
                        }
                        clamped += onednn ? r.clamped() : 0;
                        bounded += onednn ? r.bounded() : 0;
                        HipSession.LibraryRuns runs = s.libraryRuns();
                        assertThat(runs.oneDnnClampedConvolutions()).as("oneDNN's clamps, %s", where)
                                .isEqualTo(clamped);
                        assertThat(runs.boundedConvolutions()).as("bounds from slots, %s", where)
                                .isEqualTo(bounded);
                    }
                }
            }
        }
    }

    /**
     * Each value within 1e-4 of the expected one, relative to it and to the largest expected value
     * (the sums of values near 1e35 cancel down to 1e31), NaN where NaN is expected.
     */
    private static void compare(Tensor t, double[] want, String where) {
        double[] got = ConvTilingTest.toDouble(t.toFloatArray());
        assertThat(got).as("y at %s", where).hasSameSizeAs(want);
        double scale = 0;
        for (double w : want) {
            scale = Double.isNaN(w) ? scale : Math.max(scale, Math.abs(w));
        }
        for (int i = 0; i < want.length; i++) {
            boolean ok = Double.isNaN(want[i]) ? Double.isNaN(got[i])
                    : Math.abs(got[i] - want[i]) <= 1e-4 * (1 + Math.abs(want[i]) + scale * 1e-2);
            if (!ok) {
                throw new AssertionError("y at " + where + ": [" + i + "] = " + got[i] + ", expected " + want[i]);
            }
        }
    }

    /** -Relu(conv_c(b) + a), a = Relu(conv_a(x)), b = Relu(conv_b(a)); NaN kept. */
    private static double[] reference(double[] x, Map<String, double[]> weights) {
        double[] a = relu(conv(CONV_A, x, weights));
        double[] b = relu(conv(CONV_B, a, weights));
        double[] c = conv(CONV_C, b, weights);
        double[] y = new double[c.length];
        for (int i = 0; i < y.length; i++) {
            double v = c[i] + a[i];
            y[i] = Double.isNaN(v) ? v : -Math.max(v, 0);
        }
        return y;
    }

    private static double[] conv(Case cs, double[] x, Map<String, double[]> weights) {
        return ConvTilingTest.reference(cs, x, weights.get(cs.name() + "_w"), weights.get(cs.name() + "_b"));
    }

    private static double[] relu(double[] v) {
        double[] y = new double[v.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = Double.isNaN(v[i]) ? v[i] : Math.max(v[i], 0);
        }
        return y;
    }

    private Path model(Map<String, double[]> weights) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("conv_bound_slots");
        g.addInput(ConvTilingTest.value("x", F32, CONV_A.xShape()));
        ConvTilingTest.addConstantConv(g, CONV_A, "x", weights);
        relu(g, "conv_a_c", "a");
        ConvTilingTest.addConstantConv(g, CONV_B, "a", weights);
        relu(g, "conv_b_c", "b");
        ConvTilingTest.addConstantConv(g, CONV_C, "b", weights);
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("add").addInput("conv_c_c").addInput("a")
                .addOutput("sum"));
        relu(g, "sum", "r");
        g.addNode(NodeProto.newBuilder().setOpType("Neg").setName("neg").addInput("r").addOutput("y"));
        g.addOutput(ConvTilingTest.value("y", F32, new long[] {1, 72, 12, 12}));
        return OnnxValues.writeModel(dir.resolve("conv_bound_slots.onnx"), g.build(), 17);
    }

    private static void relu(GraphProto.Builder g, String in, String out) {
        g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(out + "_relu").addInput(in).addOutput(out));
    }
}
