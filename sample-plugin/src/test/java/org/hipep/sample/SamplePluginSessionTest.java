package org.hipep.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample plugin in the Session API: a session with {@code addPlugins("sample")} compiles with
 * the plugin's passes, links its runtime bitcode and finds its static library
 * ({@code libhip_ep_sample_lib.a}) in both artifact formats, and runs the example model to the
 * outputs of a session without plugins.
 */
class SamplePluginSessionTest {
    static final Path MODEL = Path.of("..", "examples", "small-cnn", "model.onnx");
    static final String RUNTIME_MARKER = "hip_ep_sample_plugin_runtime_marker";

    @TempDir
    Path cache;

    private static float[] input() {
        float[] x = new float[2 * 64];
        for (int i = 0; i < x.length; i++) {
            x[i] = ((i * 29) % 13) / 13f - 0.4f;
        }
        return x;
    }

    private static float[] run(HipSession s) {
        try (Tensor in = Tensor.fromArray(input(), 2, 1, 8, 8); Result r = s.run(Map.of("image", in))) {
            return r.get("probabilities").toFloatArray();
        }
    }

    @Test
    void aSessionWithTheSamplePluginRunsInBothFormats() throws Exception {
        try (HipEnvironment env = HipEnvironment.create()) {
            for (ArtifactFormat format : ArtifactFormat.values()) {
                float[] plain;
                try (HipSession s = env.createSession(MODEL,
                        new SessionOptions().setCacheDir(cache).setArtifactFormat(format))) {
                    plain = run(s);
                    if (format == ArtifactFormat.NATIVE) {
                        assertThat(soText(s)).doesNotContain(RUNTIME_MARKER);
                    }
                }
                try (HipSession s = env.createSession(MODEL,
                        new SessionOptions().setCacheDir(cache).setArtifactFormat(format).addPlugins("sample"))) {
                    assertThat(s.timings().fromCache()).as("a plugin set is part of the cache key").isFalse();
                    float[] withPlugin = run(s);
                    assertThat(withPlugin).as(format.toString()).hasSize(plain.length);
                    for (int i = 0; i < plain.length; i++) {
                        assertThat(withPlugin[i]).as(format + " element " + i).isCloseTo(plain[i],
                                org.assertj.core.data.Offset.offset(1e-6f));
                    }
                    if (format == ArtifactFormat.NATIVE) {
                        // the plugin's runtime bitcode was linked into the shared object
                        assertThat(soText(s)).contains(RUNTIME_MARKER);
                    }
                }
            }
        }
    }

    private static String soText(HipSession s) throws Exception {
        Path so = s.timings().artifactDir().resolve("model.so");
        assertThat(so).exists();
        return new String(Files.readAllBytes(so), StandardCharsets.ISO_8859_1);
    }

    @Test
    void anUnknownPluginIsAnErrorListingTheKnownOnes() {
        try (HipEnvironment env = HipEnvironment.create()) {
            assertThatThrownBy(() -> env.createSession(MODEL,
                    new SessionOptions().setCacheDir(cache).addPlugins("no-such-plugin")))
                    .hasMessageContaining("unknown plugin id 'no-such-plugin'").hasMessageContaining("sample");
        }
    }
}
