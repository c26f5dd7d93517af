package org.hipep.host.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.hipep.api.HipEp;
import org.hipep.host.PluginDiscovery;
import org.hipep.plugin.PluginApi;
import org.hipep.runtime.llvm.LlvmLibrary;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code hip-ep}: reports the host's version, the native stack it runs on and the plugins it
 * discovered.
 */
@Command(name = "hip-ep", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Prints the hip-ep host version, its LLVM, and the compiler plugins it discovered.")
public final class HipEpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("hip-ep " + HipEp.version());
        out.println("plugin API: " + PluginApi.VERSION);
        out.println("LLVM: " + LlvmLibrary.version() + " (JavaCPP " + LlvmLibrary.javacppVersion() + ")");
        out.println("Java: " + Runtime.version() + " (" + (HipEpCommand.class.getModule().isNamed()
                ? "module path" : "class path") + ")");
        PluginDiscovery.Result result = PluginDiscovery.discover();
        out.println("plugins: " + result.ids());
        for (PluginDiscovery.Found p : result.plugins()) {
            out.println("  " + p.id() + "  " + p.className() + "  (" + p.origin() + ")");
        }
        for (PluginDiscovery.Broken b : result.broken()) {
            out.println("  broken provider: " + b.message());
        }
        out.flush();
        return result.broken().isEmpty() ? 0 : 1;
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
