package org.hipep.host.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.hipep.api.HipEp;
import org.hipep.host.plugins.PluginException;
import org.hipep.host.plugins.PluginHost;
import org.hipep.host.plugins.PluginReport;
import org.hipep.host.plugins.PluginSnapshot;
import org.hipep.plugin.PluginApi;
import org.hipep.runtime.llvm.LlvmLibrary;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code hip-ep}: reports the host's version, the native stack it runs on and the compiler
 * plugins it discovered (and, with {@code --plugins}, what the selected ones contribute).
 */
@Command(name = "hip-ep", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Prints the hip-ep host version, its LLVM, and the compiler plugins it discovered.")
public final class HipEpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private PluginOptions pluginOptions;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println("hip-ep " + HipEp.version());
        out.println("plugin API: " + PluginApi.VERSION);
        out.println("LLVM: " + LlvmLibrary.version() + " (JavaCPP " + LlvmLibrary.javacppVersion() + ")");
        out.println("Java: " + Runtime.version() + " (" + (HipEpCommand.class.getModule().isNamed()
                ? "module path" : "class path") + ")");
        out.flush();
        PluginSnapshot snapshot;
        try {
            snapshot = pluginOptions.snapshot(err);
        } catch (PluginException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        PluginReport report = snapshot.report();
        out.println("plugins: " + report.available().stream().map(PluginReport.Available::id).sorted().toList());
        for (PluginReport.Available a : report.available()) {
            out.println("  " + a.id() + "  plugin API " + a.apiVersion() + "  (" + a.origin() + ")");
        }
        for (String b : PluginHost.processSources().brokenProviders()) {
            out.println("  broken provider: " + b);
        }
        if (!report.selected().isEmpty()) {
            out.println("selected: " + report.initialized());
        }
        out.flush();
        return PluginHost.processSources().brokenProviders().isEmpty() && report.skipped().isEmpty() ? 0 : 1;
    }

    /** Runs the command; the process exit code is the command's. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new HipEpCommand()).execute(args));
    }

    /** Supplies {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"hip-ep " + HipEp.version()};
        }
    }
}
