package org.hipep.ir;

/** What an interruptible walk callback tells the walker. */
public enum WalkResult {
    /** Keep walking. */
    ADVANCE,
    /** Do not visit the regions of this operation (pre-order walks only); keep walking. */
    SKIP,
    /** Stop the whole walk. */
    INTERRUPT;

    /** Whether the walk was interrupted. */
    public boolean wasInterrupted() {
        return this == INTERRUPT;
    }
}
