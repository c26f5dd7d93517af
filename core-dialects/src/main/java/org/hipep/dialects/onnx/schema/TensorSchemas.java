package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL_13;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.INDEX;
import static org.hipep.dialects.onnx.schema.TypeSets.widened;

import java.util.List;

/** Data movement: reshaping, transposing, joining and splitting, slicing, gathering and scattering. */
final class TensorSchemas {
    private TensorSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        reshapes(out);
        squeezes(out);
        concatSplit(out);
        slice(out);
        gatherScatter(out);
        broadcasts(out);
        depthSpace(out);
    }

    /** Reshape (1 shape attribute, 5 shape input, 14 allowzero), Flatten, Transpose. */
    private static void reshapes(List<OpSchema> out) {
        out.add(OpSchema.builder("Reshape", 1).input("data", "T").output("reshaped", "T")
                .attr("consumed_inputs", INTS).attr("shape", INTS).types("T", FLOATS).build());
        OpSchema reshape = OpSchema.builder("Reshape", 5).input("data", "T").input("shape", "tensor(int64)")
                .output("reshaped", "T").types("T", ALL).build();
        out.add(reshape);
        out.add(reshape.toBuilder(13).types("T", ALL_13).build());
        OpSchema reshape14 = reshape.toBuilder(14).attr("allowzero", 0).types("T", ALL_13).build();
        out.add(reshape14);
        widened(out, reshape14, "T", 19, 21, 23, 24, 25);

        OpSchema flatten = OpSchema.builder("Flatten", 1).input("input", "T").output("output", "T").attr("axis", 1)
                .types("T", FLOATS).build();
        out.add(flatten);
        widened(out, flatten, "T", 9, 11, 13, 21, 23, 24, 25);

        OpSchema transpose = OpSchema.builder("Transpose", 1).input("data", "T").output("transposed", "T")
                .attr("perm", INTS).types("T", ALL).build();
        out.add(transpose);
        widened(out, transpose, "T", 13, 21, 23, 24, 25);
    }

    /** Squeeze and Unsqueeze: axes attribute up to 11, axes input from 13. */
    private static void squeezes(List<OpSchema> out) {
        OpSchema squeeze = OpSchema.builder("Squeeze", 1).input("data", "T").output("squeezed", "T")
                .attr("axes", INTS).types("T", ALL).build();
        out.add(squeeze);
        out.add(squeeze.toBuilder(11).build());
        OpSchema squeeze13 = OpSchema.builder("Squeeze", 13).input("data", "T").optionalInput("axes", "tensor(int64)")
                .output("squeezed", "T").types("T", ALL_13).build();
        out.add(squeeze13);
        widened(out, squeeze13, "T", 21, 23, 24, 25);

        OpSchema unsqueeze = OpSchema.builder("Unsqueeze", 1).input("data", "T").output("expanded", "T")
                .required("axes", INTS).types("T", ALL).build();
        out.add(unsqueeze);
        out.add(unsqueeze.toBuilder(11).build());
        OpSchema unsqueeze13 = OpSchema.builder("Unsqueeze", 13).input("data", "T").input("axes", "tensor(int64)")
                .output("expanded", "T").types("T", ALL_13).build();
        out.add(unsqueeze13);
        widened(out, unsqueeze13, "T", 21, 23, 24, 25);
    }

    /** Concat (axis required from 4) and Split (split input from 13, num_outputs from 18). */
    private static void concatSplit(List<OpSchema> out) {
        out.add(OpSchema.builder("Concat", 1).variadicInput("inputs", "T", 1).output("concat_result", "T")
                .attr("axis", 1).types("T", FLOATS).build());
        OpSchema concat4 = OpSchema.builder("Concat", 4).variadicInput("inputs", "T", 1).output("concat_result", "T")
                .required("axis", INT).types("T", ALL).build();
        out.add(concat4);
        out.add(concat4.toBuilder(11).build());
        out.add(concat4.toBuilder(13).types("T", ALL_13).build());

        out.add(OpSchema.builder("Split", 1).input("input", "T").optionalInput("split", "T")
                .variadicOutput("outputs", "T", 1).attr("axis", 0).attr("split", INTS).types("T", FLOATS).build());
        OpSchema split2 = OpSchema.builder("Split", 2).input("input", "T").variadicOutput("outputs", "T", 1)
                .attr("axis", 0).attr("split", INTS).types("T", ALL).build();
        out.add(split2);
        out.add(split2.toBuilder(11).build());
        OpSchema split13 = OpSchema.builder("Split", 13).input("input", "T").optionalInput("split", "tensor(int64)")
                .variadicOutput("outputs", "T", 1).attr("axis", 0).types("T", ALL_13).build();
        out.add(split13);
        out.add(split13.toBuilder(18).attr("num_outputs", INT).build());
    }

    /** Slice: attributes in 1, inputs from 10 (negative steps), 11 negative indices, 13 bf16. */
    private static void slice(List<OpSchema> out) {
        out.add(OpSchema.builder("Slice", 1).input("data", "T").output("output", "T").attr("axes", INTS)
                .required("ends", INTS).required("starts", INTS).types("T", ALL).build());
        OpSchema slice10 = OpSchema.builder("Slice", 10).input("data", "T").input("starts", "Tind")
                .input("ends", "Tind").optionalInput("axes", "Tind").optionalInput("steps", "Tind")
                .output("output", "T").types("T", ALL).types("Tind", INDEX).build();
        out.add(slice10);
        out.add(slice10.toBuilder(11).build());
        out.add(slice10.toBuilder(13).types("T", ALL_13).build());
    }

    private static void gatherScatter(List<OpSchema> out) {
        OpSchema gather = OpSchema.builder("Gather", 1).input("data", "T").input("indices", "Tind")
                .output("output", "T").attr("axis", 0).types("T", ALL).types("Tind", INDEX).build();
        out.add(gather);
        out.add(gather.toBuilder(11).build());
        out.add(gather.toBuilder(13).types("T", ALL_13).build());

        OpSchema elements = OpSchema.builder("GatherElements", 11).input("data", "T").input("indices", "Tind")
                .output("output", "T").attr("axis", 0).types("T", ALL).types("Tind", INDEX).build();
        out.add(elements);
        out.add(elements.toBuilder(13).types("T", ALL_13).build());

        OpSchema nd = OpSchema.builder("GatherND", 11).input("data", "T").input("indices", "tensor(int64)")
                .output("output", "T").types("T", ALL).build();
        out.add(nd);
        out.add(nd.toBuilder(12).attr("batch_dims", 0).build());
        out.add(nd.toBuilder(13).attr("batch_dims", 0).types("T", ALL_13).build());

        OpSchema scatterNd = OpSchema.builder("ScatterND", 11).input("data", "T").input("indices", "tensor(int64)")
                .input("updates", "T").output("output", "T").types("T", ALL).build();
        out.add(scatterNd);
        out.add(scatterNd.toBuilder(13).types("T", ALL_13).build());
        out.add(scatterNd.toBuilder(16).attr("reduction", "none").types("T", ALL_13).build());
        out.add(scatterNd.toBuilder(18).attr("reduction", "none").types("T", ALL_13).build());

        OpSchema scatterEl = OpSchema.builder("ScatterElements", 11).input("data", "T").input("indices", "Tind")
                .input("updates", "T").output("output", "T").attr("axis", 0).types("T", ALL).types("Tind", INDEX)
                .build();
        out.add(scatterEl);
        out.add(scatterEl.toBuilder(13).types("T", ALL_13).build());
        out.add(scatterEl.toBuilder(16).attr("reduction", "none").types("T", ALL_13).build());
        out.add(scatterEl.toBuilder(18).attr("reduction", "none").types("T", ALL_13).build());
    }

    /** Expand and Tile (repeats as an input from 6). */
    private static void broadcasts(List<OpSchema> out) {
        OpSchema expand = OpSchema.builder("Expand", 8).input("input", "T").input("shape", "tensor(int64)")
                .output("output", "T").types("T", ALL).build();
        out.add(expand);
        out.add(expand.toBuilder(13).types("T", ALL_13).build());
        OpSchema tile = OpSchema.builder("Tile", 6).input("input", "T").input("repeats", "T1").output("output", "T")
                .types("T", ALL).types("T1", TypeSets.I64).build();
        out.add(tile);
        out.add(tile.toBuilder(13).types("T", ALL_13).build());
    }

    private static void depthSpace(List<OpSchema> out) {
        OpSchema d2s = OpSchema.builder("DepthToSpace", 1).input("input", "T").output("output", "T")
                .required("blocksize", INT).types("T", ALL).build();
        out.add(d2s);
        out.add(d2s.toBuilder(11).attr("mode", "DCR").build());
        out.add(d2s.toBuilder(13).attr("mode", "DCR").types("T", ALL_13).build());
        OpSchema s2d = OpSchema.builder("SpaceToDepth", 1).input("input", "T").output("output", "T")
                .required("blocksize", INT).types("T", ALL).build();
        out.add(s2d);
        out.add(s2d.toBuilder(13).types("T", ALL_13).build());
    }
}
