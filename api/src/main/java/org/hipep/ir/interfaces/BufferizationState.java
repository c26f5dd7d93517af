package org.hipep.ir.interfaces;

import java.util.List;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.MemRefType;

/**
 * What {@code one-shot-bufferize} offers a {@link BufferizableOpInterface} model: the outcome
 * of the in-place analysis and the helpers that build buffers. Implemented by the pass; valid
 * only during one run, on the thread that runs it.
 */
public interface BufferizationState {
    /**
     * Whether {@code operand}, a write, bufferizes in place (into the buffer of its value)
     * rather than into a new buffer. Operands that are not written are always in place.
     */
    boolean isInPlace(OpOperand operand);

    /**
     * Whether the function argument {@code index} of the {@code func.func} {@code func} is
     * written by the function in place (so a call writes into its caller's buffer); true for a
     * function that was not analysed (a declaration, recursion).
     */
    boolean isFunctionArgumentWritten(Operation func, int index);

    /** The builder to create buffer ops with; during {@link BufferizableOpInterface#bufferize} it is positioned before the op. */
    OpBuilder builder();

    /** The buffer type of a tensor type: a memref of the same shape and element type, identity layout. */
    MemRefType bufferType(Type tensorType);

    /**
     * The buffer that holds the contents of {@code tensor}: the buffer its producer was
     * bufferized into, or a {@code bufferization.to_buffer} materialization created before the
     * op being bufferized.
     */
    Value getBuffer(Value tensor);

    /**
     * The buffer an op writes {@code operand} into: {@link #getBuffer} of its value when it is
     * {@linkplain #isInPlace in place}; otherwise a new {@code memref.alloc} of the same shape,
     * into which the old contents are copied ({@code memref.copy}) only when the op reads the
     * operand and the contents are defined.
     */
    Value getBufferForWrite(OpOperand operand);

    /**
     * A new {@code memref.alloc} of {@code type}; {@code dynamicSizes} gives its {@code ?}
     * dimensions in order.
     */
    Value allocate(Location loc, MemRefType type, List<Value> dynamicSizes);

    /**
     * Replaces each tensor result of {@code op} with the buffer at the same position (a
     * {@code bufferization.to_tensor} of it for the remaining tensor users; non-tensor results
     * are replaced by the value itself) and erases the op.
     */
    void replaceOpWithBuffers(Operation op, List<? extends Value> buffers);
}
