package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The numerical conformance run: every ONNX node test and shared model, compiled, run and compared
 * by ONNX's rule ({@link Conformance}), in each artifact format. Fails when the number that pass
 * falls below the floor recorded in {@code docs/CONFORMANCE.md} (the "Numerical floor" line), and
 * prints every failure with its reason. Fails, never skips, when {@code ../shared} is missing.
 */
class ConformanceSuiteTest {
    private static final Pattern FLOOR = Pattern.compile("Numerical floor: LLVM_IR \\*\\*(\\d+)\\*\\*, NATIVE \\*\\*(\\d+)\\*\\*");

    static int floor(ArtifactFormat format) throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "CONFORMANCE.md"));
        Matcher m = FLOOR.matcher(doc);
        assertThat(m.find()).as("docs/CONFORMANCE.md has a 'Numerical floor: LLVM_IR **N**, NATIVE **M**' line").isTrue();
        return Integer.parseInt(m.group(format == ArtifactFormat.LLVM_IR ? 1 : 2));
    }

    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void sharedTestsPassNumerically(ArtifactFormat format, @TempDir Path cache) throws Exception {
        int floor = floor(format);
        SessionOptions options = new SessionOptions().setArtifactFormat(format).setCacheDir(cache).setThreads(2);
        List<Conformance.Outcome> all = new ArrayList<>();
        try (HipEnvironment env = HipEnvironment.create()) {
            for (String sub : new String[] {SharedData.NODE_TESTS, SharedData.MODELS}) {
                all.addAll(Conformance.runAll(env, SharedData.dir(sub), options, Conformance.RTOL, Conformance.ATOL,
                        o -> { }));
            }
        }
        List<String> failures = all.stream().filter(o -> !o.passed())
                .map(o -> o.name() + " [" + o.stage() + "] " + o.detail()).toList();
        long passed = all.size() - failures.size();
        System.out.println("conformance " + format + ": " + passed + " passed, " + failures.size() + " failed");
        failures.forEach(f -> System.out.println("  " + f));
        assertThat(all).as("test folders under ../shared").hasSizeGreaterThanOrEqualTo(294);
        assertThat(passed).as("passing tests (" + format + "); failures:\n" + String.join("\n", failures))
                .isGreaterThanOrEqualTo(floor);
    }
}
