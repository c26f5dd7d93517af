package org.hipep.bench;

import java.util.Arrays;

/** Order statistics of timing samples, and the element-wise difference of two engines' outputs. */
public final class Stats {
    private Stats() {
    }

    /** The median of {@code samples} (the mean of the middle two for an even count); NaN when empty. */
    public static double median(long[] samples) {
        return quantile(samples, 0.5);
    }

    /**
     * The {@code q}-quantile of {@code samples} by linear interpolation between the closest ranks
     * ({@code q} in [0, 1]); NaN when there are no samples.
     */
    public static double quantile(long[] samples, double q) {
        return quantile(Arrays.stream(samples).asDoubleStream().toArray(), q);
    }

    /** The {@code q}-quantile of {@code samples}, as for timings; NaN when there are none. */
    public static double quantile(double[] samples, double q) {
        if (q < 0 || q > 1 || Double.isNaN(q)) {
            throw new IllegalArgumentException("quantile " + q + " is outside [0, 1]");
        }
        if (samples.length == 0) {
            return Double.NaN;
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = (int) Math.ceil(pos);
        return s[lo] + (pos - lo) * (s[hi] - s[lo]);
    }

    /**
     * The ratio of two engines' timings block by block: for each stretch {@code [k * block, (k + 1)
     * * block)} of the runs (the last one shorter), the median of {@code a}'s over the median of
     * {@code b}'s. {@code OrtComparison.alternate} times those two blocks back to back, so a change of
     * the host's speed between blocks moves both sides of a ratio alike and the ratios spread only by
     * what changes within a pair of blocks: their quantiles say how far a row's ratio can be trusted,
     * where the ratio of the whole row's medians cannot.
     */
    public static double[] blockRatios(long[] a, long[] b, int block) {
        if (block < 1 || a.length != b.length) {
            throw new IllegalArgumentException("blocks of " + block + " over " + a.length + " and " + b.length
                    + " runs");
        }
        double[] ratios = new double[(a.length + block - 1) / block];
        for (int k = 0; k < ratios.length; k++) {
            int from = k * block;
            int to = Math.min(a.length, from + block);
            ratios[k] = median(Arrays.copyOfRange(a, from, to)) / median(Arrays.copyOfRange(b, from, to));
        }
        return ratios;
    }

    /**
     * How far {@code actual} is from {@code expected}.
     *
     * @param maxAbs the largest |a - e|
     * @param maxRel the largest |a - e| / |e| over the elements where e is not 0
     * @param bad how many elements fail |a - e| <= atol + rtol * |e| (NaN only where NaN, infinities equal)
     * @param count how many elements were compared
     */
    public record Diff(double maxAbs, double maxRel, long bad, long count) {
        /** Whether every element passed. */
        public boolean matches() {
            return bad == 0;
        }

        /** The larger of two differences (counts add), for a model with several outputs. */
        public Diff merge(Diff other) {
            return new Diff(Math.max(maxAbs, other.maxAbs), Math.max(maxRel, other.maxRel), bad + other.bad,
                    count + other.count);
        }
    }

    /**
     * The difference of {@code actual} from {@code expected}, element by element (same length
     * required), by the conformance run's rule ({@code TestData.compare}).
     */
    public static Diff diff(double[] expected, double[] actual, double rtol, double atol) {
        if (expected.length != actual.length) {
            throw new IllegalArgumentException("cannot compare " + actual.length + " elements with " + expected.length);
        }
        org.hipep.host.session.TestData.Comparison c = org.hipep.host.session.TestData.compare(expected.length,
                i -> expected[(int) i], i -> actual[(int) i], rtol, atol);
        return new Diff(c.maxAbs(), c.maxRel(), c.bad(), expected.length);
    }
}
