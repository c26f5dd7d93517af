package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.hipep.passes.llvm.Json;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Profile;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Profiling a session (SessionOptions.enableProfiling, HipSession.profile / endProfiling) on the
 * example model, in both artifact formats: every kernel call of every run, named by its ONNX nodes
 * (Conv and Relu fused into one call), inside its run, and the trace file ONNX Runtime's tools read.
 */
class SessionProfilingTest {
    @TempDir
    Path dir;

    /** The example's ops as the compiler leaves them, in call order: node, op. */
    static final List<List<String>> SITES = List.of(List.of("conv+relu", "hip.conv"), List.of("pool", "hip.max_pool"),
            List.of("flatten", "hip.flatten"), List.of("fc", "hip.gemm"), List.of("softmax", "hip.softmax"));

    private static void run(HipSession session, int times) {
        try (Tensor in = Tensor.fromArray(SessionApiTest.image(2, 3), 2, 1, 8, 8)) {
            for (int i = 0; i < times; i++) {
                try (Result r = session.run(Map.of("image", in))) {
                    assertThat(r.get("probabilities").shape()).containsExactly(2, 10);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void everyKernelCallOfEveryRunIsTimedAndNamedByItsNodes(ArtifactFormat format) throws Exception {
        Path prefix = dir.resolve("traces").resolve("cnn");
        try (HipEnvironment env = HipEnvironment.create();
                HipSession session = env.createSession(SessionApiTest.MODEL, new SessionOptions()
                        .setCacheDir(dir.resolve("cache")).setArtifactFormat(format).setThreads(1)
                        .enableProfiling(prefix))) {
            run(session, 3);
            Profile p = session.profile();
            assertThat(p.runs()).extracting(Profile.Run::run).containsExactly(0L, 1L, 2L);
            assertThat(p.runs()).allSatisfy(r -> assertThat(r.status()).isZero());
            assertThat(p.droppedCalls()).isZero();
            assertThat(p.calls()).hasSize(3 * SITES.size());
            for (Profile.Run r : p.runs()) {
                List<Profile.Call> calls = p.calls().stream().filter(c -> c.run() == r.run()).toList();
                assertThat(calls).extracting(c -> List.of(c.node(), c.op())).containsExactlyElementsOf(SITES);
                long previousEnd = r.startNanos();
                for (Profile.Call c : calls) {
                    assertThat(c.kernel()).startsWith("hipep_" + c.op().substring(4));
                    assertThat(c.durationNanos()).isPositive();
                    assertThat(c.startNanos()).isGreaterThanOrEqualTo(previousEnd); // in call order, inside the run
                    previousEnd = c.startNanos() + c.durationNanos();
                }
                assertThat(previousEnd).isLessThanOrEqualTo(r.startNanos() + r.durationNanos());
            }
            assertThat(p.sites(1)).extracting(s -> List.of(s.node(), s.op())).containsExactlyElementsOf(SITES);

            Path trace = session.endProfiling();
            assertThat(trace.getParent()).isEqualTo(prefix.getParent().toAbsolutePath());
            assertThat(trace.getFileName().toString()).matches("cnn_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d\\.json");
            try (var left = Files.list(trace.getParent())) {
                assertThat(left).containsExactly(trace); // no temporary file left beside it
            }
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> events = (List<Map<String, Object>>) Json.parse(
                    Files.readString(trace, StandardCharsets.UTF_8));
            Map<String, List<Map<String, Object>>> byCat = events.stream()
                    .collect(Collectors.groupingBy(e -> (String) e.get("cat")));
            assertThat(byCat.get("Session")).hasSize(3).allSatisfy(e -> assertThat(e.get("name")).isEqualTo("model_run"));
            List<Map<String, Object>> nodes = byCat.get("Node");
            assertThat(nodes).hasSize(3 * SITES.size());
            assertThat(nodes.subList(0, SITES.size())).extracting(e -> e.get("name"))
                    .containsExactly("conv+relu_kernel_time", "pool_kernel_time", "flatten_kernel_time",
                            "fc_kernel_time", "softmax_kernel_time");
            @SuppressWarnings("unchecked")
            Map<String, Object> args = (Map<String, Object>) nodes.get(0).get("args");
            assertThat(args).containsEntry("op_name", "hip.conv").containsEntry("run", 0L);
            assertThat(nodes.get(0).get("ph")).isEqualTo("X");
            assertThat(((Number) nodes.get(0).get("dur")).doubleValue())
                    .isEqualTo(p.calls().get(0).durationNanos() / 1e3, org.assertj.core.data.Offset.offset(1e-3));

            // ended: nothing more is recorded, and neither call works again
            run(session, 1);
            assertThatThrownBy(session::profile).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("enableProfiling");
            assertThatThrownBy(session::endProfiling).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aSessionWithoutProfilingSaysHowToEnableIt() {
        try (HipEnvironment env = HipEnvironment.create();
                HipSession session = env.createSession(SessionApiTest.MODEL,
                        new SessionOptions().setCacheDir(dir.resolve("cache")).setThreads(1))) {
            run(session, 1);
            assertThatThrownBy(session::profile).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the session does not profile: enable it with SessionOptions.enableProfiling"
                            + " (endProfiling ends it)");
            assertThatThrownBy(session::endProfiling).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aTraceThatCannotBeWrittenIsAnErrorAndTheProfileStays() throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-folder"), "x");
        try (HipEnvironment env = HipEnvironment.create();
                HipSession session = env.createSession(SessionApiTest.MODEL, new SessionOptions()
                        .setCacheDir(dir.resolve("cache")).setThreads(1).enableProfiling(blocker.resolve("cnn")))) {
            run(session, 2);
            assertThatThrownBy(session::endProfiling).isInstanceOf(java.io.UncheckedIOException.class)
                    .hasMessageContaining("cannot write the profile").hasMessageContaining("not-a-folder");
            assertThat(session.profile().runs()).hasSize(2); // nothing recorded is lost
        }
    }
}
