package org.hipep.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What {@link OrtComparison} measured, and its Markdown tables. */
final class Report {
    private final double rtol;
    private final double atol;
    private final Map<Integer, Double> gemm = new TreeMap<>();
    private final Map<Integer, Double> fma = new TreeMap<>();
    private Machine machine;
    private final Map<String, Model> models = new LinkedHashMap<>();
    /** The processes per engine whose medians each model's {@code memOursCached} and {@code memOrt} are. */
    int probeSamples = 1;

    Report(double rtol, double atol) {
        this.rtol = rtol;
        this.atol = atol;
    }

    /** One model's measurements. */
    static final class Model {
        final String name;
        long flops = -1;
        /** The cold compiles' medians over {@link #coldSamples}: the session's creation, and the compile in it. */
        long coldWallNanos = -1;
        long coldCompileNanos = -1;
        int coldSamples = 1;
        String oursFailure;
        MemoryProbe.Peak memOursCold;
        MemoryProbe.Peak memOursCached;
        MemoryProbe.Peak memOrt;
        /** The memory probes' thread count. */
        int probeThreads;
        final Map<Integer, Row> rows = new TreeMap<>();

        Model(String name) {
            this.name = name;
        }

        Row row(int threads) {
            return rows.computeIfAbsent(threads, Row::new);
        }
    }

    /** One model at one thread count. */
    static final class Row {
        final int threads;
        int iterations;
        /**
         * Timed runs of one engine in a row ({@code OrtComparison.alternate}): ours[i] and ort[i]
         * are in the same pair of blocks.
         */
        int block = 1;
        long[] ours;
        long[] ort;
        long oursCreateNanos = -1;
        boolean oursFromCache;
        long ortCreateNanos = -1;
        /** Each engine's first run after its session was created (the outputs checked); -1: none. */
        long oursFirstRunNanos = -1;
        long ortFirstRunNanos = -1;
        Stats.Diff diff;
        String failure;
        /** Two threads' cache line round trip before and after the row ({@link CorePlacement}); NaN: not measured. */
        double placementBefore = Double.NaN;
        double placementAfter = Double.NaN;

        Row(int threads) {
            this.threads = threads;
        }
    }

    Model model(String name) {
        return models.computeIfAbsent(name, Model::new);
    }

    void gemm(int threads, double gflops) {
        gemm.put(threads, gflops);
    }

    /** The FMA peak at {@code threads} threads ({@link FmaPeak}). */
    void fmaPeak(int threads, double gflops) {
        fma.put(threads, gflops);
    }

    void machine(Machine m) {
        machine = m;
    }

    /**
     * Our outputs against ORT's, matched by name (by position where the names differ), merged into
     * one difference; a different output count or element count is an exception.
     */
    static Stats.Diff compare(Map<String, double[]> expected, Map<String, double[]> actual, double rtol, double atol) {
        if (expected.size() != actual.size()) {
            throw new IllegalStateException("ORT has " + expected.size() + " outputs " + expected.keySet() + ", ours "
                    + actual.size() + " " + actual.keySet());
        }
        List<double[]> byPosition = new ArrayList<>(actual.values());
        Stats.Diff total = null;
        int k = 0;
        for (Map.Entry<String, double[]> e : expected.entrySet()) {
            double[] a = actual.containsKey(e.getKey()) ? actual.get(e.getKey()) : byPosition.get(k);
            Stats.Diff d = Stats.diff(e.getValue(), a, rtol, atol);
            total = total == null ? d : total.merge(d);
            k++;
        }
        return total;
    }

    /** An exception's message and those of its causes (the compiler's diagnostics are often a cause). */
    static String describe(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (b.length() > 0) {
                b.append(" <- ");
            }
            b.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
            if (t.getCause() == t) {
                break;
            }
        }
        return b.toString().replace('\n', ' ');
    }

    void print(PrintStream out, int gemmSize) {
        if (machine != null) {
            out.println("### Machine");
            out.println();
            out.printf("- CPU: %s, %d logical CPUs; vector extensions: %s; caches of CPU 0: %s%n", machine.cpu(),
                    machine.logicalCpus(), machine.vectors(), machine.caches());
            out.printf("- Memory %s; %s; %s; ONNX Runtime %s%n", machine.memory(), machine.os(), machine.java(),
                    machine.ort());
            out.println();
        }
        out.println("### Run time (median of the runs, the engines taking turns in blocks, ms)");
        out.println();
        out.println("| model | threads | iterations | ours | ORT | ours / ORT | by block pairs: median (p10–p90) "
                + "| ours p10–p90 | ORT p10–p90 | max abs diff | max rel diff | match (rtol " + rtol + ", atol " + atol + ") "
                + "| cores' round trip, ns (before / after) |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Model m : models.values()) {
            for (Row r : m.rows.values()) {
                if (r.failure != null) {
                    out.printf("| %s | %d | failed: %s |||||||||||%n", m.name, r.threads, r.failure);
                    continue;
                }
                String ours = r.ours == null ? "—" : ms(Stats.median(r.ours));
                String ratio = r.ours == null ? "—" : OrtComparison.fmt("%.2f×", Stats.median(r.ours) / Stats.median(r.ort));
                String pairs = r.ours == null ? "—" : blockRatios(r);
                String spreadOurs = r.ours == null ? "—" : ms(Stats.quantile(r.ours, 0.1)) + "–" + ms(Stats.quantile(r.ours, 0.9));
                String spreadOrt = ms(Stats.quantile(r.ort, 0.1)) + "–" + ms(Stats.quantile(r.ort, 0.9));
                String abs = r.diff == null ? "—" : OrtComparison.fmt("%.2e", r.diff.maxAbs());
                String rel = r.diff == null ? "—" : OrtComparison.fmt("%.2e", r.diff.maxRel());
                String match = r.diff == null ? "—" : r.diff.matches() ? "yes"
                        : OrtComparison.fmt("**no** (%d of %d)", r.diff.bad(), r.diff.count());
                out.printf("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", m.name, r.threads,
                        r.iterations, ours, ms(Stats.median(r.ort)), ratio, pairs, spreadOurs, spreadOrt, abs, rel, match,
                        r.threads < 2 ? "—" : CorePlacement.describe(r.placementBefore, r.placementAfter));
            }
        }
        out.println();
        out.println("By block pairs: ours / ORT for each pair of blocks the engines ran back to back (the median of "
                + "each block's runs), then the median and p10–p90 of those ratios: a change of the host's speed "
                + "between pairs cancels out, so their spread says how much the row's ratio is worth.");
        out.println();
        out.println("Cores' round trip: a cache line bounced between two threads, measured before and after each "
                + "row of two or more threads. On a two-core virtual machine it tells whether the host runs the "
                + "two virtual CPUs on cores that share a cache (a low value) or not, which moves every two-thread "
                + "time (docs/BENCHMARKS.md).");
        for (Model m : models.values()) {
            if (m.oursFailure != null) {
                out.println("- **" + m.name + "**: ours failed at " + m.oursFailure);
            }
        }
        out.println();
        out.println("### Session creation and first run (ms)");
        out.println();
        out.println("| model | ours: cold compile + load (of which compile) | ours: from cache, per thread count "
                + "| ours: first run | ORT: create session, per thread count | ORT: first run |");
        out.println("|---|---|---|---|---|---|");
        for (Model m : models.values()) {
            StringBuilder cached = new StringBuilder();
            StringBuilder oursFirst = new StringBuilder();
            StringBuilder ort = new StringBuilder();
            StringBuilder ortFirst = new StringBuilder();
            for (Row r : m.rows.values()) {
                sep(cached).append(msOrDash(r.oursCreateNanos))
                        .append(r.oursCreateNanos >= 0 && !r.oursFromCache ? " (not cached!)" : "")
                        .append(" @").append(r.threads);
                sep(oursFirst).append(msOrDash(r.oursFirstRunNanos)).append(" @").append(r.threads);
                sep(ort).append(msOrDash(r.ortCreateNanos)).append(" @").append(r.threads);
                sep(ortFirst).append(msOrDash(r.ortFirstRunNanos)).append(" @").append(r.threads);
            }
            String cold = m.coldWallNanos < 0 ? "failed" : ms(m.coldWallNanos) + " (" + ms(m.coldCompileNanos) + ")";
            out.printf("| %s | %s | %s | %s | %s | %s |%n", m.name, cold, cached, oursFirst, ort, ortFirst);
        }
        out.println();
        int coldSamples = models.values().stream().mapToInt(m -> m.coldSamples).max().orElse(1);
        out.println("Cold compile: " + (coldSamples == 1 ? "one session" : "the median of " + coldSamples
                + " sessions") + " compiling the model into an empty cache in this JVM (`--cold-compiles`)."
                + " The other creations are one session each.");
        out.println();
        out.println("First run: the session's first `run`, right after it was created (the outputs compared"
                + " between the engines). Ours packs its weights there, ORT when it creates the session.");
        out.println();
        out.println("### Peak resident memory (VmHWM of a JVM per engine, MB; in brackets: above the idle JVM)");
        out.println();
        out.println("| model | ours, cold compile | ours, from cache | ORT |");
        out.println("|---|---|---|---|");
        for (Model m : models.values()) {
            out.printf("| %s | %s | %s | %s |%n", m.name, mb(m.memOursCold), mb(m.memOursCached), mb(m.memOrt));
        }
        out.println();
        List<Model> probed = models.values().stream().filter(m -> m.memOursCached != null || m.memOrt != null)
                .toList();
        if (!probed.isEmpty()) { // (--no-memory: no probe ran)
            out.println("### A fresh JVM's session (the memory probes' processes, ms)");
            out.println();
            out.println("| model | threads | ours, cold compile: create / first run | ours from the cache: create"
                    + " / first run | ORT: create / first run |");
            out.println("|---|---|---|---|---|");
            for (Model m : probed) {
                out.printf("| %s | %d | %s | %s | %s |%n", m.name, m.probeThreads, createAndFirst(m.memOursCold),
                        createAndFirst(m.memOursCached), createAndFirst(m.memOrt));
            }
            out.println();
            out.println("Each engine in a JVM of its own that opens the model and runs it: creation includes loading"
                    + " the engine's native libraries, and both times are the first of the process, as for a program"
                    + " that starts, opens one model and runs it once. The cold compile is one process whose session"
                    + " compiles the model into an empty cache (a model's first use; its peak memory is the table"
                    + " above's). "
                    + (probeSamples == 1 ? "One sample each." : "The others are medians of " + probeSamples
                            + " processes per engine, ours and ORT's alternated, each figure its own median; the peak"
                            + " memory above, from the cache and ORT's, comes from the same processes."));
            out.println();
        }
        out.println("### GEMM ceiling, FMA peak and achieved GFLOP/s (Conv/MatMul/Gemm FLOPs = 2·M·N·K)");
        out.println();
        for (Map.Entry<Integer, Double> g : gemm.entrySet()) {
            out.printf("- OpenBLAS sgemm %d³, %d thread(s): **%.1f GFLOP/s**%n", gemmSize, g.getKey(), g.getValue());
        }
        for (Map.Entry<Integer, Double> f : fma.entrySet()) {
            out.printf("- FMA peak (%d chains of %d-lane fused multiply-adds per thread), %d thread(s): "
                    + "**%.1f GFLOP/s**%n", FmaPeak.CHAINS, FmaPeak.lanes(), f.getKey(), f.getValue());
        }
        out.println();
        if (!fma.isEmpty()) {
            out.println("ORT's share of the FMA peak is also the lowest ours / ORT ratio an engine can reach that does"
                    + " all 2·M·N·K multiply-adds in float32 (ORT at 86% of the peak: 0.86×); Winograd's convolutions"
                    + " do fewer, so a convolution model can go under it.");
            out.println();
        }
        if (!gemm.isEmpty()) {
            out.println("Our products and most of our convolutions run on oneDNN, not OpenBLAS, and a convolution done"
                    + " by Winograd counts here as the direct one it replaces, so our rate can exceed that ceiling; `-m"
                    + " op-matmul-2048` times one large product through both engines.");
            out.println();
        }
        out.println("| model | GFLOP per run | threads | ours GFLOP/s | ORT GFLOP/s | ours % of sgemm ceiling "
                + "| ours % of FMA peak | ORT % of FMA peak |");
        out.println("|---|---|---|---|---|---|---|---|");
        for (Model m : models.values()) {
            if (m.flops <= 0) {
                continue;
            }
            for (Row r : m.rows.values()) {
                if (r.ort == null) {
                    continue;
                }
                double ours = r.ours == null ? Double.NaN : m.flops / Stats.median(r.ours);
                double theirs = m.flops / Stats.median(r.ort);
                Double ceiling = gemm.get(r.threads);
                Double peak = fma.get(r.threads);
                out.printf("| %s | %.3f | %d | %.1f | %.1f | %s | %s | %s |%n", m.name, m.flops / 1e9, r.threads,
                        ours, theirs, ceiling == null || r.ours == null ? "—" : percent(ours, ceiling),
                        peak == null || r.ours == null ? "—" : percent(ours, peak),
                        peak == null ? "—" : percent(theirs, peak));
            }
        }
    }

    /** The row's ratio by block pairs ({@link Stats#blockRatios}): "0.84× (0.79–0.90)". */
    static String blockRatios(Row r) {
        double[] q = Stats.blockRatios(r.ours, r.ort, r.block);
        return OrtComparison.fmt("%.2f× (%.2f–%.2f)", Stats.quantile(q, 0.5), Stats.quantile(q, 0.1),
                Stats.quantile(q, 0.9));
    }

    private static String percent(double rate, double of) {
        return OrtComparison.fmt("%.0f%%", 100 * rate / of);
    }

    private static StringBuilder sep(StringBuilder b) {
        return b.length() == 0 ? b : b.append(", ");
    }

    /** {@link #ms} of a time, or a dash where it was not measured (negative). */
    static String msOrDash(long nanos) {
        return nanos < 0 ? "—" : ms(nanos);
    }

    static String ms(double nanos) {
        return nanos >= 100e6 ? OrtComparison.fmt("%.0f", nanos / 1e6)
                : nanos >= 1e6 ? OrtComparison.fmt("%.2f", nanos / 1e6)
                : nanos >= 100e3 ? OrtComparison.fmt("%.3f", nanos / 1e6) : OrtComparison.fmt("%.4f", nanos / 1e6);
    }

    private static String createAndFirst(MemoryProbe.Peak p) {
        return p == null ? "—" : ms(p.createNanos()) + " / " + ms(p.firstRunNanos());
    }

    private static String mb(MemoryProbe.Peak p) {
        return p == null ? "—" : OrtComparison.fmt("%.0f (+%.0f)", p.peakKb() / 1024.0, p.engineKb() / 1024.0);
    }
}
