package org.hipep.testing.filecheck;

/**
  * Outcome of a {@link FileCheck} run.
  *
  * @param exitCode the exit status FileCheck would return: 0 on success, 1 when checks fail,
  *                 2 for usage errors, unreadable/malformed check files or an empty input
  * @param message  the diagnostics FileCheck would print on stderr (empty on success)
  */
public record FileCheckResult(int exitCode, String message) {

    /** @return the successful result */
    public static FileCheckResult success() {
        return new FileCheckResult(0, "");
    }

    /**
      * @param exitCode non-zero exit status
      * @param message  diagnostic text
      * @return a failed result
      */
    public static FileCheckResult failure(int exitCode, String message) {
        if (exitCode == 0) {
            throw new IllegalArgumentException("a failure needs a non-zero exit code");
        }
        return new FileCheckResult(exitCode, message);
    }

    /** @return true when all checks passed */
    public boolean passed() {
        return exitCode == 0;
    }
}
