package org.hipep.dialects.hip;

import java.util.List;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAssembly;

/**
 * The memref-level runtime ops of the {@code hip} dialect, which reach the runtime through the
 * function's {@code !hip.context} (hip-ep-contracts §4.4):
 * <ul>
 * <li>{@code hip.alloc_output(%ctx, %d0, ...) {out_idx = i} : memref<...>}: the buffer of graph
 * output {@code i}, from the output allocator the caller installed; one index operand per
 * {@code ?} of the result. A Write effect on the result and no Allocate: it is never pooled and
 * never freed by the graph.</li>
 * <li>{@code hip.get_pool(%ctx, %size) {domain_id = N} : memref<?xi8>}: the base of pool domain
 * {@code N}, at least {@code %size} bytes (the runtime grows it on demand, never shrinks it).</li>
 * <li>{@code hip.get_host_scratch(%ctx, %size) : memref<?xi8>}: the host-mapped scratch buffer,
 * at least {@code %size} bytes.</li>
 * <li>{@code hip.get_constant(%ctx) {index = i} : memref<...>}: externalized constant {@code i}
 * (its entry in the constants sidecar), as the runtime loaded it at init; static shape, identity
 * layout. Pure: the data never changes while the graph runs, and nothing writes it.</li>
 * </ul>
 * The pool and the scratch belong to the runtime state: both ops report a Write effect on their
 * result (they may resize the buffer, which is not pure) and no Allocate, so nothing frees them.
 */
final class HipRuntimeOps {
    /** {@code hip.alloc_output}. */
    static final String ALLOC_OUTPUT = "alloc_output";
    /** {@code hip.get_pool}. */
    static final String GET_POOL = "get_pool";
    /** {@code hip.get_host_scratch}. */
    static final String GET_HOST_SCRATCH = "get_host_scratch";
    /** {@code hip.get_constant}. */
    static final String GET_CONSTANT = "get_constant";

    private HipRuntimeOps() {
    }

    /** A Write effect on result 0: what all three ops report. */
    static final MemoryEffects WRITES_RESULT = op -> op.numResults() == 1
            ? List.of(new MemoryEffects.Effect(MemoryEffects.Kind.WRITE, op.result(0)))
            : List.of();

    /** {@code (%ctx, %a, ...) {attrs} : memref<...>}: the context, index operands and the result type. */
    static final OpAssembly ASSEMBLY = ShapedSyntax.assembly((op, p) -> {
        p.print("(").printOperands(op.operands()).print(")");
        ShapedSyntax.printAttrDict(op, p);
        p.print(" : ").printType(op.result(0).type());
    }, (parser, state) -> {
        parser.parsePunct("(");
        List<OpAsmParser.UnresolvedOperand> operands = parser.parseOperandList();
        parser.parsePunct(")");
        parser.parseOptionalAttrDict(state.attributes);
        state.resultTypes.add(parser.parseColonType());
        for (int i = 0; i < operands.size(); i++) {
            Type type = i == 0 ? parser.context().intern(ContextType.INSTANCE) : IndexType.INSTANCE;
            state.operands.add(parser.resolveOperand(operands.get(i), type));
        }
    });

    static LogicalResult verifyAllocOutput(Operation op) {
        if (checkContextAndIndices(op).failed()) {
            return LogicalResult.failure();
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof MemRefType type)) {
            return op.emitOpError("result must be a ranked memref");
        }
        if (!type.hasIdentityLayout()) {
            return op.emitOpError("result must have the identity layout (row-major strides), got "
                    + AttrTypePrinter.typeToString(type));
        }
        long dynamic = type.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        if (op.numOperands() - 1 != dynamic) {
            return op.emitOpError("expects one size per dynamic dimension: " + dynamic + " for "
                    + AttrTypePrinter.typeToString(type) + ", got " + (op.numOperands() - 1));
        }
        return checkIndexAttr(op, "out_idx");
    }

    static LogicalResult verifyGetConstant(Operation op) {
        if (checkContextAndIndices(op).failed()) {
            return LogicalResult.failure();
        }
        if (op.numOperands() != 1) {
            return op.emitOpError("takes only the context, got " + op.numOperands() + " operands");
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof MemRefType type) || !type.hasStaticShape()
                || !type.hasIdentityLayout()) {
            return op.emitOpError("result must be a memref with a static shape and the identity layout, got "
                    + (op.numResults() == 1 ? AttrTypePrinter.typeToString(op.result(0).type()) : "no result"));
        }
        return checkIndexAttr(op, "index");
    }

    static LogicalResult verifyGetPool(Operation op) {
        LogicalResult buffer = verifyByteBuffer(op);
        return buffer.failed() ? buffer : checkIndexAttr(op, "domain_id");
    }

    static LogicalResult verifyByteBuffer(Operation op) {
        if (checkContextAndIndices(op).failed()) {
            return LogicalResult.failure();
        }
        if (op.numOperands() != 2) {
            return op.emitOpError("takes the context and one index size in bytes, got " + op.numOperands()
                    + " operands");
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof MemRefType type) || type.rank() != 1
                || type.shape().get(0) != ShapedType.DYNAMIC || !type.elementType().equals(IntegerType.I8)
                || !type.hasIdentityLayout() || type.memorySpace() != null) {
            return op.emitOpError("result must be memref<?xi8>, got "
                    + (op.numResults() == 1 ? AttrTypePrinter.typeToString(op.result(0).type()) : "no result"));
        }
        return LogicalResult.success();
    }

    private static LogicalResult checkContextAndIndices(Operation op) {
        if (op.numOperands() == 0 || !(op.operand(0).type() instanceof ContextType)) {
            return op.emitOpError("expects a !hip.context as operand #0");
        }
        for (int i = 1; i < op.numOperands(); i++) {
            Value v = op.operand(i);
            if (!(v.type() instanceof IndexType)) {
                return op.emitOpError("operand #" + i + " must be an index, got "
                        + AttrTypePrinter.typeToString(v.type()));
            }
        }
        return LogicalResult.success();
    }

    private static LogicalResult checkIndexAttr(Operation op, String name) {
        if (!(op.attribute(name) instanceof IntegerAttr a) || !(a.type() instanceof IntegerType)
                || a.longValue() < 0) {
            return op.emitOpError("requires a non-negative integer attribute '" + name + "'");
        }
        return LogicalResult.success();
    }
}
