package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bytedeco.javacpp.BytePointer;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link HipSession#run(Map, Map)}: outputs written into tensors the caller provides (pinned outputs). */
class ProvidedOutputsTest {
    @TempDir
    static Path cache;
    static HipEnvironment env;
    static HipSession session;

    @BeforeAll
    static void open() {
        env = HipEnvironment.create();
        session = env.createSession(SessionApiTest.MODEL, new SessionOptions().setCacheDir(cache).setThreads(2));
    }

    @AfterAll
    static void close() {
        session.close();
        env.close();
    }

    private static float[] normalRun(HipSession s, int batch, int seed) {
        try (Tensor in = Tensor.fromArray(SessionApiTest.image(batch, seed), batch, 1, 8, 8);
                Result r = s.run(Map.of("image", in))) {
            return r.get("probabilities").toFloatArray();
        }
    }

    /** A direct buffer the caller owns, filled with NaN so that an output not written shows. */
    private static Tensor nanOutput(long... shape) {
        int n = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
        ByteBuffer b = ByteBuffer.allocateDirect(n * 4).order(ByteOrder.nativeOrder());
        for (int i = 0; i < n; i++) {
            b.putFloat(i * 4, Float.NaN);
        }
        return Tensor.fromBuffer(b, ElementType.FLOAT, shape);
    }

    private static long address(ByteBuffer direct) {
        return new BytePointer(direct).address();
    }

    @Test
    void theOutputLandsInTheCallersTensor() {
        for (ArtifactFormat format : ArtifactFormat.values()) {
            try (HipSession s = env.createSession(SessionApiTest.MODEL,
                    new SessionOptions().setCacheDir(cache).setArtifactFormat(format))) {
                float[] expected = normalRun(s, 3, 5);
                try (Tensor in = Tensor.fromArray(SessionApiTest.image(3, 5), 3, 1, 8, 8);
                        Tensor out = nanOutput(3, 10)) {
                    try (Result r = s.run(Map.of("image", in), Map.of("probabilities", out))) {
                        Tensor view = r.get("probabilities");
                        assertThat(address(view.buffer())).as(format.toString()).isEqualTo(address(out.buffer()));
                        assertThat(view.shape()).containsExactly(3, 10);
                    }
                    // closing the result leaves the caller's tensor readable and holding the output
                    assertThat(out.toFloatArray()).as(format.toString()).containsExactly(expected);
                }
            }
        }
    }

    @Test
    void aWrongStaticDimensionIsRefusedBeforeTheRun() {
        try (Tensor in = Tensor.fromArray(SessionApiTest.image(1, 1), 1, 1, 8, 8);
                Tensor out = nanOutput(1, 9);
                Tensor ints = Tensor.fromArray(new long[10], 1, 10)) {
            assertThatThrownBy(() -> session.run(Map.of("image", in), Map.of("probabilities", out)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("output tensor 'probabilities': dimension 1 must be 10");
            assertThatThrownBy(() -> session.run(Map.of("image", in), Map.of("probabilities", ints)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("output tensor 'probabilities'").hasMessageContaining("FLOAT");
            assertThatThrownBy(() -> session.run(Map.of("image", in), Map.of("probs", out)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no output named 'probs'");
        }
    }

    @Test
    void aWrongDynamicDimensionFailsTheRunNamingTheOutput() {
        try (Tensor in = Tensor.fromArray(SessionApiTest.image(3, 1), 3, 1, 8, 8);
                Tensor out = nanOutput(2, 10)) {
            assertThatThrownBy(() -> session.run(Map.of("image", in), Map.of("probabilities", out)))
                    .isInstanceOf(RuntimeFailure.class)
                    .hasMessageContaining("output tensor 'probabilities': the model produced a FLOAT output of shape"
                            + " [3, 10], the caller's tensor has shape [2, 10]");
            // the caller's tensor was not written
            for (float v : out.toFloatArray()) {
                assertThat(v).isNaN();
            }
        }
        // the state is usable again with the runtime's own outputs
        assertThat(normalRun(session, 3, 1)).hasSize(30);
    }

    @Test
    void concurrentRunsWriteTheirOwnTensors() throws Exception {
        int runs = 16;
        float[][] expected = new float[runs][];
        for (int i = 0; i < runs; i++) {
            expected[i] = normalRun(session, 1 + i % 4, i);
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<float[]>> futures = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                int k = i;
                futures.add(pool.submit(() -> {
                    int batch = 1 + k % 4;
                    try (Tensor in = Tensor.fromArray(SessionApiTest.image(batch, k), batch, 1, 8, 8);
                            Tensor out = nanOutput(batch, 10);
                            Result r = session.run(Map.of("image", in), Map.of("probabilities", out))) {
                        assertThat(address(r.get(0).buffer())).isEqualTo(address(out.buffer()));
                        return out.toFloatArray();
                    }
                }));
            }
            for (int i = 0; i < runs; i++) {
                assertThat(futures.get(i).get()).as("run " + i).containsExactly(expected[i]);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
