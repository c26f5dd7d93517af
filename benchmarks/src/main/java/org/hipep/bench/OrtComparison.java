package org.hipep.bench;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtLoggingLevel;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.CodeDigest;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.Profile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hip-bench}: our {@code HipSession} and ONNX Runtime side by side, in one process and one
 * run, on the same models and inputs. Per model: our cold compile (empty cache) and load from the
 * cache against ORT's session creation, and each engine's first run; per thread count: timed runs
 * after a warm-up, the engines taking turns in blocks of runs, both medians and their ratio, and
 * how far our outputs are from ORT's; the peak memory of each engine in a JVM of its own, and its
 * session's creation and first run there; the
 * machine (Machine), the OpenBLAS sgemm ceiling, the FMA peak (FmaPeak) and the GFLOP/s both engines
 * reach. Prints Markdown tables on stdout, progress on stderr.
 */
@Command(name = "hip-bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Times hip-ep's HipSession against ONNX Runtime on the same models, taking turns in blocks of runs.")
public final class OrtComparison implements Callable<Integer> {
    /** The default models: the shared real models, then the generated BERT encoders. */
    static final List<String> DEFAULT_MODELS = List.of("mnist-8", "keras-mlp-tract", "light-squeezenet",
            "light-resnet50", "super-resolution-10", "bert-layer", "bert-4layer");

    @Option(names = {"-m", "--models"}, split = ",", description = "Models: a folder name under --models-dir, "
            + "bert-layer / bert-4layer (generated), a one-op model op-* (generated, see MicroModels; "
            + "'ops' = all of them), or a folder with model.onnx and test_data_set_0. "
            + "Default: ${DEFAULT-VALUE}.", defaultValue = "mnist-8,keras-mlp-tract,light-squeezenet,light-resnet50,"
            + "super-resolution-10,bert-layer,bert-4layer")
    List<String> models = new ArrayList<>();

    @Option(names = {"-d", "--models-dir"}, defaultValue = "../shared/models", description = "Default: ${DEFAULT-VALUE}.")
    Path modelsDir;

    @Option(names = {"-t", "--threads"}, split = ",", defaultValue = "1,2", description = "Default: ${DEFAULT-VALUE}.")
    List<Integer> threads = new ArrayList<>();

    @Option(names = "--warmup", defaultValue = "3", description = "Warm-up runs per engine. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--warmup-s", defaultValue = "1", description = "And at least this many seconds of warm-up "
            + "(A/B alternated, at most 100000 pairs): until the JIT has compiled both engines' Java side of a run, "
            + "a model measured first in the JVM times ours (more Java per run than ORT's thin JNI wrapper) "
            + "interpreted. Default: ${DEFAULT-VALUE}.")
    double warmupSeconds;

    @Option(names = "--budget-s", defaultValue = "8", description = "Seconds of timed runs per model and "
            + "thread count (the iteration count follows from the warm-up times). Default: ${DEFAULT-VALUE}.")
    double budgetSeconds;

    @Option(names = "--min-iterations", defaultValue = "5", description = "Default: ${DEFAULT-VALUE}.")
    int minIterations;

    @Option(names = "--max-iterations", defaultValue = "200", description = "Default: ${DEFAULT-VALUE}.")
    int maxIterations;

    @Option(names = "--memory", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Peak memory of each engine in a forked JVM (--no-memory skips). Default: ${DEFAULT-VALUE}.")
    boolean memory;

    @Option(names = "--memory-cold", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also fork ours compiling with an empty cache. Default: ${DEFAULT-VALUE}.")
    boolean memoryCold;

    @Option(names = "--cold-compiles", defaultValue = "3", description = "Sessions per model that compile into an"
            + " empty cache in the bench's JVM (the first into the cache the other sessions load from); the"
            + " report gives their median. Default: ${DEFAULT-VALUE}.")
    int coldCompiles;

    @Option(names = "--fresh-samples", defaultValue = "3", description = "Processes per engine for the peak"
            + " memory from the cache and a fresh JVM's session, ours and ORT alternated; the report gives each"
            + " figure's median. Default: ${DEFAULT-VALUE}.")
    int freshSamples;

    @Option(names = "--gemm-size", defaultValue = "2048", description = "OpenBLAS sgemm ceiling at n^3 (0 skips). "
            + "Default: ${DEFAULT-VALUE}.")
    int gemmSize;

    @Option(names = "--fma-peak", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Measure the machine's float multiply-add peak at each thread count (FmaPeak, ~1 s; "
                    + "--no-fma-peak skips). Default: ${DEFAULT-VALUE}.")
    boolean fmaPeak;

    @Option(names = "--ort-spinning", defaultValue = "ON", description = "How ORT's pool threads wait: "
            + "ON is ORT's default (spinning within a run and on "
            + "after it); STOP_AFTER_RUN spins within a run and stops when it returns; OFF never spins (the setting "
            + "up to the twenty-fourth round, when the engines alternated run by run). Default: ${DEFAULT-VALUE}.")
    Engines.OrtSpinning ortSpinning;

    @Option(names = "--block", defaultValue = "10", description = "Timed runs of one engine in a row: the engines "
            + "take turns by blocks (the order flips every two blocks), so that each runs back to back as in a loop of "
            + "its own, its pool threads waiting between its runs as it leaves them. Default: ${DEFAULT-VALUE}.")
    int block;

    @Option(names = "--lead-in-ms", defaultValue = "50", description = "Before each block, untimed runs of its engine "
            + "for this long (at least one): meanwhile the other engine's pool threads stop spinning (ORT's, by "
            + "default, spin on for 20-40 ms after a run; ours ~0.4 ms) with no core left idle (after an idle pause "
            + "our first runs at two threads were slow for tens of milliseconds). Default: ${DEFAULT-VALUE}.")
    double leadInMs;

    @Option(names = "--erf-gelu", description = "Generate the BERT models with the opset-17 Erf form of GELU "
            + "instead of the opset-20 Gelu op.")
    boolean erfGelu;

    @Option(names = "--format", defaultValue = "LLVM_IR", description = "Our artifact format: ${COMPLETION-CANDIDATES}. "
            + "Default: ${DEFAULT-VALUE}.")
    ArtifactFormat format;

    @Option(names = "--rtol", defaultValue = "1e-3", description = "Default: ${DEFAULT-VALUE}.")
    double rtol;

    @Option(names = "--atol", defaultValue = "1e-5", description = "Default: ${DEFAULT-VALUE}.")
    double atol;

    @Option(names = {"--profile", "--ort-profile"}, description = "After the timed runs of each model and thread "
            + "count, run each engine once more with its profiler on, one after the other, and print each one's "
            + "time per node (medians): ORT's per node, ours per kernel call. The traces go to <work-dir>/profile "
            + "(gone with a temporary work folder).")
    boolean profile;

    @Option(names = {"--profile-runs", "--ort-profile-runs"}, defaultValue = "50", description = "Profiled runs of "
            + "each engine, after 5 unrecorded ones. Default: ${DEFAULT-VALUE}.")
    int profileRuns;

    @Option(names = "--work-dir", description = "Where the caches and generated models go (kept). Default: a "
            + "temporary folder, deleted at the end.")
    Path workDir;

    private final PrintStream log = System.err;

    /** Steps of each thread's FmaPeak loop per round: ~65 ms at 117 GFLOP/s a core. */
    private static final long FMA_PEAK_STEPS = 20_000_000L;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OrtComparison()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (block < 1 || leadInMs < 0) {
            log.println("hip-bench: --block must be at least 1 and --lead-in-ms at least 0 (got " + block + " and "
                    + leadInMs + ")");
            return 2;
        }
        if (freshSamples < 1) {
            log.println("hip-bench: --fresh-samples must be at least 1 (got " + freshSamples + "); --no-memory skips"
                    + " the probes");
            return 2;
        }
        boolean temporary = workDir == null;
        Path work = temporary ? Files.createTempDirectory("hip-bench") : Files.createDirectories(workDir);
        Report report = new Report(rtol, atol);
        report.probeSamples = freshSamples;
        List<Runnable> profiles = new ArrayList<>();
        try {
            OrtEnvironment ort = OrtEnvironment.getEnvironment(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR, "hip-bench");
            report.machine(Machine.probe(ort.getVersion()));
            if (gemmSize > 0) {
                for (int n : threads) {
                    log.printf("GEMM ceiling: sgemm %d^3, %d thread(s)%n", gemmSize, n);
                    report.gemm(n, GemmCeiling.gflops(gemmSize, n, 5));
                }
            }
            if (fmaPeak) {
                for (int n : threads) {
                    log.printf("FMA peak: %d thread(s)%n", n);
                    report.fmaPeak(n, FmaPeak.gflops(n, FMA_PEAK_STEPS, 5));
                }
            }
            try (HipEnvironment env = HipEnvironment.create()) {
                for (String name : models) {
                    for (String one : name.equals("ops") ? MicroModels.NAMES : List.of(name)) {
                        bench(env, ort, one, work, report, profiles);
                    }
                }
            }
        } finally {
            if (temporary) {
                deleteTree(work);
            }
        }
        report.print(System.out, gemmSize);
        profiles.forEach(Runnable::run);
        return 0;
    }

    private void bench(HipEnvironment env, OrtEnvironment ort, String name, Path work, Report report,
            List<Runnable> profiles) throws IOException {
        Path[] located = locate(name, work);
        Path model = located[0];
        Path set = located[1];
        Report.Model m = report.model(name);
        try {
            m.flops = FlopCounter.count(ort, model, set);
        } catch (Exception e) {
            log.println(name + ": FLOP count failed: " + Report.describe(e));
        }
        Path cache = Files.createDirectories(work.resolve("cache").resolve(name));
        coldCompiles(env, m, model, set, cache, work);
        for (int n : threads) {
            measure(env, ort, m, model, set, cache, n);
            if (profile) {
                profile(env, ort, name, model, set, cache, n, work, profiles);
            }
        }
        if (memory) {
            int n = threads.stream().max(Comparator.naturalOrder()).orElse(1);
            m.probeThreads = n;
            String iters = "3";
            try {
                if (m.oursFailure == null && memoryCold) {
                    Path empty = Files.createDirectories(work.resolve("cache-cold").resolve(name));
                    log.printf("%s: peak memory, ours (cold compile)%n", name);
                    m.memOursCold = MemoryProbe.measure("ours", model.toString(), set.toString(), "" + n, iters,
                            empty.toString(), ortSpinning.name(), format.name());
                }
                List<MemoryProbe.Peak> ours = new ArrayList<>();
                List<MemoryProbe.Peak> theirs = new ArrayList<>();
                for (int k = 1; k <= freshSamples; k++) {
                    if (m.oursFailure == null) {
                        log.printf("%s: peak memory, ours (from the cache), process %d of %d%n", name, k, freshSamples);
                        ours.add(MemoryProbe.measure("ours", model.toString(), set.toString(), "" + n, iters,
                                cache.toString(), ortSpinning.name(), format.name()));
                    }
                    log.printf("%s: peak memory, ONNX Runtime, process %d of %d%n", name, k, freshSamples);
                    theirs.add(MemoryProbe.measure("ort", model.toString(), set.toString(), "" + n, iters,
                            cache.toString(), ortSpinning.name(), format.name()));
                }
                m.memOursCached = MemoryProbe.Peak.median(ours);
                m.memOrt = MemoryProbe.Peak.median(theirs);
            } catch (RuntimeException e) {
                log.println(name + ": memory probe failed: " + Report.describe(e));
            }
        }
    }

    /**
     * {@link #coldCompiles} sessions compiling {@code model} into an empty cache, the first into
     * {@code cache} (which the other sessions then load from), the others into folders of their own,
     * deleted after; the model's cold figures are their medians.
     */
    private void coldCompiles(HipEnvironment env, Report.Model m, Path model, Path set, Path cache, Path work)
            throws IOException {
        int k = Math.max(1, coldCompiles);
        long[] wall = new long[k];
        long[] compile = new long[k];
        for (int i = 0; i < k; i++) {
            Path into = i == 0 ? cache : Files.createTempDirectory(work, "cold-" + m.name + "-");
            log.printf("%s: compiling (cold, empty cache), %d of %d%n", m.name, i + 1, k);
            long t0 = System.nanoTime();
            try (Engines.Hip cold = new Engines.Hip(env, model, set, threads.get(0), into, format)) {
                wall[i] = System.nanoTime() - t0;
                compile[i] = cold.session.timings().compileNanos();
            } catch (RuntimeException e) {
                m.oursFailure = "compile/load: " + Report.describe(e);
                log.println(m.name + ": ours failed: " + m.oursFailure);
                return;
            } finally {
                if (i > 0) {
                    deleteTree(into);
                }
            }
        }
        m.coldWallNanos = Math.round(Stats.median(wall));
        m.coldCompileNanos = Math.round(Stats.median(compile));
        m.coldSamples = k;
    }

    private void measure(HipEnvironment env, OrtEnvironment ort, Report.Model m, Path model, Path set, Path cache,
            int n) {
        Report.Row row = m.row(n);
        if (n >= 2) {
            row.placementBefore = CorePlacement.roundTripNanos(CorePlacement.BOUNCES);
        }
        Engines.Engine ours = null;
        Engines.Engine theirs = null;
        try {
            if (m.oursFailure == null) {
                long t0 = System.nanoTime();
                Engines.Hip h = new Engines.Hip(env, model, set, n, cache, format);
                row.oursCreateNanos = System.nanoTime() - t0;
                row.oursFromCache = h.session.timings().fromCache();
                ours = h;
            }
            long t0 = System.nanoTime();
            theirs = new Engines.Ort(ort, model, set, n, ortSpinning);
            row.ortCreateNanos = System.nanoTime() - t0;
            t0 = System.nanoTime();
            Map<String, double[]> expected = theirs.run(true);
            row.ortFirstRunNanos = System.nanoTime() - t0;
            if (ours != null) {
                try {
                    t0 = System.nanoTime();
                    Map<String, double[]> got = ours.run(true);
                    row.oursFirstRunNanos = System.nanoTime() - t0;
                    row.diff = Report.compare(expected, got, rtol, atol);
                } catch (RuntimeException e) {
                    m.oursFailure = "run: " + Report.describe(e);
                    log.println(m.name + ": ours failed: " + m.oursFailure);
                    ours.close();
                    ours = null;
                }
            }
            if (ours instanceof Engines.Hip h) {
                int settled = h.settle();
                if (settled > 1) {
                    log.printf("%s, %d thread(s): ours' convolution search settled in %d untimed runs%n", m.name, n,
                            settled);
                }
            }
            Engines.Engine a0 = ours;
            Engines.Engine b0 = theirs;
            LongSupplier runOurs = () -> a0 == null ? 0 : Engines.timeRun(a0);
            LongSupplier runOrt = () -> Engines.timeRun(b0);
            // run by run, for the JIT; the fastest run of each sizes the timed blocks (the other
            // engine's spinning threads slow some of these runs)
            long[] fastest = {Long.MAX_VALUE, Long.MAX_VALUE};
            warmUp(warmup, (long) (warmupSeconds * 1e9), MAX_WARMUP_PAIRS, System::nanoTime, () -> {
                fastest[0] = Math.min(fastest[0], runOurs.getAsLong());
                fastest[1] = Math.min(fastest[1], runOrt.getAsLong());
            });
            // ours failed: ORT alone, no other engine's threads to wait out (and no empty lead-ins for ours)
            long leadInNanos = ours == null ? 0 : (long) (leadInMs * 1e6);
            double perIteration = (Math.max(1, fastest[0] + fastest[1]) + 2.0 * leadInNanos / block) / 1e9;
            int iterations = (int) Math.max(minIterations, Math.min(maxIterations, budgetSeconds / perIteration));
            log.printf("%s, %d thread(s): %d runs of each engine in blocks of %d%n", m.name, n, iterations, block);
            long[] a = new long[iterations];
            long[] b = new long[iterations];
            alternate(iterations, block, leadInNanos, System::nanoTime, runOurs, runOrt, a, b);
            row.iterations = iterations;
            row.block = block;
            row.ours = ours == null ? null : a;
            row.ort = b;
        } catch (RuntimeException e) {
            row.failure = Report.describe(e);
            log.println(m.name + ", " + n + " thread(s): failed: " + row.failure);
        } finally {
            if (ours != null) {
                ours.close();
            }
            if (theirs != null) {
                theirs.close();
            }
            if (n >= 2) {
                row.placementAfter = CorePlacement.roundTripNanos(CorePlacement.BOUNCES);
            }
        }
    }

    /** Unrecorded runs before the profiled ones (each profiler starts with its session). */
    static final int PROFILE_WARMUP = 5;

    /**
     * Each engine alone with its profiler on (sessions of their own, so that the timed runs above
     * are not slowed by it), ORT's first; the tables are printed after the report ({@code profiles}).
     */
    private void profile(HipEnvironment env, OrtEnvironment ort, String name, Path model, Path set, Path cache, int n,
            Path work, List<Runnable> profiles) {
        String title = name + ", " + n + " thread(s)";
        String base = name.replace('/', '_') + "-t" + n;
        try {
            Path dir = Files.createDirectories(work.resolve("profile"));
            Path trace;
            try (Engines.Ort theirs = new Engines.Ort(ort, model, set, n, ortSpinning,
                    dir.resolve("ort-" + base).toString())) {
                log.printf("%s: ORT profile, %d runs%n", title, PROFILE_WARMUP + profileRuns);
                for (int i = 0; i < PROFILE_WARMUP + profileRuns; i++) {
                    theirs.run(false);
                }
                trace = Path.of(theirs.endProfiling());
            }
            OrtProfile.Summary s = OrtProfile.read(trace, PROFILE_WARMUP);
            log.printf("%s: ORT profile in %s%n", title, trace);
            profiles.add(() -> OrtProfile.print(System.out, title, s));
        } catch (IOException | RuntimeException e) {
            log.println(title + ": ORT profile failed: " + Report.describe(e));
        }
        try (Engines.Hip ours = new Engines.Hip(env, model, set, n, cache, format,
                work.resolve("profile").resolve("ours-" + base))) {
            int settled = ours.settle();
            int warm = settled + PROFILE_WARMUP;
            log.printf("%s: our profile, %d runs after %d (the convolution search settled in %d)%n", title,
                    profileRuns, warm, settled);
            for (int i = 0; i < PROFILE_WARMUP + profileRuns; i++) {
                ours.run(false);
            }
            Profile p = ours.session.profile();
            log.printf("%s: our profile in %s%n", title, ours.session.endProfiling());
            profiles.add(() -> printOurs(System.out, title, p, warm));
        } catch (RuntimeException e) {
            log.println(title + ": our profile failed: " + Report.describe(e));
        }
    }

    /**
     * Our profile as a Markdown table in the form of {@link OrtProfile#print}: per kernel call site,
     * over the runs after the first {@code warm}.
     */
    static void printOurs(PrintStream out, String title, Profile p, int warm) {
        List<Profile.Site> sites = p.sites(warm);
        double sum = sites.stream().mapToLong(Profile.Site::medianNanos).sum() / 1e3;
        int runs = p.countedRuns(warm).size();
        out.println();
        out.println(fmt("%s: our profiler, %d runs after %d warm-up, median run %.0f µs, kernel calls' medians sum"
                + " to %.0f µs", title, runs, warm, p.medianRunNanos(warm) / 1e3, sum));
        out.println();
        out.println("| node | op | kernel | calls | median µs | share |");
        out.println("|---|---|---|---|---|---|");
        for (Profile.Site s : sites) {
            out.println(fmt("| %s | %s | %s | %d | %.0f | %.1f%% |", s.node().isEmpty() ? "-" : s.node(), s.op(),
                    s.kernel(), s.callsPerRun(), s.medianNanos() / 1e3, sum > 0 ? 100 * s.medianNanos() / 1e3 / sum
                            : 0));
        }
    }

    /**
     * {@code iterations} timed runs of each engine into {@code a} and {@code b}, by turns in blocks
     * of {@code block} runs (the last ones shorter), A's block first in even pairs of blocks and B's
     * in odd ones; before each block, untimed runs of its engine, at least one and until
     * {@code leadInNanos} have passed on {@code clock}.
     */
    static void alternate(int iterations, int block, long leadInNanos, LongSupplier clock, LongSupplier runA,
            LongSupplier runB, long[] a, long[] b) {
        if (block < 1) {
            throw new IllegalArgumentException("--block must be at least 1, got " + block);
        }
        for (int start = 0, pair = 0; start < iterations; start += block, pair++) {
            int end = Math.min(iterations, start + block);
            for (int turn = 0; turn < 2; turn++) {
                boolean isA = (turn == 0) == (pair % 2 == 0);
                LongSupplier run = isA ? runA : runB;
                long[] into = isA ? a : b;
                long leadIn = clock.getAsLong();
                do {
                    run.getAsLong();
                } while (clock.getAsLong() - leadIn < leadInNanos);
                for (int i = start; i < end; i++) {
                    into[i] = run.getAsLong();
                }
            }
        }
    }

    /** The most warm-up pairs of one model and thread count, whatever --warmup-s says. */
    static final int MAX_WARMUP_PAIRS = 100_000;

    /**
     * Runs {@code pair} (one run of each engine) at least {@code minPairs} times and then until
     * {@code nanos} have passed on {@code clock} since the start, at most {@code maxPairs} times in
     * all (but never fewer than {@code minPairs}); returns how many times it ran.
     */
    static int warmUp(int minPairs, long nanos, int maxPairs, LongSupplier clock, Runnable pair) {
        long start = clock.getAsLong();
        int i = 0;
        while (i < minPairs || (i < maxPairs && clock.getAsLong() - start < nanos)) {
            pair.run();
            i++;
        }
        return i;
    }

    /**
     * Waits {@link CodeDigest#RACY} (and a little) after writing a model: a model file changed less
     * than that before a session is hashed at every session (its digest not yet remembered), so the
     * session creation times would be those of a file seconds old rather than what users see.
     */
    static void waitOutRacyWindow() throws IOException {
        try {
            Thread.sleep(CodeDigest.RACY.toMillis() + 100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for a generated model to age", e);
        }
    }

    /** The model file and data set folder of {@code name}; the BERT models are generated into {@code work}. */
    private Path[] locate(String name, Path work) throws IOException {
        Path dir;
        if (MicroModels.isMicro(name)) {
            dir = work.resolve("models").resolve(name);
            MicroModels.write(name, dir);
        } else if (name.equals("bert-layer") || name.equals("bert-4layer")) {
            dir = work.resolve("models").resolve(name);
            log.printf("%s: generating into %s%n", name, dir);
            BertModel.base(name.equals("bert-layer") ? 1 : 4, 128, erfGelu).write(dir);
            waitOutRacyWindow();
        } else {
            dir = name.contains("/") ? Path.of(name) : modelsDir.resolve(name);
        }
        Path model = dir.resolve("model.onnx");
        Path set = dir.resolve("test_data_set_0");
        if (!Files.isRegularFile(model) || !Files.isDirectory(set)) {
            throw new IllegalArgumentException("model '" + name + "': " + model + " or " + set + " is missing"
                    + " (the shared models are in --models-dir, now " + modelsDir.toAbsolutePath() + ")");
        }
        return new Path[] {model, set};
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static String fmt(String f, Object... args) {
        return String.format(Locale.ROOT, f, args);
    }

    static {
        System.setOut(new PrintStream(System.out, true, StandardCharsets.UTF_8));
    }
}
