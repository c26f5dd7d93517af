package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.FLOATS;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL_13;
import static org.hipep.dialects.onnx.schema.TypeSets.INDEX;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC;
import static org.hipep.dialects.onnx.schema.TypeSets.widened;

import java.util.List;

/** Pad, Resize and Upsample: the ops whose attributes moved to inputs over the opsets. */
final class ResizePadSchemas {
    private ResizePadSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        pad(out);
        resize(out);
        upsample(out);
    }

    /**
     * Pad: 1 paddings attribute, 2 pads attribute, 11 pads and constant_value inputs, 13 bf16
     * and bool, 18 axes input, 19 wrap mode (and 8-bit floats), then type-only bumps.
     */
    private static void pad(List<OpSchema> out) {
        out.add(OpSchema.builder("Pad", 1).input("data", "T").output("output", "T").attr("mode", "constant")
                .required("paddings", INTS).attr("value", 0.0).types("T", TypeSets.FLOATS).build());
        out.add(OpSchema.builder("Pad", 2).input("data", "T").output("output", "T").attr("mode", "constant")
                .required("pads", INTS).attr("value", 0.0).types("T", TypeSets.FLOATS).build());
        OpSchema pad11 = OpSchema.builder("Pad", 11).input("data", "T").input("pads", "tensor(int64)")
                .optionalInput("constant_value", "T").output("output", "T").attr("mode", "constant")
                .types("T", NUMERIC).build();
        out.add(pad11);
        out.add(pad11.toBuilder(13).types("T", ALL_13).build());
        OpSchema pad18 = pad11.toBuilder(18).optionalInput("axes", "Tind").types("T", ALL_13).types("Tind", INDEX)
                .build();
        out.add(pad18);
        widened(out, pad18, "T", 19, 21, 23, 24, 25);
    }

    /**
     * Resize: 10 scales input only; 11 roi, scales and optional sizes with the coordinate
     * attributes; 13 roi and scales optional; 18 antialias, axes and keep_aspect_ratio_policy;
     * 19 the half_pixel_symmetric mode (same signature).
     */
    private static void resize(List<OpSchema> out) {
        out.add(OpSchema.builder("Resize", 10).input("X", "T").input("scales", "tensor(float)").output("Y", "T")
                .attr("mode", "nearest").types("T", ALL).build());
        OpSchema v11 = OpSchema.builder("Resize", 11).input("X", "T1").input("roi", "T2")
                .input("scales", "tensor(float)").optionalInput("sizes", "tensor(int64)").output("Y", "T1")
                .attr("coordinate_transformation_mode", "half_pixel").attr("cubic_coeff_a", -0.75)
                .attr("exclude_outside", 0).attr("extrapolation_value", 0.0).attr("mode", "nearest")
                .attr("nearest_mode", "round_prefer_floor").types("T1", ALL).types("T2", TypeSets.FLOATS).build();
        out.add(v11);
        OpSchema v13 = v11.toBuilder(13).clearInputs().input("X", "T1").optionalInput("roi", "T2")
                .optionalInput("scales", "tensor(float)").optionalInput("sizes", "tensor(int64)")
                .types("T1", ALL_13).build();
        out.add(v13);
        OpSchema v18 = v13.toBuilder(18).attr("antialias", 0).attr("axes", INTS)
                .attr("keep_aspect_ratio_policy", "stretch").build();
        out.add(v18);
        out.add(v18.toBuilder(19).build());
    }

    /** Upsample: 7 scales attribute, 9 scales input, 10 deprecated in favour of Resize. */
    private static void upsample(List<OpSchema> out) {
        out.add(OpSchema.builder("Upsample", 7).input("X", "T").output("Y", "T").attr("mode", "nearest")
                .required("scales", FLOATS).types("T", ALL).build());
        OpSchema v9 = OpSchema.builder("Upsample", 9).input("X", "T").input("scales", "tensor(float)").output("Y", "T")
                .attr("mode", "nearest").types("T", ALL).build();
        out.add(v9);
        out.add(v9.toBuilder(10).deprecated().build());
    }
}
