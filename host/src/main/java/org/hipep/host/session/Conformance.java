package org.hipep.host.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.hipep.runtime.session.TensorInfo;

/**
 * Runs ONNX test folders ({@code model.onnx} and {@code test_data_set_N/input_K.pb,
 * output_K.pb}) through sessions and compares the outputs by ONNX's rule ({@link TestData#mismatch}).
 * A folder passes when it compiles, loads and every data set's every output matches.
 */
public final class Conformance {
    /** ONNX's backend-test tolerances. */
    public static final double RTOL = 1e-3;
    public static final double ATOL = 1e-7;

    private Conformance() {
    }

    /** The outcome of one folder. */
    public record Outcome(String name, boolean passed, String stage, String detail, long compileNanos,
            long runNanos) {
    }

    /** Every folder under {@code root} (itself included) that holds a {@code model.onnx}, sorted. */
    public static List<Path> cases(Path root) {
        if (!Files.isDirectory(root)) {
            throw new UncheckedIOException(new IOException("no such folder: " + root));
        }
        try (Stream<Path> s = Files.walk(root, 3)) {
            return s.filter(p -> Files.isRegularFile(p.resolve("model.onnx"))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs every case under {@code root}, reporting each outcome to {@code progress} as it comes. */
    public static List<Outcome> runAll(HipEnvironment env, Path root, SessionOptions options, double rtol,
            double atol, Consumer<Outcome> progress) {
        List<Outcome> out = new ArrayList<>();
        for (Path dir : cases(root)) {
            Outcome o = run(env, dir, options, rtol, atol);
            progress.accept(o);
            out.add(o);
        }
        return out;
    }

    /** Runs one test folder. */
    public static Outcome run(HipEnvironment env, Path dir, SessionOptions options, double rtol, double atol) {
        String name = dir.getFileName().toString();
        long start = System.nanoTime();
        HipSession session;
        try {
            session = env.createSession(dir.resolve("model.onnx"), options);
        } catch (RuntimeException e) {
            // Any failure is this case's outcome, reported with its kind; the run goes on.
            return new Outcome(name, false, "compile", describe(e), System.nanoTime() - start, 0);
        }
        long compiled = System.nanoTime();
        try (session) {
            List<Path> sets = dataSets(dir);
            if (sets.isEmpty()) {
                return new Outcome(name, false, "data", "no test_data_set_N folder", compiled - start, 0);
            }
            for (Path set : sets) {
                String problem = runDataSet(session, set, rtol, atol);
                if (problem != null) {
                    return new Outcome(name, false, set.getFileName().toString(), problem, compiled - start,
                            System.nanoTime() - compiled);
                }
            }
            return new Outcome(name, true, "", "", compiled - start, System.nanoTime() - compiled);
        } catch (RuntimeException e) {
            return new Outcome(name, false, "run", describe(e), compiled - start, System.nanoTime() - compiled);
        }
    }

    /** The {@code test_data_set_N} folders of a case, in order of N. */
    public static List<Path> dataSets(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("test_data_set_") && Files.isDirectory(p))
                    .sorted((a, b) -> Integer.compare(index(a, "test_data_set_"), index(b, "test_data_set_")))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The inputs of a data set by the session's input names: a proto that names an input goes to
     * it, the others fill the remaining inputs in order.
     */
    public static Map<String, Tensor> inputs(HipSession session, Path set) {
        List<TestData.Named> read = new ArrayList<>();
        for (Path pb : files(set, "input_")) {
            read.add(TestData.read(pb));
        }
        Map<String, Tensor> feeds = new LinkedHashMap<>();
        List<String> names = session.inputNames();
        List<TestData.Named> unnamed = new ArrayList<>();
        for (TestData.Named n : read) {
            if (names.contains(n.name()) && !feeds.containsKey(n.name())) {
                feeds.put(n.name(), n.tensor());
            } else {
                unnamed.add(n);
            }
        }
        int k = 0;
        for (String name : names) {
            if (!feeds.containsKey(name) && k < unnamed.size()) {
                feeds.put(name, unnamed.get(k++).tensor());
            }
        }
        return feeds;
    }

    private static String runDataSet(HipSession session, Path set, double rtol, double atol) {
        Map<String, Tensor> feeds = inputs(session, set);
        List<Path> expectedFiles = files(set, "output_");
        try (Result result = session.run(feeds)) {
            List<TensorInfo> outs = new ArrayList<>(session.outputInfo().values());
            if (expectedFiles.size() != outs.size()) {
                return "the model has " + outs.size() + " outputs, the data set " + expectedFiles.size();
            }
            for (int i = 0; i < outs.size(); i++) {
                Tensor expected = TestData.read(expectedFiles.get(i)).tensor();
                String m = TestData.mismatch(expected, result.get(outs.get(i).name()), rtol, atol);
                if (m != null) {
                    return "output '" + outs.get(i).name() + "': " + m;
                }
            }
            return null;
        } finally {
            feeds.values().forEach(Tensor::close);
        }
    }

    private static List<Path> files(Path set, String prefix) {
        try (Stream<Path> s = Files.list(set)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith(".pb"))
                    .sorted((a, b) -> Integer.compare(index(a, prefix), index(b, prefix))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int index(Path p, String prefix) {
        String n = p.getFileName().toString().substring(prefix.length()).replaceFirst("\\.pb$", "");
        try {
            return Integer.parseInt(n);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** The message; for an exception other than the expected kinds, its class too. */
    private static String describe(RuntimeException e) {
        boolean expected = e instanceof RuntimeFailure || e instanceof OnnxLoadException
                || e instanceof IllegalArgumentException;
        return (expected ? "" : e.getClass().getSimpleName() + ": ") + oneLine(e.getMessage());
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "(no message)";
        }
        String t = s.strip().replace('\n', ' ');
        return t.length() > 300 ? t.substring(0, 300) + "..." : t;
    }
}
