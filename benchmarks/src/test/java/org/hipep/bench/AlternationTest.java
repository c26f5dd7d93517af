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
        // no lead-in time asked: one untimed run
        OrtComparison.alternate(5, 2, 0, () -> clock[0], runA, runB, a, b);
        // blocks of 2 (the last of 1), each after one untimed run; A's block first, then B's first, ...
        assertThat(String.join("", events)).isEqualTo("AAA" + "BBB" + "BBB" + "AAA" + "AA" + "BB");
        // the untimed lead-in runs (clock 0, 3, 6, 9, 12, 14) are not recorded
        assertThat(a).containsExactly(101, 102, 110, 111, 113);
        assertThat(b).containsExactly(204, 205, 207, 208, 215);
    }

    @Test
    void theLeadInRunsUntilItsTimeHasPassed() {
        StringBuilder events = new StringBuilder();
        long[] clock = {0};
        // each run takes 3 time units; a lead-in of 7 takes three runs (after 3 and 6 units, not yet 7)
        OrtComparison.alternate(2, 2, 7, () -> clock[0], () -> {
            events.append('A');
            clock[0] += 3;
            return clock[0];
        }, () -> {
            events.append('B');
            clock[0] += 3;
            return clock[0];
        }, new long[2], new long[2]);
        assertThat(events).hasToString("AAA" + "AA" + "BBB" + "BB");
    }

    @Test
    void runByRunAlternationIsBlocksOfOne() {
        StringBuilder events = new StringBuilder();
        OrtComparison.alternate(3, 1, 0, () -> 0, () -> {
            events.append('A');
            return 1;
        }, () -> {
            events.append('B');
            return 2;
        }, new long[3], new long[3]);
        assertThat(events).hasToString("AABB" + "BBAA" + "AABB");
        assertThatThrownBy(() -> OrtComparison.alternate(3, 0, 0, () -> 0, () -> 1, () -> 2, new long[3], new long[3]))
                .hasMessageContaining("--block must be at least 1, got 0");
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
        // longer than ORT's pool threads spin on after a run (20-40 ms measured)
        assertThat(bench.leadInMs).isGreaterThanOrEqualTo(50);
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
