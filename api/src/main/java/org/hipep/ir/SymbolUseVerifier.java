package org.hipep.ir;

/**
 * Checks the symbols one operation of a registered kind names (a call's callee, a global's
 * reader), looking them up through {@code symbolTables}, which the {@link Verifier} shares between
 * all ops of one run (as MLIR's {@code SymbolUserOpInterface::verifySymbolUses}); reports problems
 * with {@link Operation#emitOpError(String)} and returns failure. Runs right after the op's
 * {@link OpVerifier}.
 */
@FunctionalInterface
public interface SymbolUseVerifier {
    /** Verifies {@code op}'s symbol uses. */
    LogicalResult verify(Operation op, SymbolTableCollection symbolTables);
}
