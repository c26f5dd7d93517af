package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.FLOAT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.WIDE_INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.union;

import java.util.List;
import java.util.Set;

/** Activation functions with parameters, Clip, and the Softmax family. */
final class ActivationSchemas {
    /** The largest finite float, Clip-6's default bound. */
    private static final double FLT_MAX = 3.4028234663852886e38;

    private ActivationSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        parameterised(out);
        plain(out);
        clip(out);
        softmaxFamily(out);
        out.add(OpSchema.builder("Gelu", 20).input("X", "T").output("Y", "T").attr("approximate", "none")
                .types("T", FLOATS_BF16).build());
    }

    private static OpSchema.Builder xy(String op, int since, Set<ElementKind> t) {
        return OpSchema.builder(op, since).input("X", "T").output("Y", "T").types("T", t);
    }

    /** LeakyRelu, HardSigmoid, Elu, Selu, ThresholdedRelu, PRelu: consumed_inputs dropped in 6, bf16 later. */
    private static void parameterised(List<OpSchema> out) {
        out.add(xy("LeakyRelu", 1, FLOATS).attr("alpha", 0.01).attr("consumed_inputs", INTS).build());
        out.add(xy("LeakyRelu", 6, FLOATS).attr("alpha", 0.01).build());
        out.add(xy("LeakyRelu", 16, FLOATS_BF16).attr("alpha", 0.01).build());

        out.add(xy("HardSigmoid", 1, FLOATS).attr("alpha", 0.2).attr("beta", 0.5).attr("consumed_inputs", INTS).build());
        out.add(xy("HardSigmoid", 6, FLOATS).attr("alpha", 0.2).attr("beta", 0.5).build());
        out.add(xy("HardSigmoid", 22, FLOATS_BF16).attr("alpha", 0.2).attr("beta", 0.5).build());

        out.add(xy("Elu", 1, FLOATS).attr("alpha", 1.0).attr("consumed_inputs", INTS).build());
        out.add(xy("Elu", 6, FLOATS).attr("alpha", 1.0).build());
        out.add(xy("Elu", 22, FLOATS_BF16).attr("alpha", 1.0).build());

        double seluAlpha = 1.67326319217681884765625;
        double seluGamma = 1.05070102214813232421875;
        out.add(xy("Selu", 1, FLOATS).attr("alpha", 1.6732).attr("gamma", 1.0507).attr("consumed_inputs", INTS).build());
        out.add(xy("Selu", 6, FLOATS).attr("alpha", seluAlpha).attr("gamma", seluGamma).build());
        out.add(xy("Selu", 22, FLOATS_BF16).attr("alpha", seluAlpha).attr("gamma", seluGamma).build());

        out.add(xy("ThresholdedRelu", 10, FLOATS).attr("alpha", 1.0).build());
        out.add(xy("ThresholdedRelu", 22, FLOATS_BF16).attr("alpha", 1.0).build());

        OpSchema prelu = OpSchema.builder("PRelu", 1).input("X", "T").input("slope", "T").output("Y", "T")
                .attr("consumed_inputs", INTS).types("T", FLOATS).build();
        out.add(prelu);
        out.add(prelu.toBuilder(6).withoutAttr("consumed_inputs").build());
        out.add(prelu.toBuilder(7).withoutAttr("consumed_inputs").build());
        Set<ElementKind> prelu9 = union(FLOATS, WIDE_INTS);
        out.add(prelu.toBuilder(9).withoutAttr("consumed_inputs").types("T", prelu9).build());
        out.add(prelu.toBuilder(16).withoutAttr("consumed_inputs").types("T", union(prelu9, FLOATS_BF16)).build());
    }

    /** Softplus, Softsign, HardSwish, Mish: no attributes; bf16 in opset 22. */
    private static void plain(List<OpSchema> out) {
        out.add(xy("Softplus", 1, FLOATS).build());
        out.add(xy("Softplus", 22, FLOATS_BF16).build());
        out.add(xy("Softsign", 1, FLOATS).build());
        out.add(xy("Softsign", 22, FLOATS_BF16).build());
        out.add(xy("HardSwish", 14, FLOATS).build());
        out.add(xy("HardSwish", 22, FLOATS_BF16).build());
        out.add(xy("Mish", 18, FLOATS).build());
        out.add(xy("Mish", 22, FLOATS_BF16).build());
    }

    /** Clip: bounds are attributes up to 6, optional inputs from 11; 12 all numeric; 13 bf16. */
    private static void clip(List<OpSchema> out) {
        out.add(OpSchema.builder("Clip", 1).input("input", "T").output("output", "T")
                .attr("consumed_inputs", INTS).attr("max", FLOAT).attr("min", FLOAT).types("T", FLOATS).build());
        out.add(OpSchema.builder("Clip", 6).input("input", "T").output("output", "T")
                .attr("max", FLT_MAX).attr("min", -FLT_MAX).types("T", FLOATS).build());
        OpSchema clip11 = OpSchema.builder("Clip", 11).input("input", "T").optionalInput("min", "T")
                .optionalInput("max", "T").output("output", "T").types("T", FLOATS).build();
        out.add(clip11);
        out.add(clip11.toBuilder(12).types("T", NUMERIC).build());
        out.add(clip11.toBuilder(13).types("T", NUMERIC_BF16).build());
    }

    /** Softmax, LogSoftmax, Hardmax: axis 1 with 2-D coercion (1, 11), axis -1 per-axis (13). */
    private static void softmaxFamily(List<OpSchema> out) {
        for (String op : List.of("Softmax", "LogSoftmax", "Hardmax")) {
            out.add(OpSchema.builder(op, 1).input("input", "T").output("output", "T").attr("axis", 1)
                    .types("T", FLOATS).build());
            out.add(OpSchema.builder(op, 11).input("input", "T").output("output", "T").attr("axis", 1)
                    .types("T", FLOATS).build());
            out.add(OpSchema.builder(op, 13).input("input", "T").output("output", "T").attr("axis", -1)
                    .types("T", FLOATS_BF16).build());
        }
    }
}
