package org.hipep.tools.opt;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.pass.IrPrintingInstrumentation;
import org.hipep.pass.PassManager;
import org.hipep.pass.PassPipelines;
import org.hipep.pass.PassRegistry;
import org.hipep.pass.PassTiming;
import org.hipep.pass.text.PipelineParseException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * An mlir-opt style driver over a given set of dialects: reads IR, verifies it, runs a
 * transformation and prints the result. {@code hip-mlir-opt} is this driver with every in-tree
 * dialect and the selected plugins; a plugin author can build the same tool over their own
 * registry (as MLIR's {@code MlirOptMain} lets out-of-tree projects do).
 *
 * <p>Exit code 0 on success, 1 when parsing, verification, a pass or diagnostic verification
 * failed, 2 for bad command-line usage.
 */
@Command(name = "hip-mlir-opt", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Reads MLIR-style IR, verifies it, optionally transforms it, and prints it.",
        versionProvider = MlirOptMain.Version.class)
public final class MlirOptMain implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", defaultValue = "-", paramLabel = "<input>",
            description = "Input file ('-' for standard input).")
    private String input;

    @Option(names = "-o", paramLabel = "<file>", defaultValue = "-", description = "Output file ('-' for standard output).")
    private String output;

    @Option(names = "--allow-unregistered-dialect", description = "Accept ops, types and attributes of unknown dialects.")
    private boolean allowUnregistered;

    @Option(names = "--split-input-file", description = "Split the input at '// -----' lines and process each part on its own.")
    private boolean splitInputFile;

    @Option(names = "--verify-diagnostics", description = "Check the diagnostics against the input's expected-* comments.")
    private boolean verifyDiagnostics;

    @Option(names = "--mlir-print-op-generic", description = "Print every operation in the generic form.")
    private boolean printGeneric;

    @Option(names = "--mlir-print-debuginfo", description = "Print locations.")
    private boolean printDebugInfo;

    @Option(names = "--mlir-disable-threading", description = "Run passes on one thread.")
    private boolean disableThreading;

    @Option(names = "--pass-pipeline", paramLabel = "<pipeline>",
            description = "A textual pass pipeline, e.g. 'builtin.module(func.func(cse),symbol-dce)'.")
    private String passPipeline;

    @Option(names = "--dump-pass-pipeline", description = "Print the pass pipeline to standard error before running it.")
    private boolean dumpPassPipeline;

    @Option(names = "--verify-each", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Verify the IR after each pass (default: true).")
    private boolean verifyEach;

    @Option(names = "--mlir-timing", description = "Print a per-pass execution time report to standard error.")
    private boolean timing;

    @Option(names = "--mlir-print-ir-before", paramLabel = "<passes>", split = ",",
            description = "Print the IR before the named passes (to standard error).")
    private java.util.List<String> printIrBefore = java.util.List.of();

    @Option(names = "--mlir-print-ir-after", paramLabel = "<passes>", split = ",",
            description = "Print the IR after the named passes (to standard error).")
    private java.util.List<String> printIrAfter = java.util.List.of();

    @Option(names = "--mlir-print-ir-before-all", description = "Print the IR before every pass.")
    private boolean printIrBeforeAll;

    @Option(names = "--mlir-print-ir-after-all", description = "Print the IR after every pass.")
    private boolean printIrAfterAll;

    @Option(names = "--mlir-print-ir-after-failure", description = "Print the IR after a pass that failed.")
    private boolean printIrAfterFailure;

    @Option(names = "--mlir-print-ir-module-scope", description = "Print the whole module instead of the op a pass ran on.")
    private boolean printIrModuleScope;

    private final DialectRegistry registry;
    private final PassRegistry passes;
    private final InputStream stdin;
    private final Path baseDir;
    private final java.util.List<String> passFlags = new java.util.ArrayList<>();

    /**
     * @param registry the dialects the tool knows
     * @param passes the passes and pipelines it can run
     * @param stdin where {@code -} reads from
     * @param baseDir what relative input and output paths are relative to
     */
    public MlirOptMain(DialectRegistry registry, PassRegistry passes, InputStream stdin, Path baseDir) {
        this.registry = registry;
        this.passes = passes;
        this.stdin = stdin;
        this.baseDir = baseDir;
    }

    /**
     * Runs the tool with the given arguments and streams; returns the exit code. Relative paths
     * are relative to {@code baseDir}. Every registered pass and pipeline is also a flag
     * ({@code --cse}, {@code --canonicalize=max-iterations=3}); such flags run in the order given.
     */
    public static int run(String[] args, DialectRegistry registry, PassRegistry passes, InputStream stdin,
            PrintWriter out, PrintWriter err, Path baseDir) {
        return run(args, registry, passes, stdin, out, err, baseDir, java.util.List.of());
    }

    /**
     * {@link #run(String[], DialectRegistry, PassRegistry, InputStream, PrintWriter, PrintWriter, Path)}
     * with lines added to {@code --help} (options a front end handles itself, such as plugin
     * selection).
     */
    public static int run(String[] args, DialectRegistry registry, PassRegistry passes, InputStream stdin,
            PrintWriter out, PrintWriter err, Path baseDir, java.util.List<String> extraHelp) {
        MlirOptMain main = new MlirOptMain(registry, passes, stdin, baseDir);
        java.util.List<String> rest = new java.util.ArrayList<>();
        for (String a : args) {
            if (!main.takePassFlag(a)) {
                rest.add(a);
            }
        }
        CommandLine cl = new CommandLine(main);
        cl.setOut(out);
        cl.setErr(err);
        // The pass list is printed as is (picocli would re-wrap a footer).
        java.util.List<String> passHelp = new java.util.ArrayList<>(extraHelp);
        passHelp.addAll(passes.helpLines());
        if (!passHelp.isEmpty()) {
            cl.getHelpSectionMap().put("passes", help -> "\n" + String.join("\n", passHelp) + "\n");
            java.util.List<String> keys = new java.util.ArrayList<>(cl.getHelpSectionKeys());
            keys.add("passes");
            cl.setHelpSectionKeys(keys);
        }
        int rc = cl.execute(rest.toArray(String[]::new));
        out.flush();
        err.flush();
        return rc;
    }

    private boolean takePassFlag(String arg) {
        if (!arg.startsWith("-") || arg.equals("-")) {
            return false;
        }
        String name = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
        int eq = name.indexOf('=');
        String key = eq < 0 ? name : name.substring(0, eq);
        if (!passes.contains(key)) {
            return false;
        }
        String opts = eq < 0 ? "" : name.substring(eq + 1).trim();
        if (opts.startsWith("{") && opts.endsWith("}")) {
            opts = opts.substring(1, opts.length() - 1);
        }
        String element = opts.isEmpty() ? key : key + "{" + opts + "}";
        // As mlir-opt's implicit nesting: a pass flag for a pass restricted to another op runs
        // on those ops nested in the module.
        String anchor = passes.lookupPass(key).map(info -> info.factory().get().anchorName()).orElse(null);
        passFlags.add(anchor == null || anchor.equals("builtin.module") ? element : anchor + "(" + element + ")");
        return true;
    }


    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String text;
        String filename = input.equals("-") ? "<stdin>" : input;
        try {
            text = input.equals("-") ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(baseDir.resolve(input), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            err.println("error: could not open input file '" + input + "': no such file");
            return 1;
        } catch (IOException e) {
            err.println("error: could not read input file '" + input + "': " + e.getMessage());
            return 1;
        }
        AsmPrinterOptions print = AsmPrinterOptions.defaults().withGeneric(printGeneric).withDebugInfo(printDebugInfo);
        PassManager pm;
        try {
            pm = buildPassManager(err, print);
        } catch (PipelineParseException e) {
            err.println(e.render());
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        OptRun.Settings settings = new OptRun.Settings(allowUnregistered, splitInputFile, verifyDiagnostics, print,
                !disableThreading);
        PassManager manager = pm;
        OptRun.Result result = OptRun.run(text, filename, registry, settings,
                ctx -> manager == null ? null : manager::run);
        if (timing && pm != null) {
            timingReport.printReport(err);
        }
        err.print(result.errors());
        err.flush();
        try {
            writeOutput(result.output(), out);
        } catch (UncheckedIOException e) {
            err.println("error: could not write output file '" + output + "': " + e.getCause().getMessage());
            return 1;
        }
        return result.exitCode();
    }

    private PassTiming timingReport;

    /** The pass manager of --pass-pipeline or the pass flags, with instrumentation; null when none. */
    private PassManager buildPassManager(PrintWriter err, AsmPrinterOptions print) {
        if (passPipeline != null && !passFlags.isEmpty()) {
            throw new IllegalArgumentException("'--pass-pipeline' option can't be used with individual pass options");
        }
        PassManager pm;
        if (passPipeline != null) {
            pm = PassPipelines.parsePassManager(passPipeline, passes);
        } else {
            pm = new PassManager();
            PassPipelines.parse(String.join(",", passFlags), passes, pm);
        }
        if (dumpPassPipeline) {
            err.print(pm.dumpPassPipeline());
            err.flush();
        }
        pm.enableVerifier(verifyEach);
        IrPrintingInstrumentation.Builder printing = IrPrintingInstrumentation.builder(err).printerOptions(print)
                .printBefore(printIrBefore).printAfter(printIrAfter).printModuleScope(printIrModuleScope);
        if (printIrBeforeAll) {
            printing.printBeforeAll();
        }
        if (printIrAfterAll) {
            printing.printAfterAll();
        }
        if (printIrAfterFailure) {
            printing.printAfterFailure();
        }
        if (printing.isEnabled()) {
            pm.addInstrumentation(printing.build());
        }
        if (timing) {
            timingReport = pm.enableTiming();
        }
        return pm;
    }

    /** Writes to standard output, or to a temporary file moved over the target (never half-written). */
    private void writeOutput(String text, PrintWriter out) {
        if (output.equals("-")) {
            out.print(text);
            out.flush();
            return;
        }
        try {
            org.hipep.api.AtomicFiles.write(baseDir.resolve(output), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Supplies {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"hip-mlir-opt " + org.hipep.api.HipEp.version()};
        }
    }
}
