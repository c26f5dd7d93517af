package org.hipep.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** hip-bench's warm-up: a count and a duration, whichever takes longer, capped. */
class WarmUpTest {
    /** A clock that advances 1 ms per pair run. */
    private static int run(int minPairs, long nanos, int maxPairs) {
        AtomicLong now = new AtomicLong();
        AtomicInteger pairs = new AtomicInteger();
        int n = OrtComparison.warmUp(minPairs, nanos, maxPairs, now::get, () -> {
            pairs.incrementAndGet();
            now.addAndGet(1_000_000);
        });
        assertEquals(pairs.get(), n);
        return n;
    }

    @Test
    void runsUntilTheDurationHasPassed() {
        assertEquals(250, run(3, 250_000_000L, 100_000));
    }

    @Test
    void runsAtLeastTheCount() {
        assertEquals(3, run(3, 0, 100_000));
        assertEquals(40, run(40, 10_000_000L, 100_000));
    }

    @Test
    void stopsAtTheCapButNotBeforeTheCount() {
        assertEquals(100, run(3, Long.MAX_VALUE, 100));
        assertEquals(7, run(7, Long.MAX_VALUE, 5));
    }
}
