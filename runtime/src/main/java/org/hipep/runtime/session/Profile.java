package org.hipep.runtime.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a profiling session recorded ({@link SessionOptions#enableProfiling}): every run and every
 * kernel call of those runs, as ONNX Runtime's profiler records its "model_run" and per-node
 * events. Times are {@link System#nanoTime()} values (CLOCK_MONOTONIC, the clock the runtime's
 * kernels are timed with).
 *
 * <p>A kernel call is one compute op of the compiled model: after fusion one call may stand for
 * several ONNX nodes (its {@code node} joins their names with '+'). Work done outside kernel calls
 * (copies and loops the compiler emits inline, a plugin op lowered by its own model) belongs to no
 * call: it is the run's time minus its calls' time.
 *
 * @param runs the runs, in the order they ended
 * @param calls the kernel calls, by run, in call order within a run
 * @param droppedCalls calls not recorded: the runtime could not allocate room for them, or the
 *     session already held {@link #MAX_CALLS}
 */
public record Profile(List<Run> runs, List<Call> calls, long droppedCalls) {
    /** Calls a session keeps at most (ONNX Runtime's profiler stops at a million events too). */
    public static final int MAX_CALLS = 1_000_000;

    /** Copies the lists. */
    public Profile {
        runs = List.copyOf(runs);
        calls = List.copyOf(calls);
    }

    /**
     * The time of each call site (node, op and kernel) per run, over the successful runs numbered
     * {@code firstRun} or later (0: all; 1 leaves out the first run, which makes oneDNN's
     * primitives and times the convolutions' algorithms): in the order the sites were first
     * called, each with its calls per run (the most in one run) and the median over those runs of
     * its time in a run (0 in a run that did not call it).
     */
    public List<Site> sites(long firstRun) {
        List<Run> counted = countedRuns(firstRun);
        Map<Long, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < counted.size(); i++) {
            index.put(counted.get(i).run(), i);
        }
        int n = counted.size();
        Map<List<String>, long[]> timeOf = new LinkedHashMap<>();
        Map<List<String>, int[]> callsOf = new LinkedHashMap<>();
        for (Call c : calls) {
            Integer i = index.get(c.run());
            if (i == null) {
                continue;
            }
            List<String> key = List.of(c.node(), c.op(), c.kernel());
            timeOf.computeIfAbsent(key, k -> new long[n])[i] += c.durationNanos();
            callsOf.computeIfAbsent(key, k -> new int[n])[i]++;
        }
        List<Site> out = new ArrayList<>();
        for (Map.Entry<List<String>, long[]> e : timeOf.entrySet()) {
            List<String> k = e.getKey();
            out.add(new Site(k.get(0), k.get(1), k.get(2), Arrays.stream(callsOf.get(k)).max().orElse(0),
                    median(e.getValue())));
        }
        return out;
    }

    /**
     * The successful runs numbered {@code firstRun} or later, in order: those {@link #sites} and
     * {@link #medianRunNanos} count.
     */
    public List<Run> countedRuns(long firstRun) {
        return runs.stream().filter(r -> r.run() >= firstRun && r.status() == 0).toList();
    }

    /** The median duration of {@link #countedRuns}; 0 when there is none. */
    public long medianRunNanos(long firstRun) {
        return median(countedRuns(firstRun).stream().mapToLong(Run::durationNanos).toArray());
    }

    private static long median(long[] values) {
        if (values.length == 0) {
            return 0;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /**
     * One call site's time per run ({@link #sites}).
     *
     * @param node the ONNX node names of the site's op ("" when none)
     * @param op the compiled op
     * @param kernel the runtime kernel
     * @param callsPerRun how many times a run called it (the most in one run)
     * @param medianNanos the median over the runs of its time in a run
     */
    public record Site(String node, String op, String kernel, int callsPerRun, long medianNanos) {
    }

    /**
     * One run of the session.
     *
     * @param run the run's number in the profile (0 first)
     * @param thread the Java thread that ran it ({@link Thread#getId()})
     * @param startNanos when the compute began
     * @param durationNanos how long it took (the native compute, without the Java-side checks)
     * @param status the compute's status (0: success)
     */
    public record Run(long run, long thread, long startNanos, long durationNanos, int status) {
    }

    /**
     * One kernel call.
     *
     * @param run the run it belongs to ({@link Run#run})
     * @param node the ONNX node names of the call's op, joined by '+' ("" when the op has none)
     * @param op the compiled op ({@code hip.conv}, ...)
     * @param kernel the runtime kernel's symbol
     * @param startNanos when the call began
     * @param durationNanos how long it took
     */
    public record Call(long run, String node, String op, String kernel, long startNanos, long durationNanos) {
    }
}
