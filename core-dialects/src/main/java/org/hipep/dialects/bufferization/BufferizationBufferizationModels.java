package org.hipep.dialects.bufferization;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;

/**
 * The bufferization models of the {@code bufferization} dialect's own ops: the
 * {@code to_tensor}/{@code to_buffer} materializations, {@code alloc_tensor},
 * {@code materialize_in_destination} and {@code dealloc_tensor}.
 */
public final class BufferizationBufferizationModels {
    private BufferizationBufferizationModels() {
    }

    /** Attaches the models when the {@code bufferization} dialect loads. */
    public static DialectRegistry register(DialectRegistry registry) {
        return registry.addExtension(EXTENSION);
    }

    /** One extension object, so that registering twice in one registry attaches once. */
    private static final DialectExtension EXTENSION = DialectExtension.of(Set.of(BufferizationDialect.NAMESPACE), ctx -> {
        attach(ctx, "to_tensor", new ToTensor());
        attach(ctx, "to_buffer", new ToBuffer());
        attach(ctx, "alloc_tensor", new AllocTensor());
        attach(ctx, "materialize_in_destination", new MaterializeInDestination());
        attach(ctx, "dealloc_tensor", new DeallocTensor());
    });

    private static void attach(org.hipep.ir.Context ctx, String op, BufferizableOpInterface model) {
        ctx.lookupOperation(BufferizationDialect.NAMESPACE + "." + op).attachInterface(BufferizableOpInterface.class,
                model);
    }

    /** {@code to_tensor}: its result lives in its operand buffer, writable only when marked so. */
    static final class ToTensor extends BufferizationModel {
        @Override
        public boolean isWritable(Value result, BufferizationState state) {
            return result.definingOp().attribute("writable") != null;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            return LogicalResult.success();
        }
    }

    /** {@code to_buffer}: the buffer may be read, and written unless {@code read_only}. */
    static final class ToBuffer extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return true;
        }

        @Override
        public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
            return operand.owner().attribute("read_only") == null;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Operation producer = op.operand(0).definingOp();
            if (producer == null || !producer.is("bufferization.to_tensor")
                    || !producer.operand(0).type().equals(op.result(0).type())) {
                return LogicalResult.success();
            }
            op.result(0).replaceAllUsesWith(producer.operand(0));
            op.erase();
            return LogicalResult.success();
        }
    }

    /** {@code alloc_tensor}: a new buffer, a copy of {@code copy} when given. */
    static final class AllocTensor extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return true;
        }

        @Override
        public boolean bufferizesToAllocation(Value result) {
            return ShapedSyntax.segment(result.definingOp(), 1).isEmpty();
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            MemRefType type = state.bufferType(op.result(0).type());
            List<Value> copy = ShapedSyntax.segment(op, 1);
            List<Value> sizes = new ArrayList<>(ShapedSyntax.segment(op, 0));
            Value source = copy.isEmpty() ? null : state.getBuffer(copy.get(0));
            if (source != null && sizes.isEmpty()) {
                sizes.addAll(BufferOps.dynamicSizes(state.builder(), op.location(), source));
            }
            Value buffer = state.allocate(op.location(), type, sizes);
            if (source != null) {
                BufferOps.copy(state.builder(), op.location(), source, buffer);
            }
            state.replaceOpWithBuffers(op, List.of(buffer));
            return LogicalResult.success();
        }
    }

    /** {@code materialize_in_destination}: a copy of the source into the destination's buffer. */
    static final class MaterializeInDestination extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return operand.index() == 0;
        }

        @Override
        public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
            return operand.index() == 1;
        }

        @Override
        public List<Value> getAliasingValues(OpOperand operand, BufferizationState state) {
            Operation op = operand.owner();
            return operand.index() == 1 && op.numResults() == 1 ? List.of(op.result(0)) : List.of();
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Value source = state.getBuffer(op.operand(0));
            Value dest = op.operand(1).type() instanceof RankedTensorType
                    ? state.getBufferForWrite(op.opOperands().get(1)) : op.operand(1);
            BufferOps.copy(state.builder(), op.location(), source, dest);
            state.replaceOpWithBuffers(op, op.numResults() == 1 ? List.of(dest) : List.of());
            return LogicalResult.success();
        }
    }

    /** {@code dealloc_tensor}: a {@code memref.dealloc} of the buffer. */
    static final class DeallocTensor extends BufferizationModel {
        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Value buffer = state.getBuffer(op.operand(0));
            BufferOps.create(state.builder(), op.location(), "memref.dealloc", List.of(buffer), List.of(),
                    java.util.Map.of());
            op.erase();
            return LogicalResult.success();
        }
    }
}
