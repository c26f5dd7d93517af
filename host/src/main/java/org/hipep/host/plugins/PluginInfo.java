package org.hipep.host.plugins;

import java.util.ArrayList;
import java.util.List;
import org.hipep.host.plugins.Contributions.BitcodeContribution;
import org.hipep.host.plugins.Contributions.PassContribution;
import org.hipep.host.plugins.Contributions.PipelineBuilderContribution;
import org.hipep.host.plugins.Contributions.SlotRequest;

/**
 * The {@code --print-plugin-info} report: what was found, selected, initialized and skipped and
 * why, the warnings, and what each plugin contributed.
 */
public final class PluginInfo {
    private PluginInfo() {
    }

    /** The report's lines. */
    public static List<String> lines(PluginSnapshot s, List<String> brokenProviders) {
        PluginReport r = s.report();
        List<String> out = new ArrayList<>();
        if (r.available().isEmpty()) {
            out.add("[plugins] available: (none)");
        }
        for (PluginReport.Available a : r.available()) {
            out.add("[plugins] available: '" + a.id() + "' (plugin API " + a.apiVersion() + ", " + a.origin() + ")");
        }
        for (String b : brokenProviders) {
            out.add("[plugins] broken provider: " + b);
        }
        out.add("[plugins] selected: " + (r.selected().isEmpty() ? "(none)" : String.join(", ", r.selected())));
        for (PluginReport.Skipped k : r.skipped()) {
            out.add("[plugins] skipped '" + k.id() + "': " + k.reason());
        }
        for (String w : r.warnings()) {
            if (r.skipped().stream().noneMatch(k -> k.reason().equals(w))) {
                out.add(w);
            }
        }
        for (String id : r.initialized()) {
            out.add("[plugins] initialized '" + id + "', which contributed:");
            int before = out.size();
            for (PassContribution p : s.passes()) {
                if (p.pluginId().equals(id)) {
                    out.add("  pass: " + p.argument() + (p.description().isEmpty() ? "" : " - " + p.description()));
                }
            }
            for (PipelineBuilderContribution b : s.pipelineBuilders()) {
                if (b.pluginId().equals(id)) {
                    out.add("  pipeline: " + b.name() + (b.description().isEmpty() ? "" : " - " + b.description()));
                }
            }
            for (SlotRequest q : s.slotRequests()) {
                if (q.pluginId().equals(id)) {
                    out.add("  slot " + q.slot().seedName() + " (" + q.slot().index() + "): " + q.pipelineText());
                }
            }
            long dialects = s.dialects().stream().filter(d -> d.pluginId().equals(id)).count();
            if (dialects > 0) {
                out.add("  dialect registrations: " + dialects);
            }
            for (BitcodeContribution b : s.bitcode()) {
                if (b.pluginId().equals(id)) {
                    out.add("  runtime bitcode: " + b.size() + " bytes"
                            + (b.overriddenSymbols().isEmpty() ? "" : ", overrides " + String.join(", ", b.overriddenSymbols())));
                }
            }
            s.libraryPaths().stream().filter(p -> p.pluginId().equals(id)).forEach(p -> out.add("  library path: " + p.path()));
            s.libraries().stream().filter(l -> l.pluginId().equals(id)).forEach(l -> out.add("  library: " + l.nameOrPath()));
            if (out.size() == before) {
                out.add("  (nothing)");
            }
        }
        return out;
    }
}
