package org.hipep.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ONNX Runtime's own per-node timing, read from the trace its profiler writes
 * ({@code SessionOptions.enableProfiling}): a JSON array of Chrome trace events, where each node
 * of each run is a {@code "cat": "Node"} event named {@code <node>_kernel_time} with its duration
 * in microseconds ({@code dur}) and {@code args.op_name} / {@code args.output_type_shape}, and
 * each run a {@code "cat": "Session"} event named {@code model_run}. Used by {@code hip-bench
 * --profile} to put ORT's time per layer beside ours (our profiler's, {@code OrtComparison.printOurs}).
 */
final class OrtProfile {
    private OrtProfile() {
    }

    /** One node: its name (the profiler's, without {@code _kernel_time}), op, output shapes and times. */
    record Node(String name, String op, String outputs, long[] micros) {
        double median() {
            return Stats.median(micros);
        }
    }

    /** The runs' medians and every node in first-run order; {@code skipped} first runs left out. */
    record Summary(long[] runMicros, List<Node> nodes, int skipped) {
        double medianRun() {
            return Stats.median(runMicros);
        }

        /** The sum of the nodes' medians (what the per-node table accounts for). */
        double nodeSum() {
            return nodes.stream().mapToDouble(Node::median).sum();
        }
    }

    /**
     * Reads {@code trace}, leaving out the first {@code skip} runs (and their nodes' events) as
     * warm-up; throws with the file's name when it is not such a trace or holds no more runs.
     */
    static Summary read(Path trace, int skip) throws IOException {
        JsonArray events;
        try (Reader r = Files.newBufferedReader(trace, StandardCharsets.UTF_8)) {
            JsonElement root = JsonParser.parseReader(r);
            if (!root.isJsonArray()) {
                throw new IllegalArgumentException(trace + ": not an ONNX Runtime profile (expected a JSON array"
                        + " of trace events, found " + kind(root) + ")");
            }
            events = root.getAsJsonArray();
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(trace + ": not valid JSON: " + e.getMessage(), e);
        }
        List<Long> runs = new ArrayList<>();
        Map<String, List<Long>> times = new LinkedHashMap<>();
        Map<String, String[]> what = new LinkedHashMap<>();
        for (JsonElement el : events) {
            if (!el.isJsonObject()) {
                continue;
            }
            JsonObject e = el.getAsJsonObject();
            String cat = string(e, "cat");
            String name = string(e, "name");
            if (cat == null || name == null || !e.has("dur")) {
                continue;
            }
            long dur = e.get("dur").getAsLong();
            if (cat.equals("Session") && name.equals("model_run")) {
                runs.add(dur);
            } else if (cat.equals("Node") && name.endsWith(KERNEL_TIME)) {
                if (runs.size() < skip) {
                    continue; /* a node event comes before its run's model_run event */
                }
                String node = name.substring(0, name.length() - KERNEL_TIME.length());
                times.computeIfAbsent(node, k -> new ArrayList<>()).add(dur);
                if (!what.containsKey(node)) {
                    JsonObject args = e.has("args") && e.get("args").isJsonObject() ? e.getAsJsonObject("args") : null;
                    what.put(node, new String[] {args == null ? "?" : orQ(string(args, "op_name")),
                        args == null || !args.has("output_type_shape") ? "" : shapes(args.get("output_type_shape"))});
                }
            }
        }
        if (runs.size() <= skip) {
            throw new IllegalArgumentException(trace + ": " + runs.size() + " model_run event(s), none left after"
                    + " skipping " + skip + " warm-up run(s)");
        }
        List<Node> nodes = new ArrayList<>();
        for (Map.Entry<String, List<Long>> t : times.entrySet()) {
            String[] w = what.get(t.getKey());
            nodes.add(new Node(t.getKey(), w[0], w[1], t.getValue().stream().mapToLong(Long::longValue).toArray()));
        }
        long[] kept = runs.subList(skip, runs.size()).stream().mapToLong(Long::longValue).toArray();
        return new Summary(kept, nodes, skip);
    }

    /** A Markdown table of the nodes (median µs, share of the node sum) under a heading line. */
    static void print(PrintStream out, String title, Summary s) {
        out.println();
        out.println(OrtComparison.fmt("%s: ORT's profiler, %d runs after %d warm-up, median run %.0f µs, nodes' medians"
                + " sum to %.0f µs", title, s.runMicros().length, s.skipped(), s.medianRun(), s.nodeSum()));
        out.println();
        out.println("| node | op | output | median µs | share |");
        out.println("|---|---|---|---|---|");
        double sum = s.nodeSum();
        for (Node n : s.nodes()) {
            out.println(OrtComparison.fmt("| %s | %s | %s | %.0f | %.1f%% |", n.name(), n.op(), n.outputs(), n.median(),
                    sum > 0 ? 100 * n.median() / sum : 0));
        }
    }

    private static final String KERNEL_TIME = "_kernel_time";

    /** [{"float": [1, 64, 56, 56]}, ...] as {@code float[1,64,56,56]} joined by spaces */
    private static String shapes(JsonElement e) {
        if (!e.isJsonArray()) {
            return e.toString();
        }
        List<String> parts = new ArrayList<>();
        for (JsonElement one : e.getAsJsonArray()) {
            if (one.isJsonObject()) {
                for (Map.Entry<String, JsonElement> t : one.getAsJsonObject().entrySet()) {
                    parts.add(t.getKey() + t.getValue().toString().replace(" ", ""));
                }
            } else {
                parts.add(one.toString());
            }
        }
        return String.join(" ", parts);
    }

    private static String string(JsonObject o, String key) {
        JsonElement v = o.get(key);
        return v != null && v.isJsonPrimitive() ? v.getAsString() : null;
    }

    private static String orQ(String s) {
        return s == null ? "?" : s;
    }

    private static String kind(JsonElement e) {
        return e.isJsonObject() ? "an object" : e.isJsonNull() ? "null" : "a value";
    }
}
