package org.hipep.dialects.tensor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.bufferization.BufferOps;
import org.hipep.dialects.bufferization.BufferizationModel;
import org.hipep.ir.Context;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;

/**
 * The bufferization models of the {@code tensor} ops the pipeline meets: {@code empty} (a
 * {@code memref.alloc}), {@code dim}, {@code cast}, {@code extract} and {@code insert}
 * ({@code memref.load}/{@code store}), {@code collapse_shape}/{@code expand_shape} (views of the
 * same buffer) and {@code from_elements}. Not yet: {@code reshape}, {@code extract_slice},
 * {@code insert_slice} and {@code splat}, which need strided layouts or loops; a tensor op
 * without a model makes {@code one-shot-bufferize} fail naming it.
 */
public final class TensorBufferizationModels {
    private TensorBufferizationModels() {
    }

    /** Attaches the models when the {@code tensor} dialect loads. */
    public static DialectRegistry register(DialectRegistry registry) {
        return registry.addExtension(EXTENSION);
    }

    /** One extension object, so that registering twice in one registry attaches once. */
    private static final DialectExtension EXTENSION = DialectExtension.of(Set.of(TensorDialect.NAMESPACE), ctx -> {
        attach(ctx, "empty", new Empty());
        attach(ctx, "dim", new Dim());
        attach(ctx, "cast", new View("memref.cast"));
        attach(ctx, "extract", new Extract());
        attach(ctx, "insert", new Insert());
        attach(ctx, "collapse_shape", new View("memref.collapse_shape"));
        attach(ctx, "expand_shape", new View("memref.expand_shape"));
        attach(ctx, "from_elements", new FromElements());
    });

    private static void attach(Context ctx, String op, BufferizableOpInterface model) {
        ctx.lookupOperation(TensorDialect.NAMESPACE + "." + op).attachInterface(BufferizableOpInterface.class, model);
    }

    /** {@code empty}: a new buffer with undefined contents. */
    static final class Empty extends BufferizationModel {
        @Override
        public boolean bufferizesToAllocation(Value result) {
            return true;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Value buffer = state.allocate(op.location(), state.bufferType(op.result(0).type()), op.operands());
            state.replaceOpWithBuffers(op, List.of(buffer));
            return LogicalResult.success();
        }
    }

    /** {@code dim}: {@code memref.dim} of the buffer; reads no element. */
    static final class Dim extends BufferizationModel {
        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Value buffer = state.getBuffer(op.operand(0));
            Value d = BufferOps.create(state.builder(), op.location(), "memref.dim", List.of(buffer, op.operand(1)),
                    List.of(IndexType.INSTANCE), Map.of()).result(0);
            state.replaceOpWithBuffers(op, List.of(d));
            return LogicalResult.success();
        }
    }

    /**
     * An op whose result is a view of its source's buffer ({@code cast}, {@code collapse_shape},
     * {@code expand_shape}): the memref op of the same form.
     */
    static final class View extends BufferizationModel {
        private final String memrefOp;

        View(String memrefOp) {
            this.memrefOp = memrefOp;
        }

        @Override
        public List<Value> getAliasingValues(OpOperand operand, BufferizationState state) {
            return operand.index() == 0 ? List.of(operand.owner().result(0)) : List.of();
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            List<Value> operands = new ArrayList<>(op.operands());
            operands.set(0, state.getBuffer(op.operand(0)));
            Operation view = BufferOps.create(state.builder(), op.location(), memrefOp, operands,
                    List.of(state.bufferType(op.result(0).type())), Map.of());
            view.setProperties(op.properties());
            view.setAttributes(op.attributes());
            state.replaceOpWithBuffers(op, List.of(view.result(0)));
            return LogicalResult.success();
        }
    }

    /** {@code extract}: {@code memref.load}. */
    static final class Extract extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return operand.index() == 0;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            List<Value> operands = new ArrayList<>(op.operands());
            operands.set(0, state.getBuffer(op.operand(0)));
            Value v = BufferOps.create(state.builder(), op.location(), "memref.load", operands,
                    List.of(op.result(0).type()), Map.of()).result(0);
            state.replaceOpWithBuffers(op, List.of(v));
            return LogicalResult.success();
        }
    }

    /** {@code insert}: a {@code memref.store} into the destination's buffer (the rest of it is kept, so read). */
    static final class Insert extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return operand.index() == 1;
        }

        @Override
        public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
            return operand.index() == 1;
        }

        @Override
        public List<Value> getAliasingValues(OpOperand operand, BufferizationState state) {
            return operand.index() == 1 ? List.of(operand.owner().result(0)) : List.of();
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            Value dest = state.getBufferForWrite(op.opOperands().get(1));
            List<Value> operands = new ArrayList<>(op.operands());
            operands.set(1, dest);
            BufferOps.create(state.builder(), op.location(), "memref.store", operands, List.of(), Map.of());
            state.replaceOpWithBuffers(op, List.of(dest));
            return LogicalResult.success();
        }
    }

    /** {@code from_elements}: a new buffer and one {@code memref.store} per element, row-major. */
    static final class FromElements extends BufferizationModel {
        @Override
        public boolean bufferizesToAllocation(Value result) {
            return false;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            RankedTensorType type = (RankedTensorType) op.result(0).type();
            MemRefType bufferType = state.bufferType(type);
            OpBuilder b = state.builder();
            Value buffer = state.allocate(op.location(), bufferType, List.of());
            List<Long> shape = type.shape();
            Map<Long, Value> indices = new java.util.HashMap<>();
            for (int e = 0; e < op.numOperands(); e++) {
                List<Value> operands = new ArrayList<>(List.of(op.operand(e), buffer));
                long rest = e;
                long[] idx = new long[shape.size()];
                for (int d = shape.size() - 1; d >= 0; d--) {
                    idx[d] = rest % shape.get(d);
                    rest /= shape.get(d);
                }
                for (long i : idx) {
                    operands.add(indices.computeIfAbsent(i, k -> BufferOps.create(b, op.location(), "arith.constant",
                            List.of(), List.of(IndexType.INSTANCE), Map.of("value", IntegerAttr.index(k))).result(0)));
                }
                BufferOps.create(b, op.location(), "memref.store", operands, List.of(), Map.of());
            }
            state.replaceOpWithBuffers(op, List.of(buffer));
            return LogicalResult.success();
        }
    }
}
