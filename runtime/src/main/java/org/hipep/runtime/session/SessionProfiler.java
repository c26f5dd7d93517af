package org.hipep.runtime.session;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bytedeco.javacpp.LongPointer;
import org.hipep.api.AtomicFiles;
import org.hipep.passes.llvm.Json;
import org.hipep.runtime.jit.LoadedModel;

/**
 * A session's profiler ({@link SessionOptions#enableProfiling}): after each run it reads the kernel
 * calls the run's state timed and keeps them with the run; {@link #write} makes the trace file.
 * Thread-safe (runs of several threads record at once).
 */
final class SessionProfiler {
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss");

    private final Path prefix;
    private final long origin = System.nanoTime();
    private final List<Profile.Run> runs = new ArrayList<>();
    private final List<Profile.Call> calls = new ArrayList<>();
    /** Call-site names by the address of their string in the loaded code: node, op, kernel. */
    private final Map<Long, String[]> sites = new HashMap<>();
    private long dropped;

    SessionProfiler(Path prefix) {
        this.prefix = prefix;
    }

    /**
     * Records a run that began at {@code start} and ended at {@code end} with {@code status}, and
     * the kernel calls its state timed; {@code counts} is the state's two-word native scratch.
     */
    void record(LoadedModel model, long state, LongPointer counts, long start, long end, int status) {
        long[] lost = new long[1];
        long[] words = model.profile(state, counts, lost);
        synchronized (this) {
            long run = runs.size();
            runs.add(new Profile.Run(run, Thread.currentThread().getId(), start, end - start, status));
            dropped += lost[0];
            for (int i = 0; i < words.length; i += 3) {
                if (calls.size() >= Profile.MAX_CALLS) {
                    dropped += (words.length - i) / 3;
                    break;
                }
                String[] site = sites.computeIfAbsent(words[i], a -> split(a == 0 ? "" : model.string(a)));
                calls.add(new Profile.Call(run, site[0], site[1], site[2], words[i + 1], words[i + 2]));
            }
        }
    }

    /** node, op, kernel of a call site's name (tab-separated; missing parts are empty). */
    static String[] split(String name) {
        String[] parts = name.split("\t", -1);
        String[] site = {"", "", ""};
        for (int i = 0; i < Math.min(3, parts.length); i++) {
            site[i] = parts[i];
        }
        return site;
    }

    synchronized Profile snapshot() {
        return new Profile(runs, calls, dropped);
    }

    /**
     * Writes the trace: {@code <prefix>_<yyyy-MM-dd_HH-mm-ss>.json}, a JSON array of Chrome trace
     * events as ONNX Runtime's profiler writes them ("model_run" per run, "<node>_kernel_time" per
     * kernel call with the op and kernel in its args; {@code ts} and {@code dur} in microseconds
     * from the start of profiling), one event a line, streamed through {@link AtomicFiles} (a
     * temporary file beside it, then moved into place).
     */
    Path write() {
        Profile p = snapshot();
        String name = prefix.getFileName() + "_" + LocalDateTime.now().format(FILE_TIME) + ".json";
        Path target = prefix.toAbsolutePath().resolveSibling(name);
        long pid = ProcessHandle.current().pid();
        Map<Long, Long> threadOfRun = new HashMap<>();
        p.runs().forEach(r -> threadOfRun.put(r.run(), r.thread()));
        try {
            AtomicFiles.write(target, stream -> {
                Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
                String sep = "[\n";
                for (Profile.Run r : p.runs()) {
                    w.write(sep);
                    event(w, "Session", "model_run", pid, r.thread(), r.startNanos(), r.durationNanos(),
                            "\"status\" : " + r.status());
                    sep = ",\n";
                }
                for (Profile.Call c : p.calls()) {
                    w.write(sep);
                    event(w, "Node", c.node() + "_kernel_time", pid, threadOfRun.getOrDefault(c.run(), 0L),
                            c.startNanos(), c.durationNanos(), "\"op_name\" : " + Json.quote(c.op()) + ", \"kernel\" : "
                                    + Json.quote(c.kernel()) + ", \"run\" : " + c.run());
                    sep = ",\n";
                }
                w.write(sep.equals("[\n") ? "[]\n" : "\n]\n");
                w.flush();
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the profile " + target + ": " + e.getMessage(), e);
        }
        return target;
    }

    private void event(Writer w, String cat, String name, long pid, long tid, long start, long duration, String args)
            throws IOException {
        w.write("{\"cat\" : \"" + cat + "\", \"pid\" : " + pid + ", \"tid\" : " + tid + ", \"dur\" : " + micros(duration)
                + ", \"ts\" : " + micros(start - origin) + ", \"ph\" : \"X\", \"name\" : " + Json.quote(name)
                + ", \"args\" : {" + args + "}}");
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e3);
    }
}
