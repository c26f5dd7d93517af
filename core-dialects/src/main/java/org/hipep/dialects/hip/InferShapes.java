package org.hipep.dialects.hip;

import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;

/**
 * An op interface: computes the result types of a {@code hip} tensor op from the types of its
 * inputs (the operands before the destination operands) and its attributes, following the ONNX
 * operator's shape and type inference. A dynamic dimension ({@code ?}) stays dynamic unless the
 * op's rules pin it down (broadcasting {@code ?} against {@code 5} gives {@code 5}).
 *
 * <p>Each op's verifier checks that its declared result types are
 * {@linkplain HipShapes#compatible compatible} with the inferred ones; {@code hip-infer-shapes}
 * uses the same model to refine {@code ?} dimensions. Get it with
 * {@code op.getInterface(InferShapes.class)}.
 */
@FunctionalInterface
public interface InferShapes {
    /**
     * Infers the result types.
     *
     * @param inputs the types of the inputs, destinations excluded
     * @param attributes the op's attributes (inherent and discardable)
     * @param numResults how many results the op declares (some ops have optional results)
     * @return the inferred result types, or the reason the inputs do not fit the op
     */
    Inferred inferResultTypes(List<Type> inputs, Map<String, Attribute> attributes, int numResults);

    /**
     * Infers the result types of an op as it stands: its inputs are the operands before its
     * destinations (one per result), its attributes both inherent and discardable.
     *
     * @return the inferred types, or {@code null} when the op does not implement this interface
     */
    static Inferred inferFor(Operation op) {
        InferShapes model = op.getInterface(InferShapes.class);
        if (model == null) {
            return null;
        }
        int inputs = op.numOperands() - op.numResults();
        if (inputs < 0) {
            return Inferred.failure("has fewer operands than destinations for its " + op.numResults() + " results");
        }
        return model.inferResultTypes(op.operandTypes().subList(0, inputs), HipOps.allAttributes(op),
                op.numResults());
    }

    /**
     * The outcome of shape inference: either {@code types} or an {@code error} message.
     *
     * @param types the inferred result types, empty on error
     * @param error why inference failed, or {@code null}
     */
    record Inferred(List<Type> types, String error) {
        /** A success. */
        public static Inferred of(List<Type> types) {
            return new Inferred(List.copyOf(types), null);
        }

        /** A failure with a message naming the offending shapes or attributes. */
        public static Inferred failure(String error) {
            return new Inferred(List.of(), error);
        }

        /** Whether inference succeeded. */
        public boolean succeeded() {
            return error == null;
        }
    }
}
