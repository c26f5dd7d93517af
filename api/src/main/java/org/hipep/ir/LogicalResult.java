package org.hipep.ir;

/**
 * Success or failure of a step that reports its problems through diagnostics (MLIR's
 * {@code LogicalResult}). Lets a verifier say {@code return op.emitOpError("...")}.
 */
public enum LogicalResult {
    /** The step succeeded. */
    SUCCESS,
    /** The step failed; a diagnostic says why. */
    FAILURE;

    /** Success. */
    public static LogicalResult success() {
        return SUCCESS;
    }

    /** Failure. */
    public static LogicalResult failure() {
        return FAILURE;
    }

    /** {@link #SUCCESS} when {@code ok}, else {@link #FAILURE}. */
    public static LogicalResult of(boolean ok) {
        return ok ? SUCCESS : FAILURE;
    }

    /** Whether this is a success. */
    public boolean succeeded() {
        return this == SUCCESS;
    }

    /** Whether this is a failure. */
    public boolean failed() {
        return this == FAILURE;
    }
}
