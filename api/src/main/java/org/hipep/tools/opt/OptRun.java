package org.hipep.tools.opt;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.hipep.ir.Context;
import org.hipep.ir.Diagnostic;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Verifier;
import org.hipep.ir.builtin.FileLineColLoc;
import org.hipep.ir.text.AsmPrinterOptions;
import org.hipep.ir.text.IrParseException;
import org.hipep.ir.text.IrParser;
import org.hipep.ir.text.IrPrinter;
import org.hipep.tools.diagnostics.DiagnosticVerifier;
import org.hipep.tools.diagnostics.ReportedDiagnostic;
import org.hipep.tools.diagnostics.SplitInput;
import org.hipep.tools.diagnostics.VerificationResult;

/**
 * The work of an mlir-opt style tool on one input buffer, independent of how options are read:
 * split the buffer, parse and verify each part, transform it, print it, and report diagnostics
 * (or check them against the buffer's {@code expected-*} comments).
 *
 * <p>Line numbers always refer to the whole input file, also with {@code --split-input-file}.
 */
public final class OptRun {
    /** Transforms a verified module; returns failure after reporting diagnostics. */
    @FunctionalInterface
    public interface Transform {
        /** Runs on the module of one input chunk. */
        LogicalResult apply(Operation module);
    }

    /** What to do. */
    public record Settings(boolean allowUnregisteredDialects, boolean splitInputFile, boolean verifyDiagnostics,
            AsmPrinterOptions printOptions, boolean enableThreading) {
    }

    /** What happened: the printed output and the process exit code. */
    public record Result(String output, String errors, int exitCode) {
    }

    private OptRun() {
    }

    /**
     * Processes {@code text} (named {@code filename} in locations).
     *
     * @param transformFor builds the transform for a chunk's context (passes need the context)
     */
    public static Result run(String text, String filename, DialectRegistry registry, Settings settings,
            Function<Context, Transform> transformFor) {
        List<String> outputs = new ArrayList<>();
        StringBuilder errors = new StringBuilder();
        boolean failed = false;
        List<SplitInput.Chunk> chunks = settings.splitInputFile() ? SplitInput.split(text)
                : List.of(new SplitInput.Chunk(0, text, 1));
        for (SplitInput.Chunk chunk : chunks) {
            // Pad with the lines before the chunk, so that positions are those of the whole file.
            String padded = "\n".repeat(chunk.firstLine() - 1) + chunk.text();
            ChunkOutcome outcome = processChunk(padded, filename, registry, settings, transformFor);
            if (settings.verifyDiagnostics()) {
                VerificationResult vr = DiagnosticVerifier.verify(padded, filename, outcome.reported);
                if (!vr.passed()) {
                    errors.append(vr.report());
                    if (!vr.report().endsWith("\n")) {
                        errors.append('\n');
                    }
                    failed = true;
                }
            } else {
                for (Diagnostic d : outcome.diagnostics) {
                    errors.append(render(d, padded, filename)).append('\n');
                }
                failed |= !outcome.ok;
            }
            if (outcome.ok && outcome.printed != null) {
                outputs.add(outcome.printed);
            }
        }
        String output = settings.splitInputFile() ? SplitInput.join(outputs) : String.join("", outputs);
        return new Result(output, errors.toString(), failed ? 1 : 0);
    }

    private static final class ChunkOutcome {
        final List<Diagnostic> diagnostics = new ArrayList<>();
        final List<ReportedDiagnostic> reported = new ArrayList<>();
        boolean ok;
        String printed;
    }

    private static ChunkOutcome processChunk(String text, String filename, DialectRegistry registry, Settings settings,
            Function<Context, Transform> transformFor) {
        ChunkOutcome out = new ChunkOutcome();
        Context ctx = new Context(registry);
        ctx.allowUnregisteredDialects(settings.allowUnregisteredDialects());
        ctx.enableMultithreading(settings.enableThreading());
        try (var reg = ctx.diagnostics().registerHandler(d -> {
            out.diagnostics.add(d);
            report(out.reported, d, filename);
            return true;
        })) {
            Operation module;
            try {
                module = IrParser.parse(ctx, text, filename);
            } catch (IrParseException e) {
                Diagnostic d = new Diagnostic(org.hipep.ir.Severity.ERROR,
                        new FileLineColLoc(e.file(), e.line(), e.column()), e.detail());
                ctx.diagnostics().emit(d);
                return out;
            }
            if (Verifier.verify(module).failed()) {
                return out;
            }
            Transform t = transformFor.apply(ctx);
            if (t != null && t.apply(module).failed()) {
                return out;
            }
            out.printed = IrPrinter.print(module, settings.printOptions());
            out.ok = true;
        }
        return out;
    }

    private static void report(List<ReportedDiagnostic> into, Diagnostic d, String filename) {
        FileLineColLoc pos = d.filePosition();
        if (pos == null) {
            into.add(ReportedDiagnostic.unknownLocation(d.severity(), d.message()));
        } else {
            into.add(new ReportedDiagnostic(d.severity(), pos.filename(), pos.line(), pos.column(), d.message()));
        }
        for (Diagnostic n : d.notes()) {
            report(into, n, filename);
        }
    }

    /** MLIR's rendering with the source line and a caret for positions in the input buffer. */
    static String render(Diagnostic d, String text, String filename) {
        StringBuilder sb = new StringBuilder();
        renderOne(sb, d, text, filename);
        for (Diagnostic n : d.notes()) {
            sb.append('\n');
            renderOne(sb, n, text, filename);
        }
        return sb.toString();
    }

    private static void renderOne(StringBuilder sb, Diagnostic d, String text, String filename) {
        Diagnostic bare = new Diagnostic(d.severity(), d.location(), d.message());
        sb.append(bare.render());
        FileLineColLoc pos = d.filePosition();
        if (pos != null && pos.filename().equals(filename) && pos.line() >= 1) {
            String line = lineOf(text, pos.line());
            if (line != null) {
                sb.append('\n').append(line).append('\n').append(" ".repeat(Math.max(0, pos.column() - 1))).append('^');
            }
        }
    }

    private static String lineOf(String text, int line) {
        int start = 0;
        for (int i = 1; i < line; i++) {
            start = text.indexOf('\n', start);
            if (start < 0) {
                return null;
            }
            start++;
        }
        int end = text.indexOf('\n', start);
        return text.substring(start, end < 0 ? text.length() : end);
    }
}
