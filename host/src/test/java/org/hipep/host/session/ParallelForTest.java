package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
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
 * The runtime's split of a pass over its threads ({@code hipep_parallel_for} in state.c: each team
 * thread takes the chunks of its own contiguous part, then what is left of the others') covers
 * every element once: an elementwise Add + Relu and a row-wise Softmax at 1, 2 and 3 threads (3 on
 * a two-core machine: two of the threads share a core, so one can be late and the others take
 * chunks of its part), on sizes whose chunks do not divide evenly between the parts, with fewer
 * chunks than threads, and under the chunk size (one call). Each session runs twice with different
 * inputs, so an element left unwritten would show the first run's value (or the allocator's)
 * instead of the second's. The reference is computed here; Add + Relu must match bit for bit, and
 * so must an image's NCHW -> NHWC transpose (2 to 4 channels: the interleaving kernels).
 */
class ParallelForTest {
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
    @ValueSource(ints = {1, 2, 3})
    void everyElementOfAnElementwisePassIsWritten(int threads) {
        // 1000003: 8 or 12 chunks of an odd length, a short last one; 100000: 4 chunks of the
        // 32768-element grain (fewer than 3 threads x 4); 40000: 2 chunks (fewer parts than threads
        // at 3); 1000: one call
        for (int n : new int[] {1_000_003, 100_000, 40_000, 1000}) {
            GraphProto.Builder g = GraphProto.newBuilder().setName("add_relu_" + n);
            g.addInput(OnnxValues.floatTensor("a", n)).addInput(OnnxValues.floatTensor("b", n))
                    .addOutput(OnnxValues.floatTensor("y", n));
            g.addNode(NodeProto.newBuilder().setOpType("Add").addInput("a").addInput("b").addOutput("s"));
            g.addNode(NodeProto.newBuilder().setOpType("Relu").addInput("s").addOutput("y"));
            try (HipSession s = env.createSession(model(g), new SessionOptions().setThreads(threads).setCacheDir(cache))) {
                for (int run = 0; run < 2; run++) {
                    float[] a = data(n, 10 * run + 1);
                    float[] b = data(n, 10 * run + 2);
                    try (Tensor ta = Tensor.fromArray(a, n); Tensor tb = Tensor.fromArray(b, n);
                            Result r = s.run(new HashMap<>(Map.of("a", ta, "b", tb)))) {
                        float[] y = r.get(0).toFloatArray();
                        assertThat(y).hasSize(n);
                        for (int i = 0; i < n; i++) {
                            float ref = Math.max(a[i] + b[i], 0f);
                            if (Float.floatToIntBits(y[i]) != Float.floatToIntBits(ref)) {
                                throw new AssertionError(String.format("%s at %d thread(s), run %d: y[%d] = %s, expected %s",
                                        g.getName(), threads, run + 1, i, y[i], ref));
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void everyRowOfASoftmaxIsWritten(int threads) {
        int rows = 5003;
        int cols = 37;
        GraphProto.Builder g = GraphProto.newBuilder().setName("softmax");
        g.addInput(OnnxValues.floatTensor("x", rows, cols)).addOutput(OnnxValues.floatTensor("y", rows, cols));
        g.addNode(NodeProto.newBuilder().setOpType("Softmax").addInput("x").addOutput("y")
                .addAttribute(AttributeProto.newBuilder().setName("axis").setType(AttributeProto.AttributeType.INT).setI(-1)));
        try (HipSession s = env.createSession(model(g), new SessionOptions().setThreads(threads).setCacheDir(cache))) {
            for (int run = 0; run < 2; run++) {
                float[] x = data(rows * cols, 10 * run + 3);
                try (Tensor tx = Tensor.fromArray(x, rows, cols); Result r = s.run(new HashMap<>(Map.of("x", tx)))) {
                    float[] y = r.get(0).toFloatArray();
                    for (int i = 0; i < rows; i++) {
                        double max = Double.NEGATIVE_INFINITY;
                        for (int j = 0; j < cols; j++) {
                            max = Math.max(max, x[i * cols + j]);
                        }
                        double sum = 0;
                        for (int j = 0; j < cols; j++) {
                            sum += Math.exp(x[i * cols + j] - max);
                        }
                        for (int j = 0; j < cols; j++) {
                            double ref = Math.exp(x[i * cols + j] - max) / sum;
                            if (!(Math.abs(y[i * cols + j] - ref) <= 1e-6 + 1e-5 * ref)) {
                                throw new AssertionError(String.format("softmax at %d thread(s), run %d: y[%d][%d] = %s, expected %s",
                                        threads, run + 1, i, j, y[i * cols + j], ref));
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void everyPositionOfAnImageTransposeIsWritten(int threads) {
        // NCHW -> NHWC of 2, 3 and 4 channels (kernels_data.c: dm_body_interleave2/3/4, sixteen
        // positions per shuffled block): 151 x 149 positions are two or three chunks whose starts
        // are not multiples of 16 and whose ends leave a tail; 7 x 9 is one call, mostly tail
        for (int c = 2; c <= 4; c++) {
            for (int[] hw : new int[][] {{151, 149}, {7, 9}}) {
                int h = hw[0];
                int w = hw[1];
                int n = c * h * w;
                GraphProto.Builder g = GraphProto.newBuilder().setName("to_nhwc_" + c + "x" + h + "x" + w);
                g.addInput(OnnxValues.floatTensor("x", 1, c, h, w)).addOutput(OnnxValues.floatTensor("y", 1, h, w, c));
                g.addNode(NodeProto.newBuilder().setOpType("Transpose").addInput("x").addOutput("y")
                        .addAttribute(OnnxValues.ints("perm", 0, 2, 3, 1)));
                try (HipSession s = env.createSession(model(g), new SessionOptions().setThreads(threads).setCacheDir(cache))) {
                    for (int run = 0; run < 2; run++) {
                        float[] x = data(n, 10 * run + 4);
                        try (Tensor tx = Tensor.fromArray(x, 1, c, h, w); Result r = s.run(new HashMap<>(Map.of("x", tx)))) {
                            float[] y = r.get(0).toFloatArray();
                            assertThat(y).hasSize(n);
                            for (int i = 0; i < n; i++) {
                                int ch = i % c;
                                int pos = i / c;
                                float ref = x[ch * h * w + pos];
                                if (Float.floatToRawIntBits(y[i]) != Float.floatToRawIntBits(ref)) {
                                    throw new AssertionError(String.format("%s at %d thread(s), run %d: y[%d] (position %d, channel %d) = %s, expected %s",
                                            g.getName(), threads, run + 1, i, pos, ch, y[i], ref));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static float[] data(int n, int seed) {
        Random random = new Random(seed);
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return v;
    }

    private static byte[] model(GraphProto.Builder g) {
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("ParallelForTest")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(g).build()
                .toByteArray();
    }
}
