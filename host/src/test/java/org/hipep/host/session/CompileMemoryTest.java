package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
 * Compiling a model does not copy its weights again and again: the ONNX bytes are parsed with
 * aliasing ({@code raw_data} stays a view of the caller's array), and {@code
 * hip-externalize-constants} writes those views into the sidecar through one bounded chunk. A
 * model with a 32 MB MatMul weight, compiled from its bytes (after a warm-up compile of a small
 * one in the same JVM): the compiling thread allocates less than the weight's size in all (it
 * allocated about four times that when the parser copied each {@code raw_data} twice and the pass
 * once for the plan and once more to write it). The compiled model then runs right.
 */
class CompileMemoryTest {
    private static final int M = 4;

    @TempDir
    Path dir;

    @Test
    void compilingFromBytesDoesNotCopyTheWeights() throws Exception {
        byte[] small = Files.readAllBytes(model("small", 16, 16));
        int k = 2048, n = 4096;
        long weightBytes = 4L * k * n;
        byte[] big = Files.readAllBytes(model("big", k, n));
        try (HipEnvironment env = HipEnvironment.create()) {
            try (HipSession warm = env.createSession(small, new SessionOptions().setThreads(1))) {
                assertThat(warm.inputNames()).containsExactly("a");
            }
            long before = allocatedBytes();
            try (HipSession s = env.createSession(big, new SessionOptions().setThreads(1))) {
                long allocated = allocatedBytes() - before;
                assertThat(allocated).as("bytes allocated by compiling and loading a model with a %d-byte weight",
                        weightBytes).isLessThan(weightBytes);
                float[] a = new float[M * k];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (i % 7) - 3;
                }
                try (Tensor ta = Tensor.fromArray(a, M, k); Result r = s.run(Map.of("a", ta))) {
                    float[] y = r.get("y").toFloatArray();
                    for (int i = 0; i < M; i++) {
                        for (int j = 0; j < n; j += 509) {
                            double want = 0;
                            for (int q = 0; q < k; q++) {
                                want += (double) a[i * k + q] * weight(q, j, n);
                            }
                            assertThat((double) y[i * n + j]).as("y[%d][%d]", i, j)
                                    .isCloseTo(want, org.assertj.core.data.Offset.offset(1e-3 * (1 + Math.abs(want))));
                        }
                    }
                }
            }
        }
    }

    /**
     * The bytes this thread has allocated so far ({@code com.sun.management.ThreadMXBean}, by
     * reflection: the tests are compiled in the host module, which does not read jdk.management).
     */
    private static long allocatedBytes() throws Exception {
        Object mx = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
        return (long) Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes")
                .invoke(mx);
    }

    private static float weight(int q, int j, int n) {
        return ((q * 31 + j * 17) % 13 - 6) / 8f;
    }

    /** a [M, k] times an initializer w [k, n]. */
    private Path model(String name, int k, int n) throws Exception {
        float[] w = new float[k * n];
        for (int q = 0; q < k; q++) {
            for (int j = 0; j < n; j++) {
                w[q * n + j] = weight(q, j, n);
            }
        }
        GraphProto g = GraphProto.newBuilder().setName(name).addInput(OnnxValues.floatTensor("a", M, k))
                .addInitializer(OnnxValues.floatData("w", w, k, n))
                .addNode(NodeProto.newBuilder().setOpType("MatMul").setName("mm").addInput("a").addInput("w")
                        .addOutput("y"))
                .addOutput(OnnxValues.floatTensor("y", M, n)).build();
        return OnnxValues.writeModel(dir.resolve(name + ".onnx"), g, 17);
    }
}
