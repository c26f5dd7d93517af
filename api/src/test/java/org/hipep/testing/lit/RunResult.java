package org.hipep.testing.lit;

/**
 * The outcome of one RUN line.
 *
 * @param passed     true when every pipeline succeeded
 * @param exitStatus the status of the failing pipeline (rightmost failing stage, as with
 *                   {@code pipefail}), 0 on success
 * @param report     a lit-style transcript: the substituted RUN line, each executed command, its
 *                   stdout/stderr and exit status
 */
public record RunResult(boolean passed, int exitStatus, String report) {
}
