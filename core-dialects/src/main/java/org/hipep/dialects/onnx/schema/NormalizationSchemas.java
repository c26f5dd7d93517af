package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.ElementKind.BFLOAT16;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT;
import static org.hipep.dialects.onnx.schema.TypeSets.BOOLEAN;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOAT8;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.of;
import static org.hipep.dialects.onnx.schema.TypeSets.union;

import java.util.List;

/** Normalizations (batch, instance, layer, RMS, group, LRN) and Dropout. */
final class NormalizationSchemas {
    private NormalizationSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        batchNormalization(out);
        otherNormalizations(out);
        dropout(out);
    }

    /**
     * BatchNormalization: 1 consumed_inputs, 6 is_test, 7 spatial only, 9 neither, 14 training_mode
     * with two outputs besides Y and a separate constraint for the statistics, 15 three constraints.
     */
    private static void batchNormalization(List<OpSchema> out) {
        OpSchema v6 = OpSchema.builder("BatchNormalization", 6).input("X", "T").input("scale", "T").input("B", "T")
                .input("mean", "T").input("var", "T").output("Y", "T").optionalOutput("mean", "T")
                .optionalOutput("var", "T").optionalOutput("saved_mean", "T").optionalOutput("saved_var", "T")
                .attr("epsilon", 1e-5).attr("is_test", 0).attr("momentum", 0.9).attr("spatial", 1)
                .types("T", FLOATS).build();
        out.add(v6.toBuilder(1).required("consumed_inputs", INTS).build());
        out.add(v6);
        OpSchema v7 = v6.toBuilder(7).withoutAttr("is_test").build();
        out.add(v7);
        out.add(v7.toBuilder(9).withoutAttr("spatial").build());
        OpSchema v14 = OpSchema.builder("BatchNormalization", 14).input("X", "T").input("scale", "T").input("B", "T")
                .input("input_mean", "U").input("input_var", "U").output("Y", "T")
                .optionalOutput("running_mean", "U").optionalOutput("running_var", "U")
                .attr("epsilon", 1e-5).attr("momentum", 0.9).attr("training_mode", 0)
                .types("T", FLOATS_BF16).types("U", FLOATS_BF16).build();
        out.add(v14);
        out.add(OpSchema.builder("BatchNormalization", 15).input("X", "T").input("scale", "T1").input("B", "T1")
                .input("input_mean", "T2").input("input_var", "T2").output("Y", "T")
                .optionalOutput("running_mean", "T2").optionalOutput("running_var", "T2")
                .attr("epsilon", 1e-5).attr("momentum", 0.9).attr("training_mode", 0)
                .types("T", FLOATS_BF16).types("T1", FLOATS_BF16).types("T2", FLOATS_BF16).build());
    }

    private static void otherNormalizations(List<OpSchema> out) {
        OpSchema in6 = OpSchema.builder("InstanceNormalization", 6).input("input", "T").input("scale", "T")
                .input("B", "T").output("output", "T").attr("epsilon", 1e-5).types("T", FLOATS).build();
        out.add(in6.toBuilder(1).attr("consumed_inputs", INTS).build());
        out.add(in6);
        out.add(in6.toBuilder(22).types("T", FLOATS_BF16).build());

        OpSchema lrn = OpSchema.builder("LRN", 1).input("X", "T").output("Y", "T").attr("alpha", 0.0001)
                .attr("beta", 0.75).attr("bias", 1.0).required("size", INT).types("T", FLOATS).build();
        out.add(lrn);
        out.add(lrn.toBuilder(13).types("T", FLOATS_BF16).build());

        out.add(OpSchema.builder("LayerNormalization", 17).input("X", "T").input("Scale", "T").optionalInput("B", "T")
                .output("Y", "T").optionalOutput("Mean", "U").optionalOutput("InvStdDev", "U")
                .attr("axis", -1).attr("epsilon", 1e-5).attr("stash_type", 1)
                .types("T", FLOATS_BF16).types("U", of(FLOAT, BFLOAT16)).build());

        OpSchema group = OpSchema.builder("GroupNormalization", 18).input("X", "T").input("scale", "T")
                .input("bias", "T").output("Y", "T").attr("epsilon", 1e-5).required("num_groups", INT)
                .types("T", FLOATS_BF16).build();
        out.add(group);
        out.add(group.toBuilder(21).attr("stash_type", 1).build());

        out.add(OpSchema.builder("RMSNormalization", 23).input("X", "T").input("scale", "V").output("Y", "V")
                .attr("axis", -1).attr("epsilon", 1e-5).attr("stash_type", 1)
                .types("T", FLOATS_BF16).types("V", FLOATS_BF16).build());
    }

    /**
     * Dropout: 1 consumed_inputs and is_test, 6 is_test, 7 mask of the input type, 10 boolean
     * mask, 12 ratio and training_mode as inputs plus seed, 13 bf16, 22 8-bit floats.
     */
    private static void dropout(List<OpSchema> out) {
        OpSchema v6 = OpSchema.builder("Dropout", 6).input("data", "T").output("output", "T")
                .optionalOutput("mask", "T").attr("is_test", 0).attr("ratio", 0.5).types("T", FLOATS).build();
        out.add(v6.toBuilder(1).attr("consumed_inputs", INTS).build());
        out.add(v6);
        OpSchema v7 = v6.toBuilder(7).withoutAttr("is_test").build();
        out.add(v7);
        out.add(v7.toBuilder(10).clearOutputs().output("output", "T").optionalOutput("mask", "T1")
                .types("T1", BOOLEAN).build());
        OpSchema v12 = OpSchema.builder("Dropout", 12).input("data", "T").optionalInput("ratio", "T1")
                .optionalInput("training_mode", "T2").output("output", "T").optionalOutput("mask", "T2")
                .attr("seed", INT).types("T", FLOATS).types("T1", FLOATS).types("T2", BOOLEAN).build();
        out.add(v12);
        out.add(v12.toBuilder(13).types("T", FLOATS_BF16).types("T1", FLOATS_BF16).build());
        out.add(v12.toBuilder(22).types("T", union(FLOATS_BF16, FLOAT8)).types("T1", union(FLOATS_BF16, FLOAT8))
                .build());
    }
}
