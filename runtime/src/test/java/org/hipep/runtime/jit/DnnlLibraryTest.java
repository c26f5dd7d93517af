package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link DnnlLibrary}: the spin count libgomp (oneDNN's OpenMP runtime, and the runtime's thread
 * pool) runs with is the one chosen before it loaded, or the user's. Each case loads oneDNN in a
 * JVM of its own (libgomp reads its environment once) with {@code OMP_DISPLAY_ENV=VERBOSE}, so
 * libgomp itself prints what it read; that print is what is checked, not our own bookkeeping alone.
 */
class DnnlLibraryTest {
    /** Loads oneDNN and prints {@link DnnlLibrary#waitPolicyChoice()} (run in the forked JVM). */
    public static final class Load {
        public static void main(String[] args) {
            DnnlLibrary.path();
            System.out.println("choice: " + DnnlLibrary.waitPolicyChoice());
        }
    }

    @Test
    void libgompSpinsTheChosenCountUnlessTheUserSetOne() throws Exception {
        String ours = run(Map.of());
        assertThat(ours).contains("choice: GOMP_SPINCOUNT=" + DnnlLibrary.SPIN_COUNT + " set");
        assertThat(ours).contains("GOMP_SPINCOUNT = '" + DnnlLibrary.SPIN_COUNT + "'");

        String user = run(Map.of("GOMP_SPINCOUNT", "7"));
        assertThat(user).contains("choice: the user's GOMP_SPINCOUNT").contains("GOMP_SPINCOUNT = '7'");

        String policy = run(Map.of("OMP_WAIT_POLICY", "ACTIVE"));
        assertThat(policy).contains("choice: the user's OMP_WAIT_POLICY").contains("OMP_WAIT_POLICY = 'ACTIVE'")
                .doesNotContain("GOMP_SPINCOUNT = '" + DnnlLibrary.SPIN_COUNT + "'");
    }

    /** stdout and stderr of a JVM that loads oneDNN with the given variables (and no inherited OpenMP ones). */
    private static String run(Map<String, String> env) throws IOException, InterruptedException {
        return ForkedJvm.run(Load.class, e -> {
            e.keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("GOMP_"));
            e.put("OMP_DISPLAY_ENV", "VERBOSE");
            e.putAll(env);
        });
    }
}
