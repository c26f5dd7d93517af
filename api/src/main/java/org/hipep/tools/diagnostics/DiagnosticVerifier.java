package org.hipep.tools.diagnostics;

import java.util.ArrayList;
import java.util.List;

/**
  * Implements MLIR's {@code -verify-diagnostics}: compares the diagnostics a tool reported with the
  * {@code expected-error/warning/remark/note} comments of its source.
  *
  * <p>Expectation syntax: {@code expected-<severity>[-re][@+N|@-N|@above|@below|@unknown]
  * {{message}}}. Without a designator the expectation applies to its own line; {@code @above} /
  * {@code @below} designate the nearest line above / below that carries no expectation (the
  * previous / next line in the common case); {@code @unknown} matches a diagnostic without a
  * location. Messages match as substrings; in {@code -re} expectations the {@code {{...}}} parts are
  * (Java) regexes and the rest is literal. Several expectations may share one line. Each reported
  * diagnostic consumes one matching expectation; a diagnostic whose file is neither empty nor the
  * buffer name cannot be expected.
  */
public final class DiagnosticVerifier {
    private DiagnosticVerifier() {
    }

    /**
      * Verifies the diagnostics reported for one whole buffer.
      *
      * @param source      the source text containing the expectations
      * @param bufferName  the name diagnostics use for this buffer
      * @param diagnostics the reported diagnostics, in report order
      * @return every problem found
      */
    public static VerificationResult verify(String source, String bufferName,
            List<ReportedDiagnostic> diagnostics) {
        return verify(source, bufferName, diagnostics, 0);
    }

    /**
      * Verifies the diagnostics reported for one {@code --split-input-file} chunk. Diagnostic lines
      * are relative to the chunk; problems are reported with lines of the original file.
      *
      * @param chunk       the chunk that was processed
      * @param bufferName  the name diagnostics use for the buffer
      * @param diagnostics the diagnostics reported for this chunk
      * @return every problem found
      */
    public static VerificationResult verify(SplitInput.Chunk chunk, String bufferName,
            List<ReportedDiagnostic> diagnostics) {
        return verify(chunk.text(), bufferName, diagnostics, chunk.firstLine() - 1);
    }

    private static VerificationResult verify(String source, String bufferName,
            List<ReportedDiagnostic> diagnostics, int lineOffset) {
        ExpectationParser parsed = ExpectationParser.parse(source, bufferName, lineOffset);
        List<VerificationProblem> problems = new ArrayList<>(parsed.problems);
        List<Expectation> expectations = parsed.expectations;
        boolean[] consumed = new boolean[expectations.size()];
        for (ReportedDiagnostic d : diagnostics) {
            boolean inBuffer = d.file().isEmpty() || d.file().equals(bufferName);
            int target = !d.hasKnownLocation() ? Expectation.UNKNOWN : inBuffer ? d.line() : Integer.MIN_VALUE;
            int exact = -1;
            int nearMiss = -1;
            for (int i = 0; i < expectations.size() && exact < 0; i++) {
                Expectation e = expectations.get(i);
                if (consumed[i] || e.targetLine() != target || !e.matches(d.message())) {
                    continue;
                }
                if (e.severity() == d.severity()) {
                    exact = i;
                } else if (nearMiss < 0) {
                    nearMiss = i;
                }
            }
            if (exact >= 0) {
                consumed[exact] = true;
            } else if (nearMiss >= 0) {
                Expectation e = expectations.get(nearMiss);
                problems.add(new VerificationProblem(bufferName, e.line() + lineOffset, e.column(),
                        "'" + d.severity().label() + "' diagnostic emitted when expecting a '"
                                + e.severity().label() + "'"));
            } else {
                int line = d.hasKnownLocation() && inBuffer ? d.line() + lineOffset : d.line();
                problems.add(new VerificationProblem(d.file().isEmpty() ? bufferName : d.file(),
                        d.hasKnownLocation() ? line : 0, d.column(),
                        "unexpected " + d.severity().label() + ": " + d.message()));
            }
        }
        for (int i = 0; i < expectations.size(); i++) {
            if (!consumed[i]) {
                Expectation e = expectations.get(i);
                problems.add(new VerificationProblem(bufferName, e.line() + lineOffset, e.column(),
                        "expected " + e.severity().label() + " \"" + e.message() + "\" was not produced"));
            }
        }
        return new VerificationResult(problems);
    }
}
