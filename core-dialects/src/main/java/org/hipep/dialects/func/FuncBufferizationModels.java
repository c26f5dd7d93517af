package org.hipep.dialects.func;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import org.hipep.dialects.bufferization.BufferizationModel;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.DialectExtension;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;

/**
 * The bufferization models of the {@code func} dialect, used when {@code one-shot-bufferize}
 * bufferizes function boundaries: {@code func.func} takes the buffer types of its body (its
 * entry arguments, already memrefs, and what its {@code func.return} returns; a declaration maps
 * each tensor type to its buffer type); {@code func.return} returns buffers; {@code func.call}
 * passes buffers, and writes an operand when the callee writes that argument in place.
 */
public final class FuncBufferizationModels {
    /** The argument attribute that marks a function argument's buffer read-only ({@code false}). */
    public static final String WRITABLE = "bufferization.writable";

    private FuncBufferizationModels() {
    }

    /** Attaches the models when the {@code func} dialect loads. */
    public static DialectRegistry register(DialectRegistry registry) {
        return registry.addExtension(EXTENSION);
    }

    /** One extension object, so that registering twice in one registry attaches once. */
    private static final DialectExtension EXTENSION = DialectExtension.of(Set.of(FuncDialect.NAMESPACE), ctx -> {
        attach(ctx, FuncDialect.FUNC, new Func());
        attach(ctx, FuncDialect.RETURN, new Return());
        attach(ctx, FuncDialect.CALL, new Call());
    });

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    private static void attach(Context ctx, String op, BufferizableOpInterface model) {
        ctx.lookupOperation(op).attachInterface(BufferizableOpInterface.class, model);
    }

    /** {@code func.func}: its signature follows its bufferized body. */
    static final class Func extends BufferizationModel {
        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            FunctionType old = FuncDialect.functionType(op);
            List<Type> inputs = new ArrayList<>();
            List<Type> results = new ArrayList<>();
            if (FuncDialect.isDeclaration(op)) {
                old.inputs().forEach(t -> inputs.add(isTensor(t) ? state.bufferType(t) : t));
                old.results().forEach(t -> results.add(isTensor(t) ? state.bufferType(t) : t));
            } else {
                inputs.addAll(op.region(0).front().argumentTypes());
                Operation ret = op.region(0).front().terminator();
                if (ret == null || !ret.is(FuncDialect.RETURN)) {
                    return op.emitOpError("cannot bufferize a function whose body does not end in func.return");
                }
                results.addAll(ret.operandTypes());
            }
            op.setAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(inputs, results)));
            dropWritableMarks(op);
            return LogicalResult.success();
        }

        /** Removes the {@code bufferization.writable} argument attributes, which only the analysis reads. */
        private static void dropWritableMarks(Operation op) {
            if (!(op.attribute(FuncDialect.ARG_ATTRS) instanceof ArrayAttr all)) {
                return;
            }
            List<Attribute> kept = new ArrayList<>();
            boolean any = false;
            for (Attribute a : all.elements()) {
                Map<String, Attribute> entries = a instanceof DictionaryAttr d ? new TreeMap<>(d.entries()) : new TreeMap<>();
                entries.remove(WRITABLE);
                any |= !entries.isEmpty();
                kept.add(DictionaryAttr.of(entries));
            }
            if (any) {
                op.setAttribute(FuncDialect.ARG_ATTRS, new ArrayAttr(kept));
            } else {
                op.removeAttribute(FuncDialect.ARG_ATTRS);
            }
        }
    }

    /** {@code func.return}: reads what it returns. */
    static final class Return extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return true;
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            for (int i = 0; i < op.numOperands(); i++) {
                if (isTensor(op.operand(i).type())) {
                    op.setOperand(i, state.getBuffer(op.operand(i)));
                }
            }
            return LogicalResult.success();
        }
    }

    /** {@code func.call}: reads its operands; writes those the callee writes in place. */
    static final class Call extends BufferizationModel {
        @Override
        public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
            return true;
        }

        @Override
        public boolean bufferizesToMemoryWrite(OpOperand operand, BufferizationState state) {
            Operation callee = callee(operand.owner());
            return callee == null || state.isFunctionArgumentWritten(callee, operand.index());
        }

        @Override
        public LogicalResult bufferize(Operation op, BufferizationState state) {
            List<Value> operands = new ArrayList<>();
            for (OpOperand o : op.opOperands()) {
                if (!isTensor(o.get().type())) {
                    operands.add(o.get());
                } else if (bufferizesToMemoryWrite(o, state)) {
                    operands.add(state.getBufferForWrite(o));
                } else {
                    operands.add(state.getBuffer(o.get()));
                }
            }
            List<Type> results = new ArrayList<>();
            op.resultTypes().forEach(t -> results.add(isTensor(t) ? state.bufferType(t) : t));
            OperationState st = new OperationState(op.location(), op.name());
            st.addOperands(operands).addTypes(results);
            st.attributes.putAll(op.attributes());
            st.properties = op.properties();
            Operation call = state.builder().create(st);
            state.replaceOpWithBuffers(op, call.results());
            return LogicalResult.success();
        }

        private static Operation callee(Operation call) {
            Attribute a = call.attribute(FuncDialect.CALLEE);
            return a instanceof SymbolRefAttr ref ? SymbolTable.lookupNearestSymbolFrom(call, ref) : null;
        }
    }
}
