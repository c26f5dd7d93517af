package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.check;
import static org.hipep.host.session.MatMulBiasFusionTest.count;
import static org.hipep.host.session.MatMulBiasFusionTest.random;
import static org.hipep.host.testing.OnnxValues.node;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Profile;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Mul by a constant whose product only a Softmax reads runs inside the Softmax
 * ({@code HipEpilogueFusion.SoftmaxScale}, {@code hip.softmax {scale}}; attention's scaled scores):
 * the profiler shows one call for the pair, named by both nodes, and none for the Mul; the
 * probabilities equal, bit for bit, those of the same Mul and Softmax run apart (the product also a
 * graph output, so not fused) and a float64 reference of Softmax over the float products, at one
 * and two threads. On each path of the kernel: rows of 128 four at a time (BERT's), with a NaN, a
 * +inf (its row all NaN, as inf - inf) and a -inf; rows of 21 with a negative scale given as the
 * Mul's first operand; and a softmax over a dimension that is not the innermost.
 */
class SoftmaxScaleFusionTest {
    /** Softmax over {@code axis} of {@code scale * x} (the constant first when {@code constFirst}). */
    private record Case(String name, long[] shape, int axis, float scale, long[] scaleShape, boolean constFirst) {
    }

    private static final Case[] CASES = {
        new Case("rows", new long[] {2, 3, 37, 128}, -1, 0.125f, new long[] {}, false),
        new Case("narrow", new long[] {50, 21}, -1, -0.75f, new long[] {1}, true),
        new Case("cols", new long[] {6, 19, 10}, 1, 2.5f, new long[] {1, 1, 1}, false)};

    @TempDir
    Path dir;

    @Test
    void mulByAConstantRunsInsideTheSoftmaxWithTheSameBits() throws Exception {
        Random rnd = new Random(31);
        Map<String, float[]> inputs = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("softmax_scale");
        for (Case c : CASES) {
            String p = c.name() + "_";
            float[] x = random(rnd, count(c.shape()), 4.0);
            if (c.name().equals("rows")) {
                x[3 * 128 + 5] = Float.NaN;
                x[7 * 128 + 100] = Float.POSITIVE_INFINITY;
                x[9 * 128 + 17] = Float.NEGATIVE_INFINITY;
            }
            inputs.put(p + "x", x);
            g.addInput(OnnxValues.floatTensor(p + "x", c.shape()))
                    .addInitializer(OnnxValues.floatData(p + "c", new float[] {c.scale()}, c.scaleShape()));
            for (String way : new String[] {"", "kept_"}) {
                String mul = p + way + "mul";
                g.addNode(c.constFirst() ? node("Mul", mul, p + way + "m", p + "c", p + "x")
                        : node("Mul", mul, p + way + "m", p + "x", p + "c"));
                g.addNode(node("Softmax", p + way + "softmax", p + way + "y", p + way + "m").toBuilder()
                        .addAttribute(AttributeProto.newBuilder().setName("axis")
                                .setType(AttributeProto.AttributeType.INT).setI(c.axis()))
                        .build());
                g.addOutput(OnnxValues.floatTensor(p + way + "y", c.shape()));
            }
            g.addOutput(OnnxValues.floatTensor(p + "kept_m", c.shape())); // the kept product: two uses
        }
        Path model = OnnxValues.writeModel(dir.resolve("softmax_scale.onnx"), g.build(), 17);

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                Map<String, Tensor> feeds = new HashMap<>();
                try (HipSession s = env.createSession(model, new SessionOptions().setThreads(threads)
                        .setCacheDir(dir.resolve("cache")).enableProfiling(dir.resolve("profile")))) {
                    for (Case c : CASES) {
                        feeds.put(c.name() + "_x", Tensor.fromArray(inputs.get(c.name() + "_x"), c.shape()));
                    }
                    String at = " at " + threads + " thread(s)";
                    try (Result r = s.run(feeds)) {
                        for (Case c : CASES) {
                            String p = c.name() + "_";
                            float[] y = r.get(p + "y").toFloatArray();
                            float[] kept = r.get(p + "kept_y").toFloatArray();
                            for (int i = 0; i < y.length; i++) {
                                assertThat(Float.floatToIntBits(y[i]))
                                        .as("%sy[%d] = %s, apart %s%s", p, i, y[i], kept[i], at)
                                        .isEqualTo(Float.floatToIntBits(kept[i]));
                            }
                            check(p + "y" + at, y, reference(inputs.get(p + "x"), c));
                        }
                    }
                    Set<String> sites = new HashSet<>();
                    for (Profile.Call call : s.profile().calls()) {
                        sites.add(call.node() + " " + call.op());
                    }
                    for (Case c : CASES) {
                        String p = c.name() + "_";
                        assertThat(sites).as("call sites%s", at).contains(p + "mul+" + p + "softmax hip.softmax",
                                p + "kept_mul hip.mul", p + "kept_softmax hip.softmax")
                                .doesNotContain(p + "mul hip.mul");
                    }
                } finally {
                    feeds.values().forEach(Tensor::close);
                }
            }
        }
    }

    /** Softmax over c's axis of the float products scale * x, in float64. */
    private static double[] reference(float[] x, Case c) {
        return reference(x, c.shape(), c.axis(), c.scale(), false);
    }

    /**
     * Softmax (LogSoftmax with {@code log}) over {@code axis} of the float products scale * x, in
     * float64; a row with a NaN product all NaN.
     */
    static double[] reference(float[] x, long[] shape, int axis, float scale, boolean log) {
        axis = axis < 0 ? axis + shape.length : axis;
        int n = (int) shape[axis];
        int inner = 1;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= (int) shape[d];
        }
        double[] y = new double[x.length];
        for (int base = 0; base < x.length; base++) {
            if (base / inner % n != 0) {
                continue; // the first element of each softmax row (strided by inner)
            }
            double max = Double.NEGATIVE_INFINITY;
            boolean nan = false;
            for (int i = 0; i < n; i++) {
                double v = scale * x[base + i * inner];
                nan |= Double.isNaN(v);
                max = Math.max(max, v);
            }
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += Math.exp((double) (scale * x[base + i * inner]) - max);
            }
            for (int i = 0; i < n; i++) {
                double v = scale * x[base + i * inner];
                y[base + i * inner] = nan ? Double.NaN : log ? v - max - Math.log(sum) : Math.exp(v - max) / sum;
            }
        }
        return y;
    }
}
