package org.hipep.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The machine's float multiply-add peak: {@link #CHAINS} independent chains of fused multiply-adds
 * on the widest float vectors the JVM uses ({@link FloatVector#SPECIES_PREFERRED}: 16 lanes with
 * AVX-512), one loop per thread. Twelve chains cover the latency of two FMA units (4 cycles each),
 * so the loop runs at the units' throughput; on a Zen 4 core it measured what the same loop in C
 * does (117 GFLOP/s, docs/BENCHMARKS.md). A model's multiply-adds at this rate are the least time a
 * float32 engine can take for them without doing fewer (Winograd's convolutions do fewer), which is
 * what {@link Report} sets against ONNX Runtime's time. The sgemm ceiling ({@link GemmCeiling}) is
 * a tuned library's rate on one shape, a few percent under this.
 */
final class FmaPeak {
    /** The independent multiply-add chains of each thread's loop. */
    static final int CHAINS = 12;

    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

    private FmaPeak() {
    }

    /** The lanes of one vector of {@link #chains}. */
    static int lanes() {
        return SPECIES.length();
    }

    /** The floating-point operations of one call of {@link #chains}: a multiply and an add per lane and step. */
    static double flops(long steps) {
        return 2.0 * CHAINS * lanes() * steps;
    }

    /**
     * {@code steps} steps of the {@link #CHAINS} chains, {@code a = fma(a, 0.9999, 1e-7)} from the
     * starting values {@link #start}; returns the sum of every lane of every chain, so that no step
     * is left out by the JIT. The chains are twelve locals rather than an array: vectors kept in an
     * array are objects on the heap, not registers (that loop ran at 6.4 GFLOP/s); their starting
     * values are written as constants: taken from {@code start(i)} calls, HotSpot 17's C2 compiled
     * the loop to two thirds of this rate (78 against 117 GFLOP/s on a Zen 4 core, where the same
     * loop in C runs at 117).
     */
    static float chains(long steps) {
        FloatVector b = FloatVector.broadcast(SPECIES, 0.9999f);
        FloatVector c = FloatVector.broadcast(SPECIES, 1e-7f);
        FloatVector a0 = FloatVector.broadcast(SPECIES, 0.1f * 1);
        FloatVector a1 = FloatVector.broadcast(SPECIES, 0.1f * 2);
        FloatVector a2 = FloatVector.broadcast(SPECIES, 0.1f * 3);
        FloatVector a3 = FloatVector.broadcast(SPECIES, 0.1f * 4);
        FloatVector a4 = FloatVector.broadcast(SPECIES, 0.1f * 5);
        FloatVector a5 = FloatVector.broadcast(SPECIES, 0.1f * 6);
        FloatVector a6 = FloatVector.broadcast(SPECIES, 0.1f * 7);
        FloatVector a7 = FloatVector.broadcast(SPECIES, 0.1f * 8);
        FloatVector a8 = FloatVector.broadcast(SPECIES, 0.1f * 9);
        FloatVector a9 = FloatVector.broadcast(SPECIES, 0.1f * 10);
        FloatVector a10 = FloatVector.broadcast(SPECIES, 0.1f * 11);
        FloatVector a11 = FloatVector.broadcast(SPECIES, 0.1f * 12);
        for (long k = 0; k < steps; k++) {
            a0 = a0.fma(b, c);
            a1 = a1.fma(b, c);
            a2 = a2.fma(b, c);
            a3 = a3.fma(b, c);
            a4 = a4.fma(b, c);
            a5 = a5.fma(b, c);
            a6 = a6.fma(b, c);
            a7 = a7.fma(b, c);
            a8 = a8.fma(b, c);
            a9 = a9.fma(b, c);
            a10 = a10.fma(b, c);
            a11 = a11.fma(b, c);
        }
        return a0.add(a1).add(a2).add(a3).add(a4).add(a5).add(a6).add(a7).add(a8).add(a9).add(a10).add(a11)
                .reduceLanes(VectorOperators.ADD);
    }

    /**
     * Chain i's starting value, as {@link #chains} writes it out: all different, or the JIT could
     * merge equal chains into one.
     */
    static float start(int chain) {
        return 0.1f * (chain + 1);
    }

    /**
     * The peak in GFLOP/s at {@code threads} threads: each runs {@link #chains} for {@code steps}
     * steps, all released together; the FLOPs of all over the wall time until the last one ends,
     * the median of {@code reps} such rounds after a warm-up that lets the JIT compile the loop.
     */
    static double gflops(int threads, long steps, int reps) throws InterruptedException {
        if (threads < 1 || steps < 1 || reps < 1) {
            throw new IllegalArgumentException("threads, steps and reps must be at least 1, got " + threads + ", "
                    + steps + ", " + reps);
        }
        for (int i = 0; i < 20; i++) {
            blackhole += chains(Math.min(steps, 100_000));
        }
        long[] wall = new long[reps];
        for (int rep = 0; rep < reps; rep++) {
            wall[rep] = round(threads, steps);
        }
        return threads * flops(steps) / Stats.median(wall);
    }

    /** Keeps the warm-up's results alive. */
    private static volatile float blackhole;

    private static long round(int threads, long steps) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch ready = new CountDownLatch(threads);
        List<Thread> team = new ArrayList<>();
        float[] sums = new float[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                sums[id] = chains(steps);
            }, "hip-bench fma peak " + t);
            th.setDaemon(true);
            team.add(th);
            th.start();
        }
        ready.await();
        long t0 = System.nanoTime();
        go.countDown();
        for (Thread th : team) {
            th.join();
        }
        long wall = System.nanoTime() - t0;
        for (float s : sums) {
            blackhole += s;
        }
        return wall;
    }
}
