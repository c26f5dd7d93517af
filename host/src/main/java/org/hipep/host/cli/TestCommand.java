package org.hipep.host.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.hipep.runtime.session.TensorInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code hip-test artifact}: loads a compiled model (bitcode through the JIT, or a shared object),
 * runs it on random inputs and prints the timings; {@code --validate} fails when an output holds
 * NaN or an infinity.
 */
@Command(name = "hip-test", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Loads a compiled model, runs it on random inputs and prints timings.")
public final class TestCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @CommandLine.Mixin
    private PluginOptions pluginOptions;

    @Parameters(index = "0", paramLabel = "<model.bc|model.so>", description = "The artifact (metadata beside it).")
    private Path artifact;

    @Option(names = "--input-shape", paramLabel = "<INDEX=DIMS;...>",
            description = "Shapes of inputs with dynamic dimensions, e.g. '0=8,3,224,224;1=8' (default: 1 per dynamic dim).")
    private String inputShapes;

    @Option(names = "--iterations", paramLabel = "<N>", defaultValue = "10", description = "Runs (default 10).")
    private int iterations;

    @Option(names = "--validate", description = "Fail when an output holds NaN or an infinity.")
    private boolean validate;

    @Option(names = "--verbose", description = "Print every output's shape and first values.")
    private boolean verbose;

    @Option(names = "--threads", paramLabel = "<N>", description = "Threads per run (default: every core).")
    private Integer threads;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SessionOptions options = new SessionOptions().addPlugins(pluginOptions.selection().toArray(String[]::new));
        if (threads != null) {
            options.setThreads(threads);
        }
        try (HipEnvironment env = HipEnvironment.create(); HipSession session = env.loadSession(artifact, options)) {
            out.printf("load: %.1f ms%n", session.timings().loadNanos() / 1e6);
            Map<Integer, long[]> given = parseShapes();
            Map<String, Tensor> feeds = new LinkedHashMap<>();
            Random rnd = new Random(7);
            int index = 0;
            for (TensorInfo info : session.inputInfo().values()) {
                long[] shape = given.containsKey(index) ? given.get(index) : info.shape();
                for (int d = 0; d < shape.length; d++) {
                    shape[d] = shape[d] < 0 ? 1 : shape[d];
                }
                feeds.put(info.name(), RandomTensors.of(info.type(), shape, rnd));
                out.println("input " + index + " " + info.name() + ": " + Arrays.toString(shape));
                index++;
            }
            long[] times = new long[Math.max(1, iterations)];
            int status = 0;
            for (int k = 0; k < times.length; k++) {
                long s = System.nanoTime();
                try (Result r = session.run(feeds)) {
                    times[k] = System.nanoTime() - s;
                    if (k == times.length - 1) {
                        status = check(r, out);
                    }
                }
            }
            feeds.values().forEach(Tensor::close);
            long[] sorted = times.clone();
            Arrays.sort(sorted);
            out.printf("first run: %.3f ms; median: %.3f ms over %d runs%n", times[0] / 1e6,
                    sorted[sorted.length / 2] / 1e6, times.length);
            out.flush();
            return status;
        } catch (RuntimeFailure | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private int check(Result r, PrintWriter out) {
        int status = 0;
        for (Map.Entry<String, Tensor> e : r) {
            Tensor t = e.getValue();
            long bad = 0;
            for (long i = 0; i < t.elementCount(); i++) {
                double v = t.getAsDouble(i);
                if (Double.isNaN(v) || Double.isInfinite(v)) {
                    bad++;
                }
            }
            if (verbose || (validate && bad > 0)) {
                out.println("output " + e.getKey() + ": " + t.type() + Arrays.toString(t.shape())
                        + (bad > 0 ? ", " + bad + " NaN or infinite values" : ""));
            }
            if (validate && bad > 0) {
                status = 1;
            }
        }
        if (validate && status == 0) {
            out.println("validate: every output is finite");
        }
        return status;
    }

    private Map<Integer, long[]> parseShapes() {
        Map<Integer, long[]> m = new LinkedHashMap<>();
        if (inputShapes == null || inputShapes.isBlank()) {
            return m;
        }
        for (String part : inputShapes.split(";")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException("--input-shape takes INDEX=DIMS, not '" + part + "'");
            }
            m.put(Integer.parseInt(kv[0].trim()),
                    Arrays.stream(kv[1].split(",")).map(String::trim).mapToLong(Long::parseLong).toArray());
        }
        return m;
    }

    /** Runs the command; the process exit code is the command's. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new TestCommand()).execute(args));
    }
}
