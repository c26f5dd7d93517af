package org.hipep.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrtProfileTest {
    @TempDir
    Path dir;

    /** A node event as ORT's profiler writes it (before its run's model_run event). */
    private static String node(String name, String op, long dur) {
        return "{\"cat\": \"Node\", \"pid\": 1, \"tid\": 1, \"dur\": " + dur + ", \"ts\": 0, \"ph\": \"X\", \"name\": \""
                + name + "_kernel_time\", \"args\": {\"op_name\": \"" + op + "\", \"output_type_shape\": "
                + "[{\"float\": [1, 64, 56, 56]}], \"provider\": \"CPUExecutionProvider\"}}";
    }

    private static String run(long dur) {
        return "{\"cat\": \"Session\", \"pid\": 1, \"tid\": 1, \"dur\": " + (dur - 1)
                + ", \"ts\": 0, \"ph\": \"X\", \"name\": \"SequentialExecutor::Execute\", \"args\": {}},"
                + "{\"cat\": \"Session\", \"pid\": 1, \"tid\": 1, \"dur\": " + dur
                + ", \"ts\": 0, \"ph\": \"X\", \"name\": \"model_run\", \"args\": {}}";
    }

    /** Runs of [conv, relu] with these durations, after a session_initialization event. */
    private Path trace(long[][] nodes, long[] runs) throws IOException {
        List<String> events = new ArrayList<>();
        events.add("{\"cat\": \"Session\", \"pid\": 1, \"tid\": 1, \"dur\": 900, \"ts\": 0, \"ph\": \"X\", "
                + "\"name\": \"session_initialization\", \"args\": {}}");
        for (int r = 0; r < runs.length; r++) {
            events.add(node("r2_nchwc", "Conv", nodes[r][0]));
            events.add(node("n3", "Relu", nodes[r][1]));
            events.add(run(runs[r]));
        }
        Path p = dir.resolve("trace.json");
        Files.writeString(p, "[\n" + String.join(",\n", events) + "\n]\n", StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void mediansPerNodeInGraphOrderLeaveOutTheWarmUpRuns() throws IOException {
        /* the first run is slow on purpose: skipped, it must not move any median */
        Path t = trace(new long[][] {{9000, 9000}, {100, 10}, {300, 30}, {200, 20}}, new long[] {20000, 120, 340, 230});
        OrtProfile.Summary s = OrtProfile.read(t, 1);
        assertThat(s.runMicros()).containsExactly(120, 340, 230);
        assertThat(s.medianRun()).isEqualTo(230.0);
        assertThat(s.nodes()).extracting(OrtProfile.Node::name).containsExactly("r2_nchwc", "n3");
        assertThat(s.nodes()).extracting(OrtProfile.Node::op).containsExactly("Conv", "Relu");
        assertThat(s.nodes().get(0).outputs()).isEqualTo("float[1,64,56,56]");
        assertThat(s.nodes().get(0).micros()).containsExactly(100, 300, 200);
        assertThat(s.nodes().get(0).median()).isEqualTo(200.0);
        assertThat(s.nodes().get(1).median()).isEqualTo(20.0);
        assertThat(s.nodeSum()).isEqualTo(220.0);

        assertThat(OrtProfile.read(t, 0).nodes().get(0).micros()).containsExactly(9000, 100, 300, 200);
    }

    @Test
    void theTableGivesEachNodesMedianAndShare() throws IOException {
        OrtProfile.Summary s = OrtProfile.read(trace(new long[][] {{300, 100}}, new long[] {410}), 0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OrtProfile.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), "m, 1 thread(s)", s);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("m, 1 thread(s): ORT's profiler, 1 runs after 0 warm-up, median run 410 µs,"
                + " nodes' medians sum to 400 µs");
        assertThat(out).contains("| r2_nchwc | Conv | float[1,64,56,56] | 300 | 75.0% |");
        assertThat(out).contains("| n3 | Relu | float[1,64,56,56] | 100 | 25.0% |");
    }

    @Test
    void aFileThatIsNotAProfileIsReportedWithItsName() throws IOException {
        Path object = dir.resolve("object.json");
        Files.writeString(object, "{\"cat\": \"Node\"}");
        assertThatThrownBy(() -> OrtProfile.read(object, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(object.toString()).hasMessageContaining("expected a JSON array");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "[{\"cat\": ");
        assertThatThrownBy(() -> OrtProfile.read(broken, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(broken.toString()).hasMessageContaining("not valid JSON");
        Path t = trace(new long[][] {{1, 1}, {2, 2}}, new long[] {3, 5});
        assertThatThrownBy(() -> OrtProfile.read(t, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 model_run event(s), none left after skipping 2 warm-up run(s)");
    }
}
