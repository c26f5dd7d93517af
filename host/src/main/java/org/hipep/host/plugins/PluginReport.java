package org.hipep.host.plugins;

import java.util.List;

/**
 * What the host saw when it took a snapshot: every plugin available, the selection, the plugins
 * that registered and those skipped (with why), and the warnings their registration produced.
 *
 * @param available the ids that could be selected, with where each comes from
 * @param selected the requested ids, in order
 * @param initialized the ids whose contributions are in the snapshot, in order
 * @param skipped ids that were selected but left out, with the reason
 * @param warnings {@code [plugin] WARNING} lines, in the order they arose
 */
public record PluginReport(List<Available> available, List<String> selected, List<String> initialized,
        List<Skipped> skipped, List<String> warnings) {
    public PluginReport {
        available = List.copyOf(available);
        selected = List.copyOf(selected);
        initialized = List.copyOf(initialized);
        skipped = List.copyOf(skipped);
        warnings = List.copyOf(warnings);
    }

    /** An available plugin. */
    public record Available(String id, int apiVersion, String origin) {
    }

    /** A selected plugin that was left out. */
    public record Skipped(String id, String reason) {
    }
}
