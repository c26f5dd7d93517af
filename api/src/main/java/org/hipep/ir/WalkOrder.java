package org.hipep.ir;

/** Whether a walk visits an operation before or after the operations nested in it. */
public enum WalkOrder {
    /** Parent first. */
    PRE_ORDER,
    /** Nested operations first (the default, as in MLIR). */
    POST_ORDER
}
