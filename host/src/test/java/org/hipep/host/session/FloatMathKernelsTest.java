package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's vectorised float math (the C kernels' own exp, erf, tanh, sigmoid, gelu and the
 * softmax rows) through a session, against references computed here in double (StrictMath, and
 * an erf/erfc of this test's own): special values (NaN, +-inf, +-0, subnormals, overflow and
 * underflow edges) must come out exactly as IEEE evaluation of ONNX's defining formula gives them,
 * everything else within a few ulp (relative error 1e-6 wherever the result is a normal float).
 * Lengths are odd so that the 16-lane loops' scalar tails run too.
 */
class FloatMathKernelsTest {
    static final String[] UNARY = {"Exp", "Erf", "Tanh", "Sigmoid", "Gelu", "GeluTanh"};
    /** Allowed error in ulp of the float reference, per op (the C sweep measured 1.0 to 7.3). */
    static final double[] MAX_ULP = {2, 3, 3, 4, 10, 10};

    static final float[] SPECIAL = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f,
        Float.MIN_VALUE, -Float.MIN_VALUE, 1e-40f, -1e-40f, Float.MIN_NORMAL, -Float.MIN_NORMAL, 1e-20f, -1e-20f,
        88.72f, 88.73f, 89f, 100f, -87.3f, -87.4f, -103.9f, -104f, -110f, 0.625f, -0.625f, 0.9f, -0.9f, 9f, -9f,
        -13f, -13.5f, 14f, 20f, -20f, 1e30f, -1e30f, Float.MAX_VALUE, -Float.MAX_VALUE};

    static float[] inputs;
    @TempDir static Path tmp;

    @BeforeAll
    static void values() {
        Random rnd = new Random(9);
        List<Float> v = new ArrayList<>();
        for (float s : SPECIAL) {
            v.add(s);
        }
        for (int i = 0; i < 40_000; i++) { /* any float bit pattern */
            v.add(Float.intBitsToFloat(rnd.nextInt()));
        }
        for (int i = 0; i < 40_001; i++) { /* where the functions bend: [-20, 20] */
            v.add((float) (rnd.nextDouble() * 40 - 20));
        }
        inputs = new float[v.size()];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = v.get(i);
        }
        assertThat(inputs.length % 16).isNotZero();
    }

    @Test
    void unaryFunctionsMatchTheDoubleReferences() throws IOException {
        GraphProto.Builder g = GraphProto.newBuilder().setName("float_math");
        g.addInput(value("x", inputs.length));
        for (String op : UNARY) {
            boolean tanh = op.equals("GeluTanh");
            NodeProto.Builder n = NodeProto.newBuilder().setOpType(tanh ? "Gelu" : op).setName(op).addInput("x")
                    .addOutput(op);
            if (tanh) {
                n.addAttribute(OnnxValues.string("approximate", "tanh"));
            }
            g.addNode(n);
            g.addOutput(value(op, inputs.length));
        }
        Map<String, float[]> out = run(g, 2, "x", inputs, inputs.length);
        for (int k = 0; k < UNARY.length; k++) {
            String op = UNARY[k];
            DoubleUnaryOperator ref = reference(op);
            float[] y = out.get(op);
            double worstUlp = 0;
            for (int i = 0; i < inputs.length; i++) {
                float x = inputs[i];
                double r = ref.applyAsDouble(x);
                float rf = (float) r;
                String where = op + "(" + x + " = " + Float.toHexString(x) + ") = " + y[i] + ", reference " + r;
                if (Float.isNaN(rf) || Float.isInfinite(rf) || rf == 0) {
                    /* bits: NaN (any) matches NaN, -0 does not match +0 */
                    assertThat(Float.floatToIntBits(y[i])).as(where).isEqualTo(Float.floatToIntBits(rf));
                    continue;
                }
                double err = Math.abs(y[i] - r);
                if (Math.abs(r) >= Float.MIN_NORMAL) {
                    double ulp = err / Math.ulp(rf);
                    worstUlp = Math.max(worstUlp, ulp);
                    assertThat(ulp).as(where).isLessThanOrEqualTo(MAX_ULP[k]);
                    if (Math.abs(r) >= 1e-30) {
                        assertThat(err / Math.abs(r)).as(where).isLessThan(1e-6);
                    }
                } else { /* subnormal result: a few of its ulp (2^-149) */
                    assertThat(err).as(where).isLessThanOrEqualTo(16 * (double) Float.MIN_VALUE);
                }
                assertThat(Math.copySign(1f, y[i])).as(where + " (sign)").isEqualTo(Math.copySign(1f, rf));
            }
            assertThat(worstUlp).as(op + " is exercised").isGreaterThan(0);
        }
    }

    /**
     * Row lengths hit every part of the float row loop: the 32-wide max step, the single 16-wide
     * step, the scalar tail, and each combination (16 = one step, 48 = 32 + 16, 63 = 32 + 16 + 15);
     * 1100 is over the length up to which rows go four at a time. Enough rows that two threads split
     * them (the grain is 16384 / len rows), at 1 and 2 threads; their count leaves 3 over a multiple
     * of 4, so that at one thread the last rows take the one-row loop, and the last row repeats row 7
     * (four rows at a time): both must give the same bits.
     */
    @Test
    void softmaxRowsMatchTheReference() throws IOException {
        for (int threads = 1; threads <= 2; threads++) {
            softmaxRows(threads);
        }
    }

    private static void softmaxRows(int threads) throws IOException {
        Random rnd = new Random(3);
        for (int len : new int[] {1, 7, 16, 37, 48, 63, 128, 131, 1100}) {
            int rows = 6 + 2 * (16384 / len);
            rows += (7 - rows % 4) % 4;
            float[] x = new float[rows * len];
            for (int i = 0; i < x.length; i++) {
                x[i] = (float) (rnd.nextGaussian() * 8);
            }
            System.arraycopy(x, 7 * len, x, (rows - 1) * len, len);
            x[len - 1] = Float.NaN; /* row 0: NaN propagates to the whole row */
            if (len > 1) {
                x[len] = Float.NEGATIVE_INFINITY; /* row 1: exp(-inf) = 0 */
                x[2 * len + 1] = Float.POSITIVE_INFINITY; /* row 2: inf - inf = NaN everywhere */
                x[3 * len] = 1e30f; /* row 3: one dominant value */
                x[4 * len + len / 2] = Float.NaN; /* row 4: NaN inside the vector steps, not the tail */
                x[5 * len + len - 2] = Float.NEGATIVE_INFINITY; /* row 5: -inf next to the end */
            }
            GraphProto.Builder g = GraphProto.newBuilder().setName("softmax");
            g.addInput(value("x", rows, len));
            for (String op : new String[] {"Softmax", "LogSoftmax"}) {
                g.addNode(NodeProto.newBuilder().setOpType(op).setName(op).addInput("x").addOutput(op).addAttribute(
                        AttributeProto.newBuilder().setName("axis").setI(-1).setType(AttributeProto.AttributeType.INT)));
                g.addOutput(value(op, rows, len));
            }
            Map<String, float[]> out = run(g, threads, "x", x, rows, len);
            for (String op : new String[] {"Softmax", "LogSoftmax"}) {
                float[] y = out.get(op);
                for (int i = 0; i < len; i++) {
                    assertThat(Float.floatToIntBits(y[(rows - 1) * len + i])).as("%s at %d threads, len %d: the last row (row 7's values) [%d]",
                            op, threads, len, i).isEqualTo(Float.floatToIntBits(y[7 * len + i]));
                }
                for (int r = 0; r < rows; r++) {
                    double[] want = softmaxRow(x, r * len, len, op.equals("LogSoftmax"));
                    for (int i = 0; i < len; i++) {
                        float got = y[r * len + i];
                        String where = op + " at " + threads + " threads, len " + len + " row " + r + " [" + i + "] = " + got + ", reference "
                                + want[i];
                        if (Double.isNaN(want[i]) || Double.isInfinite(want[i])) {
                            assertThat(Float.floatToIntBits(got)).as(where)
                                    .isEqualTo(Float.floatToIntBits((float) want[i]));
                        } else {
                            double tol = 2e-6 * Math.abs(want[i]) + (op.equals("LogSoftmax") ? 1e-6 : 1e-40);
                            assertThat(Math.abs(got - want[i])).as(where).isLessThanOrEqualTo(tol);
                        }
                    }
                }
            }
        }
    }

    /**
     * LayerNormalization over the last axis (no bias, scale 1) against ONNX's formula in double.
     * Row lengths hit every part of the rows' sums (rd_sum, rd_ssd): blocks of 64, then of 8, then
     * single values, and each combination (8; 63 = 7 x 8 + 7; 64; 100 = 64 + 4 x 8 + 4; BERT's 768;
     * 780 = 12 x 64 + 8 + 4). Row 0 is constant (variance 0: every output 0), row 1 is offset by
     * 1000 (the mean is subtracted before squaring). At 1 and 2 threads.
     */
    @Test
    void layerNormRowsMatchTheReference() throws IOException {
        for (int threads = 1; threads <= 2; threads++) {
            Random rnd = new Random(5);
            for (int len : new int[] {1, 8, 63, 64, 100, 768, 780}) {
                int rows = 4 + 2 * (8192 / len);
                float[] x = new float[rows * len];
                for (int i = 0; i < x.length; i++) {
                    x[i] = (float) (rnd.nextGaussian() * 3 + 0.5);
                }
                Arrays.fill(x, 0, len, 2.5f);
                for (int i = len; i < 2 * len; i++) {
                    x[i] += 1000f;
                }
                GraphProto.Builder g = GraphProto.newBuilder().setName("layer_norm").addInput(value("x", rows, len));
                float[] ones = new float[len];
                Arrays.fill(ones, 1f);
                g.addInitializer(OnnxValues.floatData("scale", ones, len));
                g.addNode(NodeProto.newBuilder().setOpType("LayerNormalization").setName("ln").addInput("x").addInput("scale")
                        .addOutput("y").addAttribute(AttributeProto.newBuilder().setName("axis").setI(-1)
                                .setType(AttributeProto.AttributeType.INT)));
                g.addOutput(value("y", rows, len));
                float[] y = run(g, threads, "x", x, rows, len).get("y");
                double[] want = SkipLayerNormTest.reference(x, null, ones, null, len, 1e-5);
                for (int r = 0; r < rows; r++) {
                    double inv = 1 / Math.sqrt(variance(x, r * len, len) + 1e-5);
                    for (int i = 0; i < len; i++) {
                        int k = r * len + i;
                        /* the float sums' rounding: a few ulp of the row's values, scaled by 1 / stddev
                         * (row 1's values are ~1000, its deviations ~3) */
                        double tol = 1e-5 + 4e-7 * Math.abs(x[k]) * inv;
                        assertThat(Math.abs(y[k] - want[k])).as("LayerNorm at %d threads, len %d row %d [%d] = %s, reference %s",
                                threads, len, r, i, y[k], want[k]).isLessThanOrEqualTo(tol);
                    }
                }
            }
        }
    }

    /** The population variance of x[off, off + n) in double. */
    private static double variance(float[] x, int off, int n) {
        double mean = 0, var = 0;
        for (int i = 0; i < n; i++) {
            mean += x[off + i];
        }
        mean /= n;
        for (int i = 0; i < n; i++) {
            var += (x[off + i] - mean) * (x[off + i] - mean);
        }
        return var / n;
    }

    /** ONNX's formula in double, x - max taken in float as the kernel (and ORT) does. */
    private static double[] softmaxRow(float[] x, int off, int len, boolean log) {
        float max = Float.NEGATIVE_INFINITY;
        boolean nan = false;
        for (int i = 0; i < len; i++) {
            nan |= Float.isNaN(x[off + i]);
            max = Math.max(max, x[off + i]);
        }
        double sum = 0;
        double[] out = new double[len];
        for (int i = 0; i < len; i++) {
            sum += StrictMath.exp((float) (x[off + i] - max));
        }
        for (int i = 0; i < len; i++) {
            double d = (float) (x[off + i] - max);
            out[i] = nan ? Double.NaN : log ? d - StrictMath.log(sum) : StrictMath.exp(d) / sum;
        }
        return out;
    }

    private static DoubleUnaryOperator reference(String op) {
        return switch (op) {
            case "Exp" -> StrictMath::exp;
            case "Tanh" -> StrictMath::tanh;
            case "Erf" -> FloatMathKernelsTest::erf;
            case "Sigmoid" -> x -> x >= 0 ? 1 / (1 + StrictMath.exp(-x)) : StrictMath.exp(x) / (1 + StrictMath.exp(x));
            /* x (1 + erf(x / sqrt 2)) / 2 = x erfc(-x / sqrt 2) / 2; at x = -inf: -inf * 0 = NaN */
            case "Gelu" -> x -> 0.5 * x * erfc(-x / Math.sqrt(2));
            /* x (1 + tanh(u)) / 2 = x sigmoid(2u) without cancellation; -inf * 0 = NaN at x = -inf */
            case "GeluTanh" -> x -> {
                double w = 2 * Math.sqrt(2 / Math.PI) * (x + 0.044715 * x * x * x);
                double e = StrictMath.exp(-Math.abs(w));
                return x == Double.NEGATIVE_INFINITY ? Double.NaN : x * ((w >= 0 ? 1 : e) / (1 + e));
            };
            default -> throw new IllegalArgumentException(op);
        };
    }

    /** erf in double: its Maclaurin series below 2.5, 1 - erfc above (relative error ~1e-14). */
    static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double a = Math.abs(x);
        if (a >= 2.5) {
            return Math.copySign(1 - erfc(a), x);
        }
        double term = a;
        double sum = a;
        for (int n = 1; n < 200 && Math.abs(term) > 1e-17 * sum; n++) {
            term *= -a * a / n;
            sum += term / (2 * n + 1);
        }
        return Math.copySign(sum * 2 / Math.sqrt(Math.PI), x);
    }

    /** erfc in double: a continued fraction (modified Lentz) at 2.5 and above, 1 - erf below. */
    static double erfc(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        if (x < 2.5) {
            return 1 - erf(x);
        }
        if (x > 30) {
            return 0;
        }
        /* erfc(x) = exp(-x^2) / sqrt(pi) * 1 / (x + (1/2) / (x + 1 / (x + (3/2) / (x + 2 / (x + ...))))) */
        double tiny = 1e-300;
        double f = x;
        double c = x;
        double d = 0;
        for (int n = 1; n < 500; n++) {
            double an = n / 2.0;
            d = x + an * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = x + an / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return StrictMath.exp(-x * x) / Math.sqrt(Math.PI) / f;
    }

    /** Runs a one-input graph (opset 20) at {@code threads} threads and returns every output by name. */
    private static Map<String, float[]> run(GraphProto.Builder g, int threads, String input, float[] x, long... shape)
            throws IOException {
        ModelProto m = ModelProto.newBuilder().setIrVersion(9).setProducerName("FloatMathKernelsTest")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(20)).setGraph(g).build();
        Path file = Files.createTempFile(tmp, "model", ".onnx");
        Files.write(file, m.toByteArray());
        Map<String, float[]> out = new java.util.HashMap<>();
        try (HipEnvironment env = HipEnvironment.create();
                HipSession s = env.createSession(file, new SessionOptions().setThreads(threads).setCacheDir(tmp));
                Tensor t = Tensor.fromArray(x, shape);
                Result r = s.run(Map.of(input, t))) {
            for (String name : r.names()) {
                out.put(name, r.get(name).toFloatArray());
            }
        }
        return out;
    }

    private static ValueInfoProto value(String name, long... dims) {
        return OnnxValues.floatTensor(name, dims);
    }
}
