package org.hipep.host.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.host.session.Conformance;
import org.hipep.host.session.SearchWarmup;
import org.hipep.host.session.TestData;
import org.hipep.runtime.jit.RuntimeFailure;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Profile;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.hipep.runtime.session.TensorInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code hip-onnx-runner}: compiles an ONNX model into a session and runs it on test data (or on
 * random inputs), printing the outputs or their comparison with the expected ones, and the timings;
 * {@code --conformance DIR} runs every test folder under DIR and prints a table and the totals.
 * Exit code 0 when everything ran (and matched), 1 otherwise, 2 for a usage error.
 */
@Command(name = "hip-onnx-runner", mixinStandardHelpOptions = true,
        versionProvider = HipEpCommand.Version.class,
        description = "Compiles and runs an ONNX model on the CPU, prints outputs or their comparison and timings;"
                + " with --conformance, runs every ONNX test folder under a directory.")
public final class OnnxRunnerCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @CommandLine.Mixin
    private PluginOptions pluginOptions;

    @Option(names = {"-m", "--model"}, paramLabel = "<model.onnx>", description = "The ONNX model.")
    private Path model;

    @Option(names = {"-i", "--input"}, paramLabel = "<test_data_set>",
            description = "A folder of input_K.pb (and output_K.pb) files; default: random inputs.")
    private Path input;

    @Option(names = "--free-dim", paramLabel = "<name:value>", split = ",",
            description = "The value of a symbolic dimension for random inputs (default 1).")
    private List<String> freeDims = new ArrayList<>();

    @Option(names = "--iterations", paramLabel = "<N>", defaultValue = "1", description = "Runs to time (default 1).")
    private int iterations;

    @Option(names = "--warmup", paramLabel = "<N>", description = "Untimed runs before the timed ones. Default: with"
            + " --iterations above 1, until the convolution search has picked every shape's way (a run that makes"
            + " none of its trial calls: 25 runs for a model with 3x3 convolutions Winograd could take, 1 for the"
            + " others; see --conv-search), so that the median times the ways the session keeps; else none.")
    private Integer warmup;

    @Option(names = "--compare", paramLabel = "<rtol,atol>", arity = "0..1", fallbackValue = "1e-3,1e-7",
            description = "Compare the outputs with output_K.pb of --input (default tolerances 1e-3,1e-7).")
    private String compare;

    @Option(names = "--conformance", paramLabel = "<DIR>",
            description = "Run every folder under DIR holding a model.onnx and test_data_set_N (ONNX's rule).")
    private Path conformance;

    @Option(names = "--format", paramLabel = "<LLVM_IR|NATIVE>", defaultValue = "LLVM_IR",
            description = "Artifact format: JIT-loaded bitcode (default) or a native shared object.")
    private ArtifactFormat format;

    @Option(names = "--threads", paramLabel = "<N>", description = "Threads per run (default: every core).")
    private Integer threads;

    @Option(names = "-O", paramLabel = "<0..3>", defaultValue = "2", description = "LLVM optimisation level.")
    private int optLevel;

    @Option(names = "--conv-search", paramLabel = "<MEASURE|HEURISTIC>", defaultValue = "MEASURE",
            description = "How a convolution that Winograd or oneDNN's direct kernel can compute picks one: "
                    + "timed over the first runs (default) or by fixed rules.")
    private ConvolutionSearch convSearch;

    @Option(names = "--cache-dir", paramLabel = "<dir>",
            description = "Compile cache folder (default: $XDG_CACHE_HOME/hipep or ~/.cache/hipep).")
    private Path cacheDir;

    @Option(names = "--no-cache", description = "Compile every time, into a temporary folder.")
    private boolean noCache;

    @Option(names = "--profile", paramLabel = "<prefix>",
            description = "Time every kernel call: print the time per node (medians over the runs after the first)"
                    + " and write the trace to <prefix>_<date_time>.json (Chrome trace, as ONNX Runtime's profiler).")
    private Path profile;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SessionOptions options = new SessionOptions().setArtifactFormat(format).setOptLevel(optLevel)
                .setConvolutionSearch(convSearch);
        pluginOptions.snapshot(err); // prints the plugin report when asked
        options.addPlugins(pluginOptions.selection().toArray(String[]::new));
        if (threads != null) {
            options.setThreads(threads);
        }
        if (profile != null) {
            options.enableProfiling(profile);
        }
        if (noCache) {
            options.setCacheDir(null);
        } else if (cacheDir != null) {
            options.setCacheDir(cacheDir);
        }
        try (HipEnvironment env = HipEnvironment.create()) {
            if (conformance != null) {
                return conformance(env, options, out, err);
            }
            if (model == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "give -m <model.onnx> or --conformance <DIR>");
            }
            return runModel(env, options, out, err);
        } catch (RuntimeFailure | OnnxLoadException | IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private int conformance(HipEnvironment env, SessionOptions options, PrintWriter out, PrintWriter err) {
        double[] tol = tolerances();
        List<Path> cases = Conformance.cases(conformance);
        err.println("conformance: " + cases.size() + " test folders under " + conformance + " (" + format + ")");
        err.flush();
        List<Conformance.Outcome> outcomes = new ArrayList<>();
        int[] done = {0};
        for (Path dir : cases) {
            Conformance.Outcome o = Conformance.run(env, dir, options, tol[0], tol[1]);
            outcomes.add(o);
            done[0]++;
            err.printf("[%d/%d] %s %s%n", done[0], cases.size(), o.passed() ? "PASS" : "FAIL", o.name());
            err.flush();
        }
        int width = outcomes.stream().mapToInt(o -> o.name().length()).max().orElse(4);
        out.printf("%-" + width + "s  %-6s  %10s  %10s  %s%n", "test", "result", "compile ms", "run ms", "detail");
        int passed = 0;
        for (Conformance.Outcome o : outcomes) {
            passed += o.passed() ? 1 : 0;
            out.printf("%-" + width + "s  %-6s  %10.1f  %10.1f  %s%n", o.name(), o.passed() ? "pass" : "FAIL",
                    o.compileNanos() / 1e6, o.runNanos() / 1e6,
                    o.passed() ? "" : o.stage() + ": " + o.detail());
        }
        out.println(passed + " passed, " + (outcomes.size() - passed) + " failed");
        out.flush();
        return passed == outcomes.size() ? 0 : 1;
    }

    private int runModel(HipEnvironment env, SessionOptions options, PrintWriter out, PrintWriter err) {
        out.println("model: " + model);
        out.flush();
        try (HipSession session = env.createSession(model, options)) {
            HipSession.Timings t = session.timings();
            out.printf("compile: %s%n", t.fromCache() ? "from the cache (" + t.artifactDir() + ")"
                    : String.format("%.1f ms", t.compileNanos() / 1e6));
            out.printf("load (link, optimise, JIT, or the cached object code): %.1f ms%n", t.loadNanos() / 1e6);
            for (TensorInfo i : session.inputInfo().values()) {
                out.println("input  " + i);
            }
            Map<String, Tensor> feeds = input != null ? Conformance.inputs(session, input) : random(session);
            try {
                long[] times = new long[Math.max(1, iterations)];
                long[] first = {-1};
                Runnable untimed = () -> {
                    long s = System.nanoTime();
                    session.run(feeds).close();
                    first[0] = first[0] < 0 ? System.nanoTime() - s : first[0];
                };
                int warm = 0;
                if (warmup != null) {
                    for (; warm < warmup; warm++) {
                        untimed.run();
                    }
                } else if (times.length > 1) {
                    warm = SearchWarmup.untilSettled(session, untimed);
                }
                if (warm > 0) {
                    out.printf("warm-up: %d run%s%s%n", warm, warm == 1 ? "" : "s", warmup != null || warm == 1 ? ""
                            : " (until the convolution search had picked every shape's way)");
                }
                Result last = null;
                for (int k = 0; k < times.length; k++) {
                    if (last != null) {
                        last.close();
                    }
                    long s = System.nanoTime();
                    last = session.run(feeds);
                    times[k] = System.nanoTime() - s;
                }
                try (Result result = last) {
                    int status = report(session, result, out);
                    long[] sorted = times.clone();
                    Arrays.sort(sorted);
                    out.printf("first run: %.3f ms%n", (first[0] >= 0 ? first[0] : times[0]) / 1e6);
                    out.printf("median run: %.3f ms over %d runs%s%n", sorted[sorted.length / 2] / 1e6, times.length,
                            warm > 0 ? " after the warm-up" : "");
                    if (profile != null) {
                        printProfile(session.profile(), warm, out);
                        out.println("profile: " + session.endProfiling());
                    }
                    out.flush();
                    return status;
                }
            } finally {
                feeds.values().forEach(Tensor::close);
            }
        }
    }

    /**
     * The profile's table: per call site, in call order, the calls per run, the median time in a run
     * and its share of the median run, over the runs after the {@code warm} warm-up runs, or without
     * a warm-up after the first (all of them when there is one).
     */
    static void printProfile(Profile p, int warm, PrintWriter out) {
        long first = warm > 0 ? warm : p.runs().size() > 1 ? 1 : 0;
        List<Profile.Site> sites = p.sites(first);
        long run = p.medianRunNanos(first);
        int counted = p.countedRuns(first).size();
        out.printf("profile: %d kernel call sites, medians over %d runs%s%n", sites.size(), counted,
                warm > 0 ? " (the warm-up left out)" : first == 1 ? " (the first left out)" : "");
        int width = Math.max(4, sites.stream().mapToInt(s -> s.node().length()).max().orElse(4));
        int opWidth = Math.max(2, sites.stream().mapToInt(s -> s.op().length()).max().orElse(2));
        out.printf("%-" + width + "s  %-" + opWidth + "s  %5s  %10s  %6s  %s%n", "node", "op", "calls", "median us",
                "run %", "kernel");
        long sum = 0;
        for (Profile.Site s : sites) {
            sum += s.medianNanos();
            out.printf("%-" + width + "s  %-" + opWidth + "s  %5d  %10.1f  %6.1f  %s%n", s.node().isEmpty() ? "-"
                    : s.node(), s.op(), s.callsPerRun(), s.medianNanos() / 1e3, share(s.medianNanos(), run),
                    s.kernel());
        }
        out.printf("kernel calls: %.3f ms (the sum of the medians) of the median run's %.3f ms (%.1f%%); the other"
                + " %.3f ms are outside kernel calls%n", sum / 1e6, run / 1e6, share(sum, run), (run - sum) / 1e6);
        if (p.droppedCalls() > 0) {
            out.println("profile: " + p.droppedCalls() + " kernel calls were not recorded (see Profile.MAX_CALLS)");
        }
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** Prints each output (or its comparison); 1 when a comparison fails. */
    private int report(HipSession session, Result result, PrintWriter out) {
        int status = 0;
        List<Path> expected = new ArrayList<>();
        if (compare != null) {
            if (input == null) {
                throw new IllegalArgumentException("--compare needs --input <test_data_set> with output_K.pb files");
            }
            for (int k = 0; Files.isRegularFile(input.resolve("output_" + k + ".pb")); k++) {
                expected.add(input.resolve("output_" + k + ".pb"));
            }
        }
        double[] tol = tolerances();
        int k = 0;
        for (Map.Entry<String, Tensor> e : result) {
            Tensor t = e.getValue();
            out.println("output " + e.getKey() + ": " + t.type() + Arrays.toString(t.shape()) + " " + preview(t));
            if (compare != null) {
                if (k >= expected.size()) {
                    out.println("  compare: no output_" + k + ".pb");
                    status = 1;
                } else {
                    String m = TestData.mismatch(TestData.read(expected.get(k)).tensor(), t, tol[0], tol[1]);
                    out.println("  compare (rtol " + tol[0] + ", atol " + tol[1] + "): " + (m == null ? "match" : m));
                    status |= m == null ? 0 : 1;
                }
            }
            k++;
        }
        return status;
    }

    private static String preview(Tensor t) {
        long n = Math.min(t.elementCount(), 10);
        StringBuilder b = new StringBuilder("[");
        for (long i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append(String.format("%.6g", t.getAsDouble(i)));
        }
        return b.append(t.elementCount() > n ? ", ...]" : "]").toString();
    }

    private Map<String, Tensor> random(HipSession session) {
        Map<String, Long> dims = new LinkedHashMap<>();
        for (String fd : freeDims) {
            String[] p = fd.split(":", 2);
            if (p.length != 2) {
                throw new IllegalArgumentException("--free-dim takes name:value, not '" + fd + "'");
            }
            dims.put(p[0], Long.parseLong(p[1].trim()));
        }
        Random rnd = new Random(42);
        Map<String, Tensor> feeds = new LinkedHashMap<>();
        for (TensorInfo i : session.inputInfo().values()) {
            long[] shape = i.shape();
            for (int d = 0; d < shape.length; d++) {
                if (shape[d] < 0) {
                    String name = i.dimNames().get(d);
                    shape[d] = name != null ? dims.getOrDefault(name, 1L) : 1L;
                }
            }
            feeds.put(i.name(), RandomTensors.of(i.type(), shape, rnd));
        }
        return feeds;
    }

    private double[] tolerances() {
        if (compare == null || compare.isBlank()) {
            return new double[] {Conformance.RTOL, Conformance.ATOL};
        }
        String[] p = compare.split(",");
        if (p.length != 2) {
            throw new IllegalArgumentException("--compare takes rtol,atol, not '" + compare + "'");
        }
        return new double[] {Double.parseDouble(p[0].trim()), Double.parseDouble(p[1].trim())};
    }

    /** Runs the command; the process exit code is the command's. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new OnnxRunnerCommand()).execute(args));
    }
}
