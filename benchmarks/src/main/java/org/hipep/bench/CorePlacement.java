package org.hipep.bench;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the host runs two of this process's threads, as the mean round trip of one cache line
 * bounced between them: two threads spin on one {@link AtomicInteger}, each waiting for the
 * other's write before it writes. On the two-core machines of docs/BENCHMARKS.md this is 66-170
 * ns when the host runs the two virtual CPUs on cores that share a cache and 420-1030 ns when it
 * does not, and the host moves them every few minutes; every two-thread time depends on it (data
 * written by one core and read by the other crosses between them), so {@link OrtComparison}
 * measures it around each two-thread row.
 */
final class CorePlacement {
    /** The timed bounces of one measurement, after as many untimed ones (100 ms in all at a 500 ns round trip). */
    static final int BOUNCES = 100_000;

    /** Gives up (NaN) when one measurement, warm-up included, takes longer than this. */
    static final long LIMIT_NANOS = 2_000_000_000L;

    private CorePlacement() {
    }

    /**
     * The mean round trip in nanoseconds over {@code bounces} round trips, after as many untimed
     * ones (for the JIT); NaN with fewer than two processors, or when the other thread did not
     * answer within {@link #LIMIT_NANOS} (a loaded machine).
     */
    static double roundTripNanos(int bounces) {
        if (bounces < 1) {
            throw new IllegalArgumentException("bounces must be at least 1, got " + bounces);
        }
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return Double.NaN;
        }
        long deadline = System.nanoTime() + LIMIT_NANOS;
        AtomicInteger line = new AtomicInteger();
        int total = 2 * bounces; // untimed, then timed
        Thread echo = new Thread(() -> {
            for (int i = 0; i < total; i++) {
                if (!await(line, 2 * i + 1, deadline)) {
                    return;
                }
                line.set(2 * i + 2);
            }
        }, "hip-bench core placement");
        echo.setDaemon(true);
        echo.start();
        long start = 0;
        for (int i = 0; i < total; i++) {
            if (i == bounces) {
                start = System.nanoTime();
            }
            line.set(2 * i + 1);
            if (!await(line, 2 * i + 2, deadline)) {
                echo.interrupt();
                return Double.NaN;
            }
        }
        return (System.nanoTime() - start) / (double) bounces;
    }

    /** Spins until {@code line} holds {@code value}; false when the deadline passed first. */
    private static boolean await(AtomicInteger line, int value, long deadline) {
        for (int spins = 0; line.get() != value; spins++) {
            if ((spins & 0xffff) == 0xffff && System.nanoTime() > deadline) {
                return false;
            }
        }
        return true;
    }

    /** "131 / 487": the round trips before and after, rounded; "—" for a value not measured (NaN). */
    static String describe(double before, double after) {
        return one(before) + " / " + one(after);
    }

    private static String one(double nanos) {
        return Double.isNaN(nanos) ? "—" : OrtComparison.fmt("%.0f", nanos);
    }
}
