package org.hipep.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report's tables of session creation and first runs: per thread count, each engine's two
 * times; and those of the memory probes' fresh JVMs (ours compiling cold, ours from the cache, ORT).
 */
class SessionTableTest {
    @Test
    void eachThreadCountGivesBothEnginesCreationAndFirstRun() {
        Report report = new Report(1e-3, 1e-5);
        Report.Model m = report.model("m");
        m.coldWallNanos = 250_000_000L;
        m.coldCompileNanos = 150_000_000L;
        m.coldSamples = 3;
        for (int threads : new int[] {1, 2}) {
            Report.Row r = m.row(threads);
            r.iterations = 2;
            r.ours = new long[] {10_000_000L, 10_000_000L};
            r.ort = new long[] {20_000_000L, 20_000_000L};
            r.oursCreateNanos = 27_000_000L * threads;
            r.oursFromCache = true;
            r.oursFirstRunNanos = 34_000_000L * threads;
            r.ortCreateNanos = 22_000_000L * threads;
            r.ortFirstRunNanos = 21_000_000L * threads;
        }
        m.row(2).oursFirstRunNanos = -1; // ours failed before its first run
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("| model | ours: cold compile + load (of which compile) | ours: from cache, per thread"
                + " count | ours: first run | ORT: create session, per thread count | ORT: first run |");
        assertThat(out).contains("| m | 250 (150) | 27.00 @1, 54.00 @2 | 34.00 @1, — @2 | 22.00 @1, 44.00 @2 "
                + "| 21.00 @1, 42.00 @2 |");
        assertThat(out).contains("Cold compile: the median of 3 sessions compiling the model into an empty cache");
    }

    @Test
    void theFreshJvmTableGivesEachProbesCreationAndFirstRun() {
        Report report = new Report(1e-3, 1e-5);
        Report.Model both = report.model("both");
        both.probeThreads = 2;
        both.memOursCold = new MemoryProbe.Peak(40_000, 210_000, 780_000_000L, 151_000_000L);
        both.memOursCached = new MemoryProbe.Peak(40_000, 140_000, 310_000_000L, 146_000_000L);
        both.memOrt = new MemoryProbe.Peak(40_000, 90_000, 160_000_000L, 75_500_000L);
        Report.Model ortOnly = report.model("ort-only"); // ours failed to compile: no probe of ours
        ortOnly.probeThreads = 1;
        ortOnly.memOrt = new MemoryProbe.Peak(40_000, 90_000, 2_310_000L, 581_000L);
        report.model("none"); // --no-memory: no row
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        String out = bytes.toString(StandardCharsets.UTF_8);
        String table = out.substring(out.indexOf("### A fresh JVM's session"), out.indexOf("### GEMM ceiling"));
        assertThat(table).contains("| model | threads | ours, cold compile: create / first run | ours from the cache:"
                + " create / first run | ORT: create / first run |");
        assertThat(table).contains("| both | 2 | 780 / 151 | 310 / 146 | 160 / 75.50 |");
        assertThat(table).contains("| ort-only | 1 | — | — | 2.31 / 0.581 |");
        assertThat(table).doesNotContain("| none |");
        assertThat(table).contains("One sample each.");
    }

    /**
     * Several processes per engine: each figure is its own median over them (here no process has
     * all four medians), and the note under the table says how many.
     */
    @Test
    void severalProbesGiveEachFiguresMedian() {
        MemoryProbe.Peak median = MemoryProbe.Peak.median(List.of(
                new MemoryProbe.Peak(40_000, 150_000, 300_000_000L, 9_000_000L),
                new MemoryProbe.Peak(41_000, 130_000, 500_000_000L, 3_000_000L),
                new MemoryProbe.Peak(39_000, 140_000, 280_000_000L, 5_000_000L)));
        assertThat(median).isEqualTo(new MemoryProbe.Peak(40_000, 140_000, 300_000_000L, 5_000_000L));
        assertThat(MemoryProbe.Peak.median(List.of(new MemoryProbe.Peak(1, 3, 10, 20),
                new MemoryProbe.Peak(2, 4, 11, 30)))).isEqualTo(new MemoryProbe.Peak(2, 4, 11, 25));
        assertThat(MemoryProbe.Peak.median(List.of())).isNull();

        Report report = new Report(1e-3, 1e-5);
        report.probeSamples = 3;
        Report.Model m = report.model("m");
        m.probeThreads = 2;
        m.memOursCached = median;
        m.memOrt = median;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        String out = bytes.toString(StandardCharsets.UTF_8);
        String table = out.substring(out.indexOf("### A fresh JVM's session"), out.indexOf("### GEMM ceiling"));
        assertThat(table).contains("| m | 2 | — | 300 / 5.00 | 300 / 5.00 |");
        assertThat(table).contains("medians of 3 processes per engine").doesNotContain("One sample each.");
    }

    @Test
    void withoutProbesTheFreshJvmTableIsLeftOut() {
        Report report = new Report(1e-3, 1e-5);
        report.model("m"); // --no-memory
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotContain("A fresh JVM's session");
    }
}
