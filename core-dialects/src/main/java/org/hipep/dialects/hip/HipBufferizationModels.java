package org.hipep.dialects.hip;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Value;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;
import org.hipep.ir.interfaces.MemoryEffects;

/**
 * The bufferization models of the {@code hip} dialect. Every compute op (every op with
 * {@link InferShapes}, so also ops added to the dialect later) gets {@link DestinationStyle}: it
 * reads its inputs, writes each destination, and its result {@code i} shares the buffer of
 * destination {@code i}; it bufferizes to its {@linkplain HipMemRefForm memref form}. The memref
 * form reports its {@link MemoryEffects} (read of every input, write of every destination), so
 * that it is not removed as a dead pure op. {@code hip.constant} gets {@link Constant}, which
 * refuses: carriers are gone (turned into globals by {@code hip-externalize-constants}) before
 * bufferization.
 */
public final class HipBufferizationModels {
    private HipBufferizationModels() {
    }

    /** Attaches the models to the {@code hip} ops when the dialect loads. */
    public static DialectRegistry register(DialectRegistry registry) {
        return registry.addExtension(EXTENSION);
    }

    private static final DialectExtension EXTENSION = DialectExtension.of(Set.of(HipDialect.NAMESPACE), ctx -> {
        Dialect hip = ctx.getLoadedDialect(HipDialect.NAMESPACE);
        for (OpDefinition def : hip.operations()) {
            if (def.name().equals(ConstantOp.NAME)) {
                def.attachInterface(BufferizableOpInterface.class, new Constant());
            } else if (def.getInterface(InferShapes.class) != null) {
                def.attachInterface(BufferizableOpInterface.class, DestinationStyle.INSTANCE);
                def.attachInterface(MemoryEffects.class, DestinationStyle.INSTANCE);
            }
        }
    });

    /** A destination-passing hip compute op. */
    static final class DestinationStyle implements BufferizableOpInterface, MemoryEffects {
        static final DestinationStyle INSTANCE = new DestinationStyle();

        private static int firstDestination(Operation op) {
            return op.numOperands() - op.numResults();
        }

        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return operand.index() < firstDestination(operand.owner());
        }

        @Override
        public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
            return operand.index() >= firstDestination(operand.owner());
        }

        @Override
        public List<Value> getAliasingValues(OpOperand operand, BufferizationState state) {
            int first = firstDestination(operand.owner());
            return operand.index() < first ? List.of() : List.of(operand.owner().result(operand.index() - first));
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            int first = firstDestination(op);
            List<Value> operands = new ArrayList<>();
            List<Value> destinations = new ArrayList<>();
            for (OpOperand o : op.opOperands()) {
                if (o.index() < first) {
                    operands.add(state.getBuffer(o.get()));
                } else {
                    Value buffer = state.getBufferForWrite(o);
                    operands.add(buffer);
                    destinations.add(buffer);
                }
            }
            OperationState st = new OperationState(op.location(), op.name());
            st.addOperands(operands);
            st.attributes.putAll(op.attributes());
            st.properties = op.properties();
            state.builder().create(st);
            state.replaceOpWithBuffers(op, destinations);
            return LogicalResult.success();
        }

        @Override
        public List<Effect> effects(Operation op) {
            if (!HipMemRefForm.isMemRefForm(op)) {
                return List.of();
            }
            int destinations = HipMemRefForm.destinations(op);
            int first = op.numOperands() - Math.max(destinations, 0);
            List<Effect> effects = new ArrayList<>();
            for (int i = 0; i < op.numOperands(); i++) {
                effects.add(new Effect(i < first ? Kind.READ : Kind.WRITE, op.operand(i)));
            }
            return effects;
        }
    }

    /** {@code hip.constant}: never bufferized. */
    static final class Constant implements BufferizableOpInterface {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return false;
        }

        @Override
        public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
            return false;
        }

        @Override
        public List<Value> getAliasingValues(OpOperand operand, BufferizationState state) {
            return List.of();
        }

        @Override
        public boolean isWritable(Value result, BufferizationState state) {
            return false;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            return op.emitOpError("cannot be bufferized: constant carriers must be turned into globals by"
                    + " hip-externalize-constants before one-shot-bufferize");
        }
    }
}
