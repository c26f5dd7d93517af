package org.hipep.host.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hipep.host.session.Conformance;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The example that ships in {@code examples/small-cnn}: up to date with its generator, and it runs. */
class ExampleModelsTest {
    static final Path EXAMPLE = Path.of("..", "examples", "small-cnn");

    @Test
    void committedFilesAreWhatTheGeneratorWrites(@TempDir Path tmp) throws Exception {
        new SmallCnn().write(tmp);
        for (String f : new String[] {"model.onnx", "test_data_set_0/input_0.pb", "test_data_set_0/output_0.pb",
                "test_data_set_1/input_0.pb", "test_data_set_1/output_0.pb"}) {
            assertThat(EXAMPLE.resolve(f)).as(f).exists();
            assertThat(Files.readAllBytes(EXAMPLE.resolve(f))).as(f).isEqualTo(Files.readAllBytes(tmp.resolve(f)));
        }
    }

    @Test
    void referenceOutputsAreProbabilities() {
        SmallCnn cnn = new SmallCnn();
        float[] p = cnn.forward(SmallCnn.input(3), 3);
        for (int n = 0; n < 3; n++) {
            double sum = 0;
            for (int k = 0; k < SmallCnn.CLASSES; k++) {
                assertThat(p[n * SmallCnn.CLASSES + k]).isBetween(0f, 1f);
                sum += p[n * SmallCnn.CLASSES + k];
            }
            assertThat(sum).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
        }
    }

    /** Batch 1 and batch 3 (the two data sets) through one session, in both artifact formats. */
    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void runsAndMatchesTheReference(ArtifactFormat format, @TempDir Path cache) {
        try (HipEnvironment env = HipEnvironment.create()) {
            SessionOptions options = new SessionOptions().setArtifactFormat(format).setCacheDir(cache);
            Conformance.Outcome o = Conformance.run(env, EXAMPLE, options, Conformance.RTOL, Conformance.ATOL);
            assertThat(o.passed()).as(o.stage() + ": " + o.detail()).isTrue();
            try (HipSession s = env.createSession(EXAMPLE.resolve("model.onnx"), options)) {
                assertThat(s.timings().fromCache()).isTrue();
                assertThat(s.inputInfo().get("image").dimNames().get(0)).isEqualTo("batch");
                assertThat(s.inputInfo().get("image").shape()).containsExactly(-1, 1, 8, 8);
                assertThat(s.outputInfo().get("probabilities").toString()).isEqualTo("probabilities: f32[batch, 10]");
            }
        }
    }
}
