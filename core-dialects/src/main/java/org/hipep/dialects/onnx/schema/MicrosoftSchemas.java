package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS_BF16;

import java.util.List;

/** A few contrib ops of the {@code com.microsoft} domain that exporters emit for transformers. */
final class MicrosoftSchemas {
    private MicrosoftSchemas() {
    }

    private static OpSchema.Builder ms(String op) {
        return OpSchema.builder(op, 1).domain(OnnxSchemas.MICROSOFT_DOMAIN).types("T", FLOATS_BF16);
    }

    static void addTo(List<OpSchema> out) {
        out.add(ms("Gelu").input("X", "T").output("Y", "T").build());
        out.add(ms("FastGelu").input("X", "T").optionalInput("bias", "T").output("Y", "T").build());
        out.add(ms("BiasGelu").input("A", "T").input("B", "T").output("C", "T").build());
        out.add(ms("QuickGelu").input("X", "T").output("Y", "T").attr("alpha", 1.702).build());
        out.add(ms("SkipLayerNormalization").input("input", "T").input("skip", "T").input("gamma", "T")
                .optionalInput("beta", "T").optionalInput("bias", "T").output("output", "T")
                .optionalOutput("mean", "U").optionalOutput("inv_std_var", "U")
                .optionalOutput("input_skip_bias_sum", "T").attr("epsilon", 1e-12)
                .types("U", TypeSets.of(ElementKind.FLOAT)).build());
        out.add(ms("FusedMatMul").input("A", "T").input("B", "T").output("Y", "T").attr("alpha", 1.0)
                .attr("transA", 0).attr("transB", 0).attr("transBatchA", 0).attr("transBatchB", 0).build());
    }
}
