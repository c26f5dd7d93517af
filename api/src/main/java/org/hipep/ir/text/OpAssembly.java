package org.hipep.ir.text;

import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;

/**
 * The custom textual form of an op (MLIR's {@code print}/{@code parse} methods). The printer
 * writes what follows the op name (and the {@code %results =} prefix); the parser reads the same
 * into an {@link OperationState} whose name and location are already set.
 */
public interface OpAssembly {
    /** Writes the op after its name. */
    void print(Operation op, OpAsmPrinter printer);

    /** Reads the op after its name; throws {@link IrParseException} on bad input. */
    void parse(OpAsmParser parser, OperationState state);
}
