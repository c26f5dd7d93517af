package org.hipep.host.tools;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.CoreDialects;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginInfo;
import org.hipep.host.plugins.PluginSelection;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.ir.DialectRegistry;
import org.hipep.pass.PassRegistry;
import org.hipep.passes.CorePasses;
import org.hipep.tools.opt.MlirOptMain;

/**
 * {@code hip-mlir-opt}: the mlir-opt style driver over every in-tree dialect and pass plus the
 * selected plugins' dialects, passes and pipelines ({@code --plugins a,b}).
 */
public final class HipMlirOpt {
    private HipMlirOpt() {
    }

    /** The dialects the tool knows: in-tree, then each plugin's registrations in order. */
    public static DialectRegistry dialects(PluginSnapshot plugins) {
        return plugins.applyDialects(CoreDialects.register(new DialectRegistry()));
    }

    /** The passes and pipelines: in-tree, then the plugins' (a name collision names both owners). */
    public static PassRegistry passes(PluginSnapshot plugins) {
        return passes(plugins, System.err::println);
    }

    /**
     * As {@link #passes(PluginSnapshot)}; the in-tree named pipelines add the plugins' slot
     * requests at their slots, and a request that does not resolve is reported to
     * {@code warnings} and skipped.
     */
    public static PassRegistry passes(PluginSnapshot plugins, java.util.function.Consumer<String> warnings) {
        PassRegistry registry = new PassRegistry();
        return plugins.registerPasses(CorePasses.register(registry, plugins.slotHook(registry, warnings)));
    }

    /**
     * Runs the tool with plugin selection handled here and everything else by
     * {@link MlirOptMain}; returns the exit code.
     */
    public static int run(String[] args, java.io.InputStream stdin, PrintWriter out, PrintWriter err, Path baseDir) {
        String selection = null;
        boolean info = false;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--plugins") && i + 1 < args.length) {
                selection = args[++i];
            } else if (a.startsWith("--plugins=")) {
                selection = a.substring("--plugins=".length());
            } else if (a.equals("--print-plugin-info")) {
                info = true;
            } else {
                rest.add(a);
            }
        }
        PluginSnapshot snapshot;
        DialectRegistry dialects;
        PassRegistry passes;
        try {
            snapshot = PluginHost.processSnapshot(PluginSelection.resolve(selection));
            dialects = dialects(snapshot);
            passes = passes(snapshot, line -> {
                err.println(line);
                err.flush();
            });
        } catch (PluginException | IllegalStateException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 1;
        }
        if (info) {
            PluginInfo.lines(snapshot, PluginHost.processSources().brokenProviders()).forEach(err::println);
            err.flush();
        }
        List<String> help = List.of("Plugin options:",
                "  --plugins=<ids> - Comma-separated plugin ids to select, in order (default: system property hipep.plugins)",
                "  --print-plugin-info - Print the plugins found, selected and skipped, and their contributions");
        return MlirOptMain.run(rest.toArray(String[]::new), dialects, passes, stdin, out, err, baseDir, help);
    }

    /** Runs the tool; exits with its code. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(run(args, System.in, out, err, Path.of("").toAbsolutePath()));
    }
}
