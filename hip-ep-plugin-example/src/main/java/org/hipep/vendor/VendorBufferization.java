package org.hipep.vendor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.bufferization.BufferOps;
import org.hipep.ir.Location;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;
import org.hipep.ir.interfaces.MemoryEffects;

/**
 * The bufferization and memory-effect models of the vendor ops. On tensors an op reads its two
 * operands and has no destination operand: {@code bufferize} allocates the result's buffer
 * ({@link BufferizationState#allocate}, later placed in the memory pool or in the caller's output
 * memory by the in-tree passes like any other allocation; each {@code ?} dimension is the input
 * dimension it provably equals, {@link VendorShapes#dynamicSource}) and writes the op in its
 * destination-passing memref form {@code vendor.add %a, %b, %out}. In memref form the op reads
 * its first two operands and writes the third, so it is never removed as a dead pure op.
 */
final class VendorBufferization implements BufferizableOpInterface, MemoryEffects {
    /** The one instance, attached to every vendor op. */
    static final VendorBufferization INSTANCE = new VendorBufferization();

    private VendorBufferization() {
    }

    @Override
    public boolean bufferizesToMemoryRead(OpOperand operand, BufferizationState state) {
        return true;
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
    public LogicalResult bufferize(Operation op, BufferizationState state) {
        if (op.numResults() != 1 || op.numOperands() != 2 || !(op.result(0).type() instanceof RankedTensorType result)) {
            return op.emitOpError("cannot be bufferized: expects the tensor form (two operands, one ranked result)");
        }
        OpBuilder b = state.builder();
        Location loc = op.location();
        Value a = state.getBuffer(op.operand(0));
        Value c = state.getBuffer(op.operand(1));
        List<Long> aShape = ((ShapedType) op.operand(0).type()).shape();
        List<Long> cShape = ((ShapedType) op.operand(1).type()).shape();
        List<Long> inferred = VendorShapes.broadcast(aShape, cShape);
        List<Value> dynamic = new ArrayList<>();
        for (int d = 0; d < result.shape().size(); d++) {
            if (result.shape().get(d) != ShapedType.DYNAMIC) {
                continue;
            }
            if (inferred.get(d) != ShapedType.DYNAMIC) {
                dynamic.add(BufferOps.create(b, loc, "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                        Map.of("value", IntegerAttr.index(inferred.get(d)))).result(0));
                continue;
            }
            int[] source = VendorShapes.dynamicSource(aShape, cShape, result.shape().size(), d);
            if (source == null) {
                return op.emitOpError("cannot be bufferized: result dimension " + d + " cannot be sized");
            }
            dynamic.add(BufferOps.dim(b, loc, source[0] == 0 ? a : c, source[1]));
        }
        MemRefType type = state.bufferType(result);
        Value out = state.allocate(loc, type, dynamic);
        OperationState st = new OperationState(loc, op.nameString(), op.context());
        st.addOperands(List.of(a, c, out));
        st.attributes.putAll(op.attributes());
        b.create(st);
        state.replaceOpWithBuffers(op, List.of(out));
        return LogicalResult.success();
    }

    @Override
    public List<Effect> effects(Operation op) {
        if (!VendorDialect.isMemRefForm(op)) {
            return List.of();
        }
        return List.of(new Effect(Kind.READ, op.operand(0)), new Effect(Kind.READ, op.operand(1)),
                new Effect(Kind.WRITE, op.operand(2)));
    }
}
