package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.random;
import static org.hipep.host.testing.OnnxValues.node;

import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The float Softmax and LogSoftmax take rows four at a time, and when the four rows' maxima are
 * finite their exp pass skips the NaN and overflow checks ({@code rd_expf_nonpos}: every x - max
 * is then at most 0, or -inf). Those rows must give the bits of the checked pass, which a NaN in
 * a fourth row forces on its group: three rows (one spanning exp's subnormal results and the range
 * where they round to 0, one with a -inf, one with large values) run once beside a finite row and
 * once beside a row with a NaN, and keep every bit; the finite run also agrees with float64.
 */
class SoftmaxFiniteRowsTest {
    private static final int A = 128;

    @TempDir
    Path dir;

    @Test
    void rowsWithFiniteMaximaGiveTheCheckedPathsBits() throws Exception {
        Random rnd = new Random(5);
        float[] x = random(rnd, 4 * A, 4.0);
        for (int i = 0; i < A; i++) {
            x[i] = -0.9f * i; // x - max from 0 to -114.3: normal, subnormal and zero results
            x[2 * A + i] = 85f - 1.0f * i;
        }
        x[A + 5] = Float.NEGATIVE_INFINITY;
        float[] withNaN = x.clone();
        withNaN[3 * A + 7] = Float.NaN;

        GraphProto g = GraphProto.newBuilder().setName("softmax_rows")
                .addInput(OnnxValues.floatTensor("x", new long[] {4, A}))
                .addNode(node("Softmax", "softmax", "y", "x"))
                .addNode(node("LogSoftmax", "log_softmax", "ly", "x"))
                .addOutput(OnnxValues.floatTensor("y", new long[] {4, A}))
                .addOutput(OnnxValues.floatTensor("ly", new long[] {4, A}))
                .build();
        Path model = OnnxValues.writeModel(dir.resolve("softmax_rows.onnx"), g, 17);
        try (HipEnvironment env = HipEnvironment.create();
                HipSession s = env.createSession(model, new SessionOptions().setThreads(1)
                        .setCacheDir(dir.resolve("cache")))) {
            float[][] finite = run(s, x);
            float[][] checked = run(s, withNaN);
            for (int o = 0; o < 2; o++) {
                String name = o == 0 ? "y" : "ly";
                for (int i = 0; i < 3 * A; i++) {
                    assertThat(Float.floatToIntBits(finite[o][i]))
                            .as("%s[%d][%d] = %s, beside a NaN row %s", name, i / A, i % A, finite[o][i], checked[o][i])
                            .isEqualTo(Float.floatToIntBits(checked[o][i]));
                }
                for (int i = 3 * A; i < 4 * A; i++) {
                    assertThat(checked[o][i]).as("%s of the NaN row", name).isNaN();
                }
            }
            long[] shape = {4, A};
            double[][] want = {SoftmaxScaleFusionTest.reference(x, shape, -1, 1f, false),
                SoftmaxScaleFusionTest.reference(x, shape, -1, 1f, true)};
            MatMulBiasFusionTest.check("y", finite[0], want[0]);
            MatMulBiasFusionTest.check("ly", finite[1], want[1]);
            // the subnormal and zero results of the first row, relative to float64
            for (int i = 0; i < A; i++) {
                double e = want[0][i];
                if (e < 1e-30) {
                    assertThat((double) finite[0][i]).as("y[0][%d]", i)
                            .isCloseTo(e, org.assertj.core.data.Offset.offset(Math.max(2 * Float.MIN_VALUE, 1e-6 * e)));
                }
            }
            assertThat(finite[0][A - 1]).as("exp(-114.3) rounds to 0").isZero();
            assertThat(finite[0][110]).as("exp(-99) is a subnormal float").isPositive().isLessThan(Float.MIN_NORMAL);
        }
    }

    private static float[][] run(HipSession s, float[] x) {
        try (Tensor t = Tensor.fromArray(x, new long[] {4, A}); Result r = s.run(Map.of("x", t))) {
            return new float[][] {r.get("y").toFloatArray(), r.get("ly").toFloatArray()};
        }
    }
}
