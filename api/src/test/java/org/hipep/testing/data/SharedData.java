package org.hipep.testing.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The test data kept beside the checkout ({@code ../shared}, passed by surefire as the system
 * property {@code hipep.shared.dir}). Missing data is a test failure, never a skip: CI must not
 * pass by testing nothing.
 */
public final class SharedData {
    /** The ONNX backend node tests, one folder per test with {@code model.onnx}. */
    public static final String NODE_TESTS = "onnx-node-tests";
    /** Small real models, one folder per model with {@code model.onnx}. */
    public static final String MODELS = "models";

    private SharedData() {
    }

    /** The sub-folder {@code sub} of the shared data; throws {@link AssertionError} when absent. */
    public static Path dir(String sub) {
        String shared = System.getProperty("hipep.shared.dir");
        if (shared == null) {
            throw new AssertionError("system property hipep.shared.dir is not set: run the tests through Maven");
        }
        Path p = Path.of(shared, sub);
        if (!Files.isDirectory(p)) {
            throw new AssertionError("the shared test data is missing at " + p.toAbsolutePath().normalize()
                    + " (expected " + sub + "/ in the shared folder beside the checkout)");
        }
        return p;
    }

    /**
     * Every {@code model.onnx} of the node tests and of the models, node tests first, each group
     * sorted by folder name.
     */
    public static List<Path> models() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String group : List.of(NODE_TESTS, MODELS)) {
            try (Stream<Path> s = Files.list(dir(group))) {
                s.filter(d -> Files.isRegularFile(d.resolve("model.onnx"))).sorted()
                        .forEach(d -> out.add(d.resolve("model.onnx")));
            }
        }
        return out;
    }
}
