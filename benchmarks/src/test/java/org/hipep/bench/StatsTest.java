package org.hipep.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void medianOfOddAndEvenCountsIgnoresOrder() {
        assertEquals(3.0, Stats.median(new long[] {5, 1, 3}));
        assertEquals(2.5, Stats.median(new long[] {4, 1, 3, 2}));
        assertEquals(7.0, Stats.median(new long[] {7}));
        assertTrue(Double.isNaN(Stats.median(new long[0])));
    }

    @Test
    void medianDoesNotReorderTheSamples() {
        long[] s = {9, 1, 5};
        Stats.median(s);
        assertEquals(9, s[0]);
        assertEquals(1, s[1]);
    }

    @Test
    void quantilesInterpolateBetweenRanks() {
        long[] s = {10, 20, 30, 40, 50};
        assertEquals(10.0, Stats.quantile(s, 0));
        assertEquals(50.0, Stats.quantile(s, 1));
        assertEquals(14.0, Stats.quantile(s, 0.1), 1e-9);
        assertEquals(46.0, Stats.quantile(s, 0.9), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> Stats.quantile(s, 1.5));
    }

    @Test
    void blockRatiosTakeEachPairOfBlocksMediansAndCancelTheHostsSpeed() {
        // ours 0.8x ORT throughout while the host slows 2x and then 3x between pairs of blocks, with
        // one slow run in two of the blocks; the last block is shorter
        int block = 4;
        long[] ours = new long[10];
        long[] ort = new long[10];
        for (int i = 0; i < ours.length; i++) {
            long speed = 1 + i / block;
            ours[i] = 800 * speed;
            ort[i] = 1000 * speed;
        }
        ours[1] = 5000;
        ort[6] = 9000;
        assertArrayEquals(new double[] {0.8, 0.8, 0.8}, Stats.blockRatios(ours, ort, block), 1e-12);
        // a pair whose blocks ran at different speeds shows as a ratio of its own
        ort[8] = 6000;
        ort[9] = 6000;
        assertArrayEquals(new double[] {0.8, 0.8, 0.4}, Stats.blockRatios(ours, ort, block), 1e-12);
        assertArrayEquals(new double[] {0.5, 2.0}, Stats.blockRatios(new long[] {1, 4}, new long[] {2, 2}, 1), 0);
        assertThrows(IllegalArgumentException.class, () -> Stats.blockRatios(new long[2], new long[3], 1));
        assertThrows(IllegalArgumentException.class, () -> Stats.blockRatios(new long[2], new long[2], 0));

        Report.Row row = new Report.Row(1);
        row.block = block;
        row.ours = ours;
        row.ort = ort;
        assertEquals("0.80× (0.48–0.80)", Report.blockRatios(row)); // p10 of {0.4, 0.8, 0.8}: 0.4 + 0.2 * 0.4
    }

    @Test
    void quantilesOfDoublesAsOfTimings() {
        assertEquals(14.0, Stats.quantile(new double[] {50, 10, 30, 20, 40}, 0.1), 1e-9);
        assertTrue(Double.isNaN(Stats.quantile(new double[0], 0.5)));
    }

    @Test
    void diffReportsTheLargestAbsoluteAndRelativeDifferences() {
        Stats.Diff d = Stats.diff(new double[] {1, -2, 0, 100}, new double[] {1.0005, -2, 1e-6, 100.2}, 1e-3, 1e-5);
        assertEquals(0.2, d.maxAbs(), 1e-9);
        assertEquals(0.002, d.maxRel(), 1e-9); // 0.2 / 100; the zero expected element has no relative difference
        assertEquals(1, d.bad()); // only 100 vs 100.2 exceeds 1e-5 + 1e-3 * |e|
        assertEquals(4, d.count());
        assertFalse(d.matches());
    }

    @Test
    void diffTreatsNanAndInfinityByOnnxRule() {
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        assertTrue(Stats.diff(new double[] {nan, inf}, new double[] {nan, inf}, 1e-3, 0).matches());
        assertEquals(2, Stats.diff(new double[] {nan, inf}, new double[] {0, -inf}, 1e-3, 0).bad());
        assertThrows(IllegalArgumentException.class, () -> Stats.diff(new double[1], new double[2], 0, 0));
    }

    @Test
    void compareMatchesOutputsByNameThenPositionAndMerges() {
        Map<String, double[]> ort = new LinkedHashMap<>();
        ort.put("a", new double[] {1, 2});
        ort.put("b", new double[] {10});
        Map<String, double[]> ours = new LinkedHashMap<>();
        ours.put("b", new double[] {10.5});
        ours.put("a", new double[] {1, 2.001});
        Stats.Diff d = Report.compare(ort, ours, 1e-3, 1e-5);
        assertEquals(0.5, d.maxAbs(), 1e-12);
        assertEquals(3, d.count());
        assertEquals(1, d.bad());

        Map<String, double[]> renamed = new LinkedHashMap<>();
        renamed.put("x", new double[] {1, 2});
        renamed.put("y", new double[] {10});
        assertTrue(Report.compare(ort, renamed, 1e-3, 1e-5).matches());
        assertThrows(IllegalStateException.class, () -> Report.compare(ort, Map.of("a", new double[2]), 1e-3, 1e-5));
    }
}
