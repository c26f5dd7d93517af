package org.hipep.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** hip-bench's timed runs: the engines' turns, and how ORT's pool threads wait. */
class AlternationTest {
    @Test
    void theEnginesTakeTurnsByBlocksEachLedByAnUntimedRun() {
        List<String> events = new ArrayList<>();
        long[] clock = {0};
        LongSupplier runA = () -> {
            events.add("A");
            return 100 + clock[0]++;
        };
        LongSupplier runB = () -> {
            events.add("B");
            return 200 + clock[0]++;
        };
        long[] a = new long[5];
        long[] b = new long[5];
        OrtComparison.alternate(5, 2, runA, runB, () -> events.add("|"), a, b);
        // blocks of 2 (the last of 1), each after a pause and one untimed run; A's block first, then B's first, ...
        assertThat(String.join("", events)).isEqualTo("|AAA" + "|BBB" + "|BBB" + "|AAA" + "|AA" + "|BB");
        // the untimed lead-in runs (clock 0, 3, 6, 9, 12, 14) are not recorded
        assertThat(a).containsExactly(101, 102, 110, 111, 113);
        assertThat(b).containsExactly(204, 205, 207, 208, 215);
    }

    @Test
    void runByRunAlternationIsBlocksOfOne() {
        StringBuilder events = new StringBuilder();
        OrtComparison.alternate(3, 1, () -> {
            events.append('A');
            return 1;
        }, () -> {
            events.append('B');
            return 2;
        }, () -> { }, new long[3], new long[3]);
        assertThat(events).hasToString("AABB" + "BBAA" + "AABB");
        assertThatThrownBy(() -> OrtComparison.alternate(3, 0, () -> 1, () -> 2, () -> { }, new long[3], new long[3]))
                .hasMessageContaining("--block must be at least 1, got 0");
    }

    @Test
    void thePauseLastsAtLeastWhatItIsAsked() {
        long nanos = 3_000_000;
        long t0 = System.nanoTime();
        OrtComparison.settle(nanos);
        assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(nanos);
    }

    @Test
    void ortThreadsWaitAsTheOptionSays() throws OrtException {
        assertThat(entries(Engines.OrtSpinning.STOP_AFTER_RUN)).containsEntry("session.intra_op.allow_spinning", "1")
                .containsEntry("session.force_spinning_stop", "1");
        assertThat(entries(Engines.OrtSpinning.OFF)).containsEntry("session.intra_op.allow_spinning", "0");
        assertThat(entries(Engines.OrtSpinning.ON)).containsEntry("session.intra_op.allow_spinning", "1")
                .containsEntry("session.force_spinning_stop", "0");
    }

    @Test
    void byDefaultEachEngineRunsInBlocksWithItsOwnSpinning() {
        OrtComparison bench = new OrtComparison();
        new CommandLine(bench).parseArgs();
        assertThat(bench.ortSpinning).isEqualTo(Engines.OrtSpinning.ON);
        assertThat(bench.block).isEqualTo(10);
        // longer than ORT's pool threads spin on after a run (20-40 ms measured; 5 and 20 ms were too short)
        assertThat(bench.settleMs).isGreaterThanOrEqualTo(50);
        new CommandLine(bench).parseArgs("--ort-spinning", "OFF", "--block", "1");
        assertThat(bench.ortSpinning).isEqualTo(Engines.OrtSpinning.OFF);
        assertThat(bench.block).isEqualTo(1);
    }

    private static Map<String, String> entries(Engines.OrtSpinning spinning) throws OrtException {
        try (OrtSession.SessionOptions o = Engines.ortOptions(2, spinning)) {
            return Map.copyOf(o.getConfigEntries());
        }
    }
}
