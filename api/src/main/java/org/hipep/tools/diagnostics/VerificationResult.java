package org.hipep.tools.diagnostics;

import java.util.List;
import java.util.stream.Collectors;

/**
  * The outcome of {@link DiagnosticVerifier#verify}: all problems found, in order (malformed
  * expectations, then reported diagnostics in report order, then unproduced expectations).
  *
  * @param problems the problems; empty on success
  */
public record VerificationResult(List<VerificationProblem> problems) {

    /** Copies the problem list. */
    public VerificationResult {
        problems = List.copyOf(problems);
    }

    /** @return true when every diagnostic was expected and every expectation was produced */
    public boolean passed() {
        return problems.isEmpty();
    }

    /** @return all problems, one formatted line each, separated by newlines */
    public String report() {
        return problems.stream().map(VerificationProblem::format).collect(Collectors.joining("\n"));
    }
}
