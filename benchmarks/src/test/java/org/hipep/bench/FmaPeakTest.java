package org.hipep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** hip-bench's FMA peak: that the loop does the multiply-adds it counts, the rate, and the report's columns. */
class FmaPeakTest {
    /** The loop's result computed one chain and one step at a time, each lane the same. */
    private static double expected(long steps) {
        double sum = 0;
        for (int i = 0; i < FmaPeak.CHAINS; i++) {
            float a = FmaPeak.start(i);
            for (long k = 0; k < steps; k++) {
                a = Math.fma(a, 0.9999f, 1e-7f);
            }
            sum += a;
        }
        return sum * FmaPeak.lanes();
    }

    @Test
    void theLoopTakesEveryStepOfEveryChainOnEveryLane() {
        // a step more or less moves the result by ~1e-4 of it, a chain or a lane left out by far more;
        // the lanes' sum may be added in any order, hence the 1e-6
        for (long steps : new long[] {0, 1, 2, 3, 1000}) {
            double want = expected(steps);
            assertEquals(want, FmaPeak.chains(steps), 1e-6 * want, "steps " + steps);
        }
        assertEquals(2.0 * FmaPeak.CHAINS * FmaPeak.lanes() * 1000, FmaPeak.flops(1000));
    }

    @Test
    void thePeakIsAPlausibleRateAtOneAndTwoThreads() throws InterruptedException {
        for (int threads = 1; threads <= 2; threads++) {
            double gflops = FmaPeak.gflops(threads, 2_000_000, 3);
            // one core: ~4 GFLOP/s for scalar FMA at 1 GHz up to ~1000 for several wide units at 5 GHz;
            // 0, NaN or infinity would be a broken count or timer
            assertTrue(gflops > 1 && gflops < 1000.0 * threads, threads + " thread(s): " + gflops + " GFLOP/s");
        }
        assertThrows(IllegalArgumentException.class, () -> FmaPeak.gflops(0, 1, 1));
    }

    @Test
    void theReportSetsBothEnginesAgainstThePeak() {
        Report report = new Report(1e-3, 1e-5);
        report.fmaPeak(1, 100.0);
        Report.Model m = report.model("m");
        m.flops = 2_000_000_000L; // 2 GFLOP: 40 GFLOP/s in 50 ms, 25 in 80 ms
        Report.Row r = m.row(1);
        r.iterations = 3;
        r.ours = new long[] {50_000_000, 50_000_000, 50_000_000};
        r.ort = new long[] {80_000_000, 80_000_000, 80_000_000};
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("1 thread(s): **100.0 GFLOP/s**"), text);
        assertTrue(text.contains("| m | 2.000 | 1 | 40.0 | 25.0 | — | 40% | 25% |"), text);
    }
}
