package org.hipep.ir.interfaces;

import java.util.List;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;

/**
 * An op interface: which buffers an op reads, writes, allocates or frees (MLIR's
 * {@code MemoryEffectOpInterface}, reduced to what the pipeline needs). Ops on memrefs implement
 * it so that later passes know which operands they read and write; an op whose model reports an
 * effect is never removed or merged as if it were pure, whatever its traits say (an op kind may
 * be {@link OpTrait.Pure} on tensors and write memory in its memref form). Get it with
 * {@code op.getInterface(MemoryEffects.class)}.
 */
@FunctionalInterface
public interface MemoryEffects {
    /** What an op does to a buffer. */
    enum Kind {
        /** Reads the buffer's contents. */
        READ,
        /** Writes (some of) the buffer's contents. */
        WRITE,
        /** Creates the buffer. */
        ALLOCATE,
        /** Releases the buffer. */
        FREE
    }

    /**
     * One effect on one value.
     *
     * @param kind what is done
     * @param value the buffer it is done to (an operand or a result of the op)
     */
    record Effect(Kind kind, Value value) {
    }

    /**
     * The effects of {@code op}, in operand order; empty when the op, in its current form, has
     * none. Must not change the IR.
     */
    List<Effect> effects(Operation op);

    /**
     * Whether {@code op} has no side effects: it is {@link OpTrait.Pure} and, when it implements
     * this interface, reports no effect. Dead-code removal and CSE use this test.
     */
    static boolean isPure(Operation op) {
        if (!op.hasTrait(OpTrait.Pure.class)) {
            return false;
        }
        MemoryEffects model = op.getInterface(MemoryEffects.class);
        return model == null || model.effects(op).isEmpty();
    }
}
