package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                Load.class.getName())).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("OMP_") || k.startsWith("GOMP_"));
        pb.environment().put("OMP_DISPLAY_ENV", "VERBOSE");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the JVM loading oneDNN ended").isTrue();
        assertThat(p.exitValue()).as("exit status; output:%n%s", out).isZero();
        return out;
    }
}
