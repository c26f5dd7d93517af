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
import java.util.function.Function;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.text.AsmPrinterOptions;
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

    private final DialectRegistry registry;
    private final Function<Context, OptRun.Transform> transforms;
    private final InputStream stdin;
    private final Path baseDir;

    /**
     * @param registry the dialects the tool knows
     * @param transforms builds the transformation for each processed chunk (or returns null)
     * @param stdin where {@code -} reads from
     * @param baseDir what relative input and output paths are relative to
     */
    public MlirOptMain(DialectRegistry registry, Function<Context, OptRun.Transform> transforms, InputStream stdin,
            Path baseDir) {
        this.registry = registry;
        this.transforms = transforms;
        this.stdin = stdin;
        this.baseDir = baseDir;
    }

    /**
     * Runs the tool with the given arguments and streams; returns the exit code. Relative paths
     * are relative to {@code baseDir}.
     */
    public static int run(String[] args, DialectRegistry registry, Function<Context, OptRun.Transform> transforms,
            InputStream stdin, PrintWriter out, PrintWriter err, Path baseDir) {
        CommandLine cl = new CommandLine(new MlirOptMain(registry, transforms, stdin, baseDir));
        cl.setOut(out);
        cl.setErr(err);
        int rc = cl.execute(args);
        out.flush();
        err.flush();
        return rc;
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
        OptRun.Settings settings = new OptRun.Settings(allowUnregistered, splitInputFile, verifyDiagnostics, print,
                !disableThreading);
        OptRun.Result result = OptRun.run(text, filename, registry, settings, transforms);
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

    /** Writes to standard output, or to a temporary file moved over the target (never half-written). */
    private void writeOutput(String text, PrintWriter out) {
        if (output.equals("-")) {
            out.print(text);
            out.flush();
            return;
        }
        try {
            Path target = baseDir.resolve(output).toAbsolutePath();
            Path dir = target.getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
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
