package org.hipep.host.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.hipep.host.assembly.Assembler;
import org.hipep.host.assembly.AssemblyException;
import org.hipep.host.plugins.PluginSelection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hip-assemble --plugins sample,vendor --from <dir|local Maven repository> --out dist/ [--jlink]}: validates the
 * selection and writes a distribution ({@link Assembler}). Exit code 0 when written; 1 with the
 * report of every problem on standard error when refused (nothing written); 2 for bad options.
 */
@Command(name = "hip-assemble", mixinStandardHelpOptions = true, versionProvider = HipEpCommand.Version.class,
        description = "Assembles a hip-ep distribution (module path, launchers, plugins.lock, optional jlink image)"
                + " from folders of jars, after validating the plugin selection as a whole.")
public final class AssembleCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--plugins", paramLabel = "<ids>", defaultValue = "",
            description = "Comma-separated plugin ids, in order (default: none, the host alone).")
    private String plugins;

    @Option(names = "--from", paramLabel = "<dir|jar|repo>", required = true, split = ",",
            description = "Where the modules come from: folders of jars (such as a Maven copy-dependencies folder),"
                    + " jars, exploded modules, or a local Maven repository (resolved offline with Apache Maven"
                    + " Resolver: the host and the plugin artifacts of --group with their runtime dependencies);"
                    + " repeatable.")
    private List<Path> from;

    @Option(names = "--group", paramLabel = "<groupId>", defaultValue = "org.hipep",
            description = "In a local Maven repository: the groupId of the host (hipep-host) and of the plugin"
                    + " artifacts (default: ${DEFAULT-VALUE}).")
    private String group;

    @Option(names = "--maven-version", paramLabel = "<version>",
            description = "In a local Maven repository: the version of the host and the plugin artifacts to take"
                    + " (default: the newest of each).")
    private String mavenVersion;

    @Option(names = {"-o", "--out"}, paramLabel = "<dir>", required = true,
            description = "The distribution folder; replaced only when the assembly succeeds.")
    private Path out;

    @Option(names = "--jlink", description = "Also write image/: a jlink runtime of the JDK modules the distribution needs, which the launchers then use.")
    private boolean jlink;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Assembler.Plan plan = Assembler.assemble(new Assembler.Options(PluginSelection.parse(plugins), from, out, jlink,
                    group, mavenVersion));
            o.println("hip-assemble: wrote " + out + " with plugins " + plan.pluginIds() + ": " + plan.modules().size()
                    + " modules in lib/, launchers in bin/, plugins.lock" + (jlink ? ", image/" : ""));
            o.flush();
            return 0;
        } catch (AssemblyException e) {
            err.println(e.getMessage());
            err.flush();
            return 1;
        } catch (IOException e) {
            err.println("hip-assemble: cannot write " + out + ": " + e);
            err.flush();
            return 1;
        }
    }

    /** Runs the command and exits with its code. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new AssembleCommand()).execute(args));
    }
}
