package org.hipep.runtime.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Profile}'s per-site medians over the runs, from a profile made by hand. */
class ProfileTest {
    private static Profile.Call call(long run, String node, String op, long start, long nanos) {
        return new Profile.Call(run, node, op, "hipep_" + op.substring(4) + "_f32", start, nanos);
    }

    /**
     * Four runs: run 0 is slow (a first run), run 2 failed; "pool" is called twice in run 1 and 3
     * and not at all in run 0.
     */
    static final Profile PROFILE = new Profile(List.of(
            new Profile.Run(0, 1, 0, 900, 0),
            new Profile.Run(1, 1, 1000, 100, 0),
            new Profile.Run(2, 1, 2000, 50, 7),
            new Profile.Run(3, 1, 3000, 120, 0)),
            List.of(
                    call(0, "conv+relu", "hip.conv", 0, 800),
                    call(1, "conv+relu", "hip.conv", 1000, 40),
                    call(1, "pool", "hip.max_pool", 1050, 10),
                    call(1, "pool", "hip.max_pool", 1070, 15),
                    call(2, "conv+relu", "hip.conv", 2000, 1),
                    call(2, "", "hip.softmax", 2010, 1),
                    call(3, "conv+relu", "hip.conv", 3000, 60),
                    call(3, "pool", "hip.max_pool", 3070, 20),
                    call(3, "pool", "hip.max_pool", 3090, 30)),
            3);

    @Test
    void sitesInFirstCallOrderWithTheirCallsAndMedianTimePerRun() {
        // runs 0, 1 and 3 (run 2 failed): conv 800, 40, 60 -> 60; pool 0, 25, 50 -> 25
        assertThat(PROFILE.sites(0)).containsExactly(
                new Profile.Site("conv+relu", "hip.conv", "hipep_conv_f32", 1, 60),
                new Profile.Site("pool", "hip.max_pool", "hipep_max_pool_f32", 2, 25));
        assertThat(PROFILE.medianRunNanos(0)).isEqualTo(120);
    }

    @Test
    void leavesOutTheRunsBeforeFirstRunAndFailedRuns() {
        // runs 1 and 3: conv 40, 60 -> the upper median 60; pool 25, 50 -> 50; softmax only ran in run 2
        assertThat(PROFILE.sites(1)).containsExactly(
                new Profile.Site("conv+relu", "hip.conv", "hipep_conv_f32", 1, 60),
                new Profile.Site("pool", "hip.max_pool", "hipep_max_pool_f32", 2, 50));
        assertThat(PROFILE.medianRunNanos(1)).isEqualTo(120);
        assertThat(PROFILE.sites(4)).isEmpty();
        assertThat(PROFILE.medianRunNanos(4)).isZero();
    }

    @Test
    void callSiteNamesSplitIntoNodeOpAndKernel() {
        assertThat(SessionProfiler.split("conv+relu\thip.conv\thipep_conv_f32_in3_clamp"))
                .containsExactly("conv+relu", "hip.conv", "hipep_conv_f32_in3_clamp");
        assertThat(SessionProfiler.split("\thip.softmax\thipep_softmax_f32")).containsExactly("", "hip.softmax",
                "hipep_softmax_f32");
        assertThat(SessionProfiler.split("odd")).containsExactly("odd", "", "");
    }
}
