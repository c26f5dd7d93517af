package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.hip.InferShapes;
import org.hipep.ir.Context;
import org.hipep.ir.OpDefinition;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.passes.onnx.OnnxToHipConversions.Plan;

/**
 * The result types {@code convert-onnx-to-hip} gives the hip op of a {@link Plan}, or why there are
 * none (the op then stays in the onnx dialect). Shared by the conversion and by
 * {@link VerifyOnnxConvertedPass}, which reports the reason.
 */
final class ConversionTypes {
    private ConversionTypes() {
    }

    /**
     * Either the result types or the reason.
     *
     * @param types the refined result types (empty when not converted)
     * @param reason why the op is not converted; null when it is
     */
    record Typed(List<RankedTensorType> types, String reason) {
        static Typed no(String reason) {
            return new Typed(List.of(), reason);
        }
    }

    /** The result types of {@code plan}'s hip op for {@code op}: inferred, refined and each dynamic dimension sourced. */
    static Typed of(Context ctx, Operation op, Plan plan) {
        OpDefinition def = ctx.lookupOperation(plan.hipName());
        InferShapes model = def == null ? null : def.getInterface(InferShapes.class);
        if (model == null) {
            return Typed.no(plan.hipName() + " has no shape inference");
        }
        List<Type> inputTypes = plan.inputs().stream().map(Value::type).toList();
        InferShapes.Inferred inferred = model.inferResultTypes(inputTypes, plan.attributes(), op.numResults());
        if (!inferred.succeeded()) {
            return Typed.no("the shape inference of " + plan.hipName() + " failed: " + inferred.error());
        }
        List<RankedTensorType> types = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            Type declared = op.result(i).type();
            Type t = ConvertOnnxToHipPass.refine(declared, inferred.types().get(i));
            if (t == null) {
                return Typed.no("result " + i + " is declared " + str(declared) + ", " + plan.hipName() + " infers "
                        + str(inferred.types().get(i)));
            }
            if (!(t instanceof RankedTensorType r)) {
                return Typed.no("the rank of result " + i + " is unknown (" + str(t) + ")");
            }
            for (int d = 0; d < r.rank(); d++) {
                if (r.shape().get(d) == RankedTensorType.DYNAMIC
                        && DynamicDims.source(plan.hipName(), inputTypes, plan.attributes(), r.rank(), d) == null) {
                    return Typed.no("dimension " + d + " of result " + i + " (" + str(r) + ") is dynamic and is not a"
                            + " dimension of an input, so its size is not known before the op runs (inputs "
                            + inputTypes.stream().map(ConversionTypes::str).toList() + ")");
                }
            }
            types.add(r);
        }
        return new Typed(types, null);
    }

    /** A type as the IR prints it. */
    static String str(Type t) {
        return AttrTypePrinter.typeToString(t);
    }
}
