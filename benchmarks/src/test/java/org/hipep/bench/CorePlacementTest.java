package org.hipep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The cores' round trip of hip-bench's report: the measurement and its column. */
class CorePlacementTest {
    @Test
    void roundTripIsAPlausibleLatencyWithTwoProcessorsAndNaNWithOne() {
        double nanos = CorePlacement.roundTripNanos(20_000);
        if (Runtime.getRuntime().availableProcessors() < 2) {
            assertTrue(Double.isNaN(nanos), "one processor: not measured, got " + nanos);
            return;
        }
        // a cache line's round trip between two cores: tens of ns on one chip, a few us at most
        // across sockets or on a loaded host; 0, NaN or a timer's resolution would be a broken count
        assertTrue(nanos > 10 && nanos < 100_000, "round trip " + nanos + " ns");
    }

    @Test
    void refusesNoBounces() {
        assertThrows(IllegalArgumentException.class, () -> CorePlacement.roundTripNanos(0));
    }

    @Test
    void theReportShowsBeforeAndAfterForTwoThreadRowsOnly() {
        Report report = new Report(1e-3, 1e-5);
        Report.Model m = report.model("m");
        for (int threads = 1; threads <= 2; threads++) {
            Report.Row r = m.row(threads);
            r.iterations = 3;
            r.ours = new long[] {1_000_000, 1_000_000, 1_000_000};
            r.ort = new long[] {2_000_000, 2_000_000, 2_000_000};
        }
        m.row(2).placementBefore = 131.4;
        m.row(2).placementAfter = 486.6;
        m.row(1).placementBefore = 99; // a one-thread row shows none, whatever it holds
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        String text = bytes.toString(StandardCharsets.UTF_8);
        String one = text.lines().filter(l -> l.startsWith("| m | 1 |")).findFirst().orElseThrow();
        String two = text.lines().filter(l -> l.startsWith("| m | 2 |")).findFirst().orElseThrow();
        assertTrue(two.endsWith("| 131 / 487 |"), two);
        assertTrue(one.endsWith("| — |"), one);
        String header = text.lines().filter(l -> l.startsWith("| model | threads |")).findFirst().orElseThrow();
        assertEquals(header.chars().filter(c -> c == '|').count(), two.chars().filter(c -> c == '|').count(),
                "one cell per column: " + two);
        assertEquals("— / 250", CorePlacement.describe(Double.NaN, 250.2));
    }
}
