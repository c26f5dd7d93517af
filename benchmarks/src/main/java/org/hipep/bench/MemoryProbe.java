package org.hipep.bench;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtLoggingLevel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;

/**
 * Peak memory of one engine: {@link #main} runs in a JVM of its own (forked by {@link #measure}),
 * creates one session, runs it, and prints the process's peak resident set ({@code VmHWM} of
 * {@code /proc/self/status}) before creating the session and at the end. The difference is what
 * the engine added on top of an idle JVM with the same class path. It also times that session's
 * creation and first run: what a program that starts, opens one model and runs it once waits for
 * (the outputs are not read back).
 */
public final class MemoryProbe {
    private MemoryProbe() {
    }

    /**
     * Peak resident kilobytes: of the JVM before the engine, and of the whole run; and the
     * session's creation and first run in that JVM (ns).
     */
    public record Peak(long baselineKb, long peakKb, long createNanos, long firstRunNanos) {
        public long engineKb() {
            return peakKb - baselineKb;
        }

        /**
         * Each figure's median over {@code peaks}, processes of one engine alike (rounded; for an
         * even count the mean of the middle two, as {@link Stats#median}); null when there are none.
         */
        static Peak median(List<Peak> peaks) {
            if (peaks.isEmpty()) {
                return null;
            }
            return new Peak(median(peaks, Peak::baselineKb), median(peaks, Peak::peakKb),
                    median(peaks, Peak::createNanos), median(peaks, Peak::firstRunNanos));
        }

        private static long median(List<Peak> peaks, ToLongFunction<Peak> figure) {
            return Math.round(Stats.median(peaks.stream().mapToLong(figure).toArray()));
        }
    }

    /**
     * {@code args}: engine (ours | ort), model, data set, threads, iterations, cache dir, ORT
     * spinning ({@link Engines.OrtSpinning}), our artifact format.
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 8) {
            throw new IllegalArgumentException("usage: MemoryProbe ours|ort MODEL SET THREADS ITERATIONS CACHE SPIN FORMAT");
        }
        String engine = args[0];
        Path model = Path.of(args[1]);
        Path set = Path.of(args[2]);
        int threads = Integer.parseInt(args[3]);
        int iterations = Integer.parseInt(args[4]);
        long baseline = vmHwmKb();
        Engines.Engine e;
        HipEnvironment env = null;
        long t0 = System.nanoTime();
        if (engine.equals("ours")) {
            env = HipEnvironment.create();
            e = new Engines.Hip(env, model, set, threads, Path.of(args[5]), ArtifactFormat.valueOf(args[7]));
        } else if (engine.equals("ort")) {
            e = new Engines.Ort(OrtEnvironment.getEnvironment(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR, "hip-bench"), model, set, threads,
                    Engines.OrtSpinning.valueOf(args[6]));
        } else {
            throw new IllegalArgumentException("engine '" + engine + "': expected ours or ort");
        }
        long t1 = System.nanoTime();
        long t2 = t1;
        for (int i = 0; i < iterations; i++) {
            e.run(false);
            if (i == 0) {
                t2 = System.nanoTime();
            }
        }
        long peak = vmHwmKb();
        e.close();
        if (env != null) {
            env.close();
        }
        System.out.println("VmHWM " + baseline + " " + peak + " " + (t1 - t0) + " " + (t2 - t1));
    }

    /** Forks a JVM like this one (same java, class path, JVM options) running {@link #main} with {@code args}. */
    static Peak measure(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(MemoryProbe.class.getName());
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            StringBuilder all = new StringBuilder();
            Peak peak = null;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    all.append(line).append('\n');
                    if (line.startsWith("VmHWM ")) {
                        String[] f = line.split(" ");
                        peak = new Peak(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                                Long.parseLong(f[4]));
                    }
                }
            }
            int rc = p.waitFor();
            if (rc != 0 || peak == null) {
                throw new IllegalStateException("the memory probe (" + String.join(" ", args) + ") exited with " + rc
                        + ":\n" + all);
            }
            return peak;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot fork the memory probe", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the memory probe", e);
        }
    }

    /** This process's peak resident set in kB ({@code VmHWM}); -1 where /proc is unavailable. */
    static long vmHwmKb() {
        return procKb(Path.of("/proc/self/status"), "VmHWM");
    }

    /**
     * The number of a {@code /proc} file's "key: N kB" line ({@code /proc/self/status},
     * {@code /proc/meminfo}); -1 when the file cannot be read or has no such line.
     */
    static long procKb(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key + ":")) {
                    return Long.parseLong(line.substring(key.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
