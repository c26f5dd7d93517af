package org.hipep.ir.interfaces;

import java.util.List;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;

/**
 * An op interface: how an op with tensor operands or results turns into an op on buffers
 * (MLIR's {@code BufferizableOpInterface}). {@code one-shot-bufferize} asks the first three
 * methods during its in-place analysis and calls {@link #bufferize} afterwards, op by op in
 * program order. Dialects attach one model per op from a dialect extension (each in-tree dialect
 * has a {@code …BufferizationModels.register(DialectRegistry)}); a plugin does the same for its
 * own ops. An op with tensor operands or results and no model makes the pass fail with an error
 * naming the op.
 *
 * <p>Models are stateless and shared by all ops of a kind; every method receives the operand
 * (whose {@link OpOperand#owner()} is the op) or the op.
 */
public interface BufferizableOpInterface {
    /** Whether the op reads the contents of {@code operand}'s buffer. */
    boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state);

    /** Whether the op writes into {@code operand}'s buffer when it bufferizes in place. */
    boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state);

    /**
     * The op results that share {@code operand}'s buffer when it bufferizes in place (a
     * destination and its result, a view and its source); empty when none do.
     */
    List<Value> getAliasingValues(OpOperand operand, BufferizationState state);

    /**
     * Whether the buffer of {@code result} may be written in place by a later op; a read-only
     * buffer (a constant global) makes every write to it go to a copy. The default is yes.
     */
    default boolean isWritable(Value result, BufferizationState state) {
        return true;
    }

    /**
     * Whether {@code result} is a new buffer with undefined contents (a {@code tensor.empty}):
     * an out-of-place write over it needs no copy. The default is no.
     */
    default boolean bufferizesToAllocation(Value result) {
        return false;
    }

    /**
     * Replaces {@code op} by ops on buffers, with {@code state}'s builder (positioned before
     * the op) and helpers, and replaces its tensor results with
     * {@link BufferizationState#replaceOpWithBuffers}. Reports problems on the op and returns
     * failure.
     */
    LogicalResult bufferize(Operation op, BufferizationState state);
}
