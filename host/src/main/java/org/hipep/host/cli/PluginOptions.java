package org.hipep.host.cli;

import java.io.PrintWriter;
import java.util.List;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginInfo;
import org.hipep.host.plugins.PluginSelection;
import org.hipep.host.plugins.PluginSnapshot;
import picocli.CommandLine.Option;

/** The plugin options every tool takes ({@code --plugins}, {@code --print-plugin-info}). */
public final class PluginOptions {
    @Option(names = "--plugins", paramLabel = "<ids>",
            description = "Comma-separated plugin ids to select, in order (default: the system property hipep.plugins).")
    String plugins;

    @Option(names = "--print-plugin-info",
            description = "Print the plugins found, selected and skipped (and why), and what each contributed.")
    boolean printPluginInfo;

    /** The selected plugin ids, in order ({@code --plugins}, else the system property). */
    public List<String> selection() {
        return PluginSelection.resolve(plugins);
    }

    /** The snapshot of the process's plugins for the selection; prints the report when asked. */
    public PluginSnapshot snapshot(PrintWriter err) {
        PluginSnapshot s = PluginHost.processSnapshot(PluginSelection.resolve(plugins));
        if (printPluginInfo) {
            List<String> lines = PluginInfo.lines(s, PluginHost.processSources().brokenProviders());
            lines.forEach(err::println);
            err.flush();
        }
        return s;
    }
}
