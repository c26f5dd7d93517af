package org.hipep.ir;

/**
 * Checks one operation of a registered kind; reports problems with
 * {@link Operation#emitOpError(String)} and returns failure.
 */
@FunctionalInterface
public interface OpVerifier {
    /** Verifies {@code op}. */
    LogicalResult verify(Operation op);
}
