package org.hipep.testing.lit;

import org.hipep.ir.Severity;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.hipep.tools.diagnostics.DiagnosticVerifier;
import org.hipep.tools.diagnostics.ReportedDiagnostic;
import org.hipep.tools.diagnostics.SplitInput;
import org.hipep.tools.diagnostics.VerificationResult;

/**
  * A tiny stand-in for {@code mlir-opt}, used by the self-hosted lit suite:
  * {@code toy-opt <file> [--split-input-file] [--verify-diagnostics]}. It "prints the module" (the
  * input without comment lines), reports an error for every {@code "toy.bad"} op and a warning for
  * every {@code "toy.deprecated"} op.
  */
final class ToyOpt implements LitTool {
    @Override
    public int run(List<String> args, ToolContext ctx) throws Exception {
        String file = args.stream().filter(a -> !a.startsWith("--")).findFirst().orElseThrow();
        boolean split = args.contains("--split-input-file");
        boolean verify = args.contains("--verify-diagnostics");
        String text = Files.readString(ctx.resolve(file));
        List<SplitInput.Chunk> chunks =
                split ? SplitInput.split(text) : List.of(new SplitInput.Chunk(0, text, 1));
        List<String> outputs = new ArrayList<>();
        boolean failed = false;
        for (SplitInput.Chunk chunk : chunks) {
            List<ReportedDiagnostic> diags = diagnose(file, chunk.text());
            if (verify) {
                VerificationResult r = DiagnosticVerifier.verify(chunk, file, diags);
                if (!r.passed()) {
                    ctx.stderr().append(r.report()).append('\n');
                    failed = true;
                }
            } else {
                for (ReportedDiagnostic d : diags) {
                    ctx.stderr().append(d.file() + ":" + chunk.toOriginalLine(d.line()) + ":" + d.column()
                            + ": " + d.severity().label() + ": " + d.message() + "\n");
                    failed |= d.severity() == Severity.ERROR;
                }
            }
            StringBuilder out = new StringBuilder();
            for (String line : chunk.text().split("\n")) {
                if (!line.strip().startsWith("//") && !line.isBlank()) {
                    out.append(line).append('\n');
                }
            }
            outputs.add(out.toString());
        }
        ctx.stdout().append(SplitInput.join(outputs));
        return failed ? 1 : 0;
    }

    private static List<ReportedDiagnostic> diagnose(String file, String text) {
        List<ReportedDiagnostic> diags = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int bad = lines[i].indexOf("\"toy.bad\"");
            if (bad >= 0) {
                diags.add(new ReportedDiagnostic(Severity.ERROR, file, i + 1, bad + 1,
                        "'toy.bad' op is not allowed"));
            }
            int old = lines[i].indexOf("\"toy.deprecated\"");
            if (old >= 0) {
                diags.add(new ReportedDiagnostic(Severity.WARNING, file, i + 1, old + 1,
                        "'toy.deprecated' op is deprecated"));
            }
        }
        return diags;
    }
}
