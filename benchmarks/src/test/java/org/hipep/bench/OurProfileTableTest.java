package org.hipep.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hipep.runtime.session.Profile;
import org.junit.jupiter.api.Test;

/** {@code hip-bench --profile}'s table of ours: per kernel call site, after the warm-up runs. */
class OurProfileTableTest {
    @Test
    void theTableGivesEachSitesMedianAndShareAfterTheWarmUp() {
        List<Profile.Run> runs = new ArrayList<>();
        List<Profile.Call> calls = new ArrayList<>();
        long[][] micros = {{9000, 900}, {9000, 900}, {9000, 900}, {9000, 900}, {9000, 900}, // warm-up: left out
            {300, 100}, {320, 90}, {280, 110}};
        for (int r = 0; r < micros.length; r++) {
            runs.add(new Profile.Run(r, 1, r * 10_000_000L, 1000 * (micros[r][0] + micros[r][1] + 20), 0));
            calls.add(new Profile.Call(r, "conv+relu", "hip.conv", "hipep_conv_f32_in3_clamp", 0, 1000 * micros[r][0]));
            calls.add(new Profile.Call(r, "", "hip.softmax", "hipep_softmax_f32", 0, 1000 * micros[r][1]));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OrtComparison.printOurs(new PrintStream(bytes, true, StandardCharsets.UTF_8), "m, 1 thread(s)",
                new Profile(runs, calls, 0), 5);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("m, 1 thread(s): our profiler, 3 runs after 5 warm-up, median run 420 µs,"
                + " kernel calls' medians sum to 400 µs");
        assertThat(out).contains("| node | op | kernel | calls | median µs | share |");
        assertThat(out).contains("| conv+relu | hip.conv | hipep_conv_f32_in3_clamp | 1 | 300 | 75.0% |");
        assertThat(out).contains("| - | hip.softmax | hipep_softmax_f32 | 1 | 100 | 25.0% |");
    }
}
