package org.hipep.testing.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs an upstream tool ({@code mlir-opt-22}, {@code mlir-translate-22}) on text given on its
 * standard input, for the tests that compare our IR with upstream's.
 */
public final class UpstreamTool {
    private UpstreamTool() {
    }

    /**
     * {@code tool flags... -} with {@code input} on standard input; its standard output. A tool that
     * does not finish within a minute or exits non-zero fails the test, showing its error output
     * and the input.
     */
    public static String run(Path tool, String input, String... flags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(tool.toString());
        cmd.addAll(List.of(flags));
        cmd.add("-");
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s %s rejected:%n%s%n--- input ---%n%s", tool.getFileName(),
                String.join(" ", flags), err, input).isZero();
        return out;
    }
}
