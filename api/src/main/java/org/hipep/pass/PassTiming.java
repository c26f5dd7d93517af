package org.hipep.pass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.hipep.ir.Operation;

/**
 * Measures wall time per pass and per nested pipeline ({@code --mlir-timing}), after MLIR's
 * {@code PassTiming.cpp}, and prints MLIR's execution time report:
 *
 * <pre>
 * ===-------------------------------------------------------------------------===
 *                          ... Execution time report ...
 * ===-------------------------------------------------------------------------===
 *   Total Execution Time: 0.0123 seconds
 *
 *   ----Wall Time----  ----Name----
 *     0.0100 ( 81.3%)  'func.func' Pipeline
 *     0.0060 ( 48.8%)    CSE
 *     0.0023 ( 18.7%)  Rest
 *     0.0123 (100.0%)  Total
 * </pre>
 *
 * Entries follow the structure of the top-level manager: passes by {@link Pass#name()}, nested
 * managers as {@code '<anchor>' Pipeline} with their elements indented by two more spaces; an
 * element that never ran is left out. Times of one element are summed over every op it ran on,
 * also when ops ran in parallel, so nested entries may add up to more than the wall time of
 * their parent (and percentages to more than 100%). {@code Total} is the wall time of the
 * top-level pipeline; {@code Rest} is what its direct elements do not account for (never
 * negative). Runs accumulate until {@link #reset()}.
 */
public final class PassTiming implements PassInstrumentation {

    private static final String TITLE = "... Execution time report ...";
    private static final String RULE = "===" + "-".repeat(73) + "===\n";

    private final Map<Object, LongAdder> nanos = new ConcurrentHashMap<>();
    private final ThreadLocal<Deque<Long>> starts = ThreadLocal.withInitial(ArrayDeque::new);
    private volatile OpPassManager root;

    /** Creates a timing instrumentation with no measurements. */
    public PassTiming() {
    }

    @Override
    public void runBeforePipeline(OpPassManager pipeline, Operation op) {
        if (pipeline.parent() == null) {
            root = pipeline;
            starts.get().clear();
        }
        starts.get().push(System.nanoTime());
    }

    @Override
    public void runAfterPipeline(OpPassManager pipeline, Operation op) {
        record(pipeline);
    }

    @Override
    public void runBeforePass(Pass pass, Operation op) {
        starts.get().push(System.nanoTime());
    }

    @Override
    public void runAfterPass(Pass pass, Operation op) {
        record(pass.entry != null ? pass.entry : pass.getClass());
    }

    @Override
    public void runAfterPassFailed(Pass pass, Operation op) {
        runAfterPass(pass, op);
    }

    private void record(Object key) {
        long elapsed = System.nanoTime() - starts.get().pop();
        nanos.computeIfAbsent(key, k -> new LongAdder()).add(elapsed);
    }

    /** Forgets every measurement. */
    public void reset() {
        nanos.clear();
        root = null;
    }

    /** The report for the measurements so far (call when no run is in progress). */
    public String report() {
        OpPassManager top = root;
        double total = top == null ? 0 : seconds(top);
        StringBuilder out = new StringBuilder(RULE);
        out.append(" ".repeat((80 - TITLE.length()) / 2)).append(TITLE).append('\n').append(RULE);
        out.append(String.format(Locale.ROOT, "  Total Execution Time: %.4f seconds\n\n", total));
        out.append("  ----Wall Time----  ----Name----\n");
        double accounted = 0;
        if (top != null) {
            for (PipelineStep step : top.steps()) {
                accounted += seconds(step);
                appendStep(out, step, 0, total);
            }
        }
        appendLine(out, Math.max(0, total - accounted), total, "", "Rest");
        appendLine(out, total, total, "", "Total");
        return out.toString();
    }

    /** Writes {@link #report()} to {@code out}. */
    public void printReport(Appendable out) {
        try {
            out.append(report());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void appendStep(StringBuilder out, PipelineStep step, int indent, double total) {
        if (!nanos.containsKey(step)) {
            return;
        }
        if (step instanceof PassEntry entry) {
            appendLine(out, seconds(step), total, " ".repeat(indent), entry.prototype().name());
        } else {
            OpPassManager nested = (OpPassManager) step;
            appendLine(out, seconds(step), total, " ".repeat(indent), "'" + nested.anchor() + "' Pipeline");
            for (PipelineStep child : nested.steps()) {
                appendStep(out, child, indent + 2, total);
            }
        }
    }

    private static void appendLine(StringBuilder out, double time, double total, String indent, String name) {
        double percent = total > 0 ? 100.0 * time / total : 0;
        out.append(String.format(Locale.ROOT, "  %8.4f (%5.1f%%)  ", time, percent)).append(indent).append(name)
                .append('\n');
    }

    private double seconds(Object key) {
        LongAdder adder = nanos.get(key);
        return adder == null ? 0 : adder.sum() / 1e9;
    }
}
