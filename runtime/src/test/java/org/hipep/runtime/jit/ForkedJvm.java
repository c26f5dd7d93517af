package org.hipep.runtime.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A class's {@code main} in a JVM of its own, with this JVM's class path: for what a process does
 * once (loading a native library, reading its environment at load) or must not have done before.
 */
final class ForkedJvm {
    private ForkedJvm() {
    }

    /**
     * Runs {@code main} with {@code args}, its environment this JVM's as {@code environment} changes
     * it; returns its stdout and stderr once it has ended within two minutes with status 0.
     */
    static String run(Class<?> main, Consumer<Map<String, String>> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        environment.accept(pb.environment());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s ended", main.getSimpleName()).isTrue();
        assertThat(p.exitValue()).as("exit status of %s; output:%n%s", main.getSimpleName(), out).isZero();
        return out;
    }
}
