package org.hipep.dialects.hip;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.hip.InferShapes.Inferred;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.text.AttrTypePrinter;

/**
 * The memref form of the {@code hip} compute ops, which {@code one-shot-bufferize} produces: the
 * same op name and attributes, every operand a ranked memref, no results; the trailing operands
 * are the destinations the op writes (one per result of the tensor form), the others the inputs
 * it reads:
 * <pre>{@code
 * hip.add %a, %b, %out : (memref<2x3xf32>, memref<3xf32>, memref<2x3xf32>) -> ()
 * }</pre>
 * The number of destinations is not written down: it is the one (fewest first) for which the
 * op's shape inference over the inputs fits the destinations' shapes. The verifier checks that
 * such a split exists.
 */
final class HipMemRefForm {
    private HipMemRefForm() {
    }

    /** Whether {@code op} is in the memref form: no results and some memref operand. */
    static boolean isMemRefForm(Operation op) {
        if (op.numResults() != 0) {
            return false;
        }
        for (Type t : op.operandTypes()) {
            if (t instanceof MemRefType) {
                return true;
            }
        }
        return false;
    }

    /** The verifier of one compute op kind: the tensor form's, or the memref form's. */
    static LogicalResult verify(HipOps.Spec spec, Operation op) {
        if (isMemRefForm(op)) {
            return verifyMemRefForm(spec, op);
        }
        // A tensor-form op has no destination whose values it could add to, and bound slots name
        // buffers as kernels write and read them.
        for (String name : HipConvOps.MEMREF_ONLY) {
            if (op.attribute(name) != null && spec.attributes().contains(name)) {
                return op.emitOpError("'" + name + "' is only valid in the memref form");
            }
        }
        return HipOps.verify(spec, op);
    }

    private static LogicalResult verifyMemRefForm(HipOps.Spec spec, Operation op) {
        for (int i = 0; i < op.numOperands(); i++) {
            if (!(op.operand(i).type() instanceof MemRefType m) || !m.hasRank()) {
                return op.emitOpError("in memref form expects ranked memref operands, operand #" + i + " is "
                        + AttrTypePrinter.typeToString(op.operand(i).type()));
            }
        }
        if (destinations(spec, op) < 0) {
            return op.emitOpError("in memref form: no split of the " + op.numOperands()
                    + " operands into inputs and destinations fits the op's shape inference");
        }
        return LogicalResult.success();
    }

    /** The number of destination operands of a memref-form op, or -1 when no split fits. */
    static int destinations(Operation op) {
        for (HipOps.Spec spec : HipOps.ALL) {
            if (op.is(HipDialect.NAMESPACE + "." + spec.name())) {
                return destinations(spec, op);
            }
        }
        return -1;
    }

    private static int destinations(HipOps.Spec spec, Operation op) {
        List<Type> types = new ArrayList<>();
        for (Type t : op.operandTypes()) {
            if (!(t instanceof MemRefType m) || !m.hasRank()) {
                return -1;
            }
            types.add(RankedTensorType.of(m.shape(), m.elementType()));
        }
        for (int dests = spec.minResults(); dests <= Math.min(spec.maxResults(), types.size()); dests++) {
            int inputs = types.size() - dests;
            if (inputs < spec.minInputs() || inputs > HipOps.maxOperands(spec)) {
                continue;
            }
            Inferred inferred = HipOps.infer(spec, types.subList(0, inputs), HipOps.allAttributes(op), dests);
            if (!inferred.succeeded()) {
                continue;
            }
            boolean fits = true;
            for (int i = 0; i < dests && fits; i++) {
                fits = HipShapes.compatible(types.get(inputs + i), inferred.types().get(i));
            }
            if (fits) {
                return dests;
            }
        }
        return -1;
    }
}
