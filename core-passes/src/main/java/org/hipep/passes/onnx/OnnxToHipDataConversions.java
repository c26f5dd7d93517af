package org.hipep.passes.onnx;

import static org.hipep.passes.onnx.OnnxToHipConversions.constantInts;
import static org.hipep.passes.onnx.OnnxToHipConversions.constantScalar;
import static org.hipep.passes.onnx.OnnxToHipConversions.copyInts;
import static org.hipep.passes.onnx.OnnxToHipConversions.floatAttr;
import static org.hipep.passes.onnx.OnnxToHipConversions.inputs;
import static org.hipep.passes.onnx.OnnxToHipConversions.intAttr;
import static org.hipep.passes.onnx.OnnxToHipConversions.present;
import static org.hipep.passes.onnx.OnnxToHipConversions.stringAttr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.passes.onnx.OnnxToHipConversions.Conversion;
import org.hipep.passes.onnx.OnnxToHipConversions.Plan;

/**
 * The data-movement and indexing entries of the {@link OnnxToHipConversions} table: ONNX ops
 * whose parameter inputs (shapes, axes, sizes, pads, k, depth, scales) become the hip ops'
 * static attributes. A parameter computed at run time leaves the op unconverted, with no error;
 * only {@code hip.reshape} also takes its shape as an operand.
 */
final class OnnxToHipDataConversions {
    private OnnxToHipDataConversions() {
    }

    private static final int ALL = Integer.MAX_VALUE;

    /** Adds this group's conversions to {@code all}. */
    static void addTo(List<Conversion> all) {
        // Data movement and indexing: ONNX parameter inputs become static attributes; a parameter
        // computed at run time leaves the op unconverted (reshape alone takes a runtime shape operand).
        all.add(new Conversion("onnx.Reshape", 5, ALL, OnnxToHipDataConversions::reshape));
        all.add(new Conversion("onnx.Transpose", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.transpose",
                copyInts(op, List.of("perm"), List.of(), List.of()))));
        all.add(new Conversion("onnx.Concat", 4, ALL, (op, v) -> op.attribute("axis") instanceof IntegerAttr
                ? inputs(op, 1, ALL, "hip.concat", Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0))))
                : Plan.skip("'axis' is missing")));
        all.add(new Conversion("onnx.Squeeze", 1, 13, (op, v) -> axesAttribute(op, "hip.squeeze")));
        all.add(new Conversion("onnx.Squeeze", 13, ALL, (op, v) -> axesInput(op, "hip.squeeze")));
        all.add(new Conversion("onnx.Unsqueeze", 1, 13, (op, v) -> axesAttribute(op, "hip.unsqueeze")));
        all.add(new Conversion("onnx.Unsqueeze", 13, ALL, (op, v) -> axesInput(op, "hip.unsqueeze")));
        all.add(new Conversion("onnx.Flatten", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.flatten",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 1))))));
        all.add(new Conversion("onnx.Gather", 1, ALL, (op, v) -> inputs(op, 2, 2, "hip.gather",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0))))));
        all.add(new Conversion("onnx.GatherElements", 11, ALL, (op, v) -> inputs(op, 2, 2, "hip.gather_elements",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0))))));
        all.add(new Conversion("onnx.GatherND", 11, ALL, (op, v) -> inputs(op, 2, 2, "hip.gather_nd",
                Map.of("batch_dims", IntegerAttr.i64(intAttr(op, "batch_dims", 0))))));
        all.add(new Conversion("onnx.Expand", 8, ALL, (op, v) -> constantParameter(op, "hip.expand", "shape")));
        all.add(new Conversion("onnx.Tile", 6, ALL, (op, v) -> constantParameter(op, "hip.tile", "repeats")));
        all.add(new Conversion("onnx.Slice", 1, 10, OnnxToHipDataConversions::sliceAttributes));
        all.add(new Conversion("onnx.Slice", 10, ALL, OnnxToHipDataConversions::sliceInputs));
        // Shape: 'start' and 'end' from 15; before, the whole shape.
        all.add(new Conversion("onnx.Shape", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.shape",
                copyInts(op, List.of(), List.of("start", "end"), List.of()))));
        all.add(new Conversion("onnx.Size", 1, ALL, (op, v) -> inputs(op, 1, 1, "hip.size", Map.of())));
        // Split: sizes from the 'split' attribute before 13, from an input from 13 (or 'num_outputs' from 18).
        all.add(new Conversion("onnx.Split", 2, 13, (op, v) -> split(op,
                op.attribute("split") instanceof DenseArrayAttr d ? d.asLongs() : null)));
        all.add(new Conversion("onnx.Split", 13, ALL, OnnxToHipDataConversions::splitInput));
        all.add(new Conversion("onnx.Trilu", 14, ALL, OnnxToHipDataConversions::trilu));
        all.add(new Conversion("onnx.CumSum", 11, ALL, OnnxToHipDataConversions::cumsum));
        all.add(new Conversion("onnx.TopK", 1, 10, (op, v) -> topk(op, intAttr(op, "k", -1))));
        all.add(new Conversion("onnx.TopK", 10, ALL, OnnxToHipDataConversions::topkInput));
        all.add(new Conversion("onnx.ConstantOfShape", 9, ALL, OnnxToHipDataConversions::constantOfShape));
        all.add(new Conversion("onnx.Pad", 2, 11, OnnxToHipDataConversions::padAttributes));
        all.add(new Conversion("onnx.Pad", 11, ALL, OnnxToHipDataConversions::padInputs));
        all.add(new Conversion("onnx.Einsum", 12, ALL, (op, v) -> op.attribute("equation") instanceof StringAttr e
                ? inputs(op, 1, ALL, "hip.einsum", Map.of("equation", e)) : Plan.skip("'equation' is missing")));
        all.add(new Conversion("onnx.ScatterElements", 11, ALL, (op, v) -> inputs(op, 3, 3, "hip.scatter_elements",
                Map.of("axis", IntegerAttr.i64(intAttr(op, "axis", 0)),
                        "reduction", new StringAttr(stringAttr(op, "reduction", "none"))))));
        all.add(new Conversion("onnx.ScatterND", 11, ALL, (op, v) -> inputs(op, 3, 3, "hip.scatter_nd",
                Map.of("reduction", new StringAttr(stringAttr(op, "reduction", "none"))))));
        // Range and NonZero have a run-time length: they convert when the ONNX result type fixes it.
        all.add(new Conversion("onnx.Range", 11, ALL, (op, v) -> inputs(op, 3, 3, "hip.range", Map.of())));
        all.add(new Conversion("onnx.NonZero", 9, ALL, (op, v) -> inputs(op, 1, 1, "hip.non_zero", Map.of())));
        all.add(new Conversion("onnx.OneHot", 9, ALL, OnnxToHipDataConversions::oneHot));
        // Resize 10 has Upsample's coordinates (asymmetric, nearest floor); from 11 they are attributes.
        all.add(new Conversion("onnx.Resize", 10, 11, OnnxToHipDataConversions::resize10));
        all.add(new Conversion("onnx.Resize", 11, ALL, OnnxToHipDataConversions::resize));
    }
    /** The constant integers of input {@code i}, or {@code null} when it is absent or computed at run time. */
    private static long[] constantInput(Operation op, int i) {
        return OnnxRewrites.hasOperand(op, i) ? constantInts(op.operand(i)) : null;
    }

    /**
     * Reshape: a constant shape becomes the {@code shape} attribute; any other shape stays the
     * runtime operand (the result rank is its static length, every dimension {@code ?}).
     */
    private static Plan reshape(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 1 || OnnxRewrites.isNoValue(op.operand(1))) {
            return Plan.skip("expects data and shape");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("allowzero", BoolAttr.of(intAttr(op, "allowzero", 0) != 0));
        long[] shape = constantInts(op.operand(1));
        if (shape == null) {
            return Plan.of("hip.reshape", List.of(op.operand(0), op.operand(1)), attrs);
        }
        attrs.put("shape", DenseArrayAttr.i64(shape));
        return Plan.of("hip.reshape", List.of(op.operand(0)), attrs);
    }

    /** Squeeze and Unsqueeze before opset 13: 'axes' is an attribute. */
    private static Plan axesAttribute(Operation op, String hip) {
        return inputs(op, 1, 1, hip, copyInts(op, List.of("axes"), List.of(), List.of()));
    }

    /** Squeeze and Unsqueeze from opset 13: 'axes' is an (optional for Squeeze) input that must be constant. */
    private static Plan axesInput(Operation op, String hip) {
        if (op.numResults() != 1 || op.numOperands() < 1 || op.numOperands() > 2) {
            return Plan.skip("expects data, optional axes and one result");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        if (OnnxRewrites.hasOperand(op, 1)) {
            long[] axes = constantInts(op.operand(1));
            if (axes == null) {
                return Plan.skip("'axes' is computed at run time");
            }
            attrs.put("axes", DenseArrayAttr.i64(axes));
        }
        return Plan.of(hip, List.of(op.operand(0)), attrs);
    }

    /** Expand and Tile: the second input, constant, becomes the attribute {@code name}. */
    private static Plan constantParameter(Operation op, String hip, String name) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return Plan.skip("expects two inputs and one result");
        }
        long[] values = constantInput(op, 1);
        if (values == null) {
            return Plan.skip("'" + name + "' is computed at run time");
        }
        return Plan.of(hip, List.of(op.operand(0)), Map.of(name, DenseArrayAttr.i64(values)));
    }

    /** Slice before opset 10: 'starts', 'ends' and optional 'axes' are attributes. */
    private static Plan sliceAttributes(Operation op, int opset) {
        if (!(op.attribute("starts") instanceof DenseArrayAttr) || !(op.attribute("ends") instanceof DenseArrayAttr)) {
            return Plan.skip("'starts' and 'ends' are required");
        }
        return inputs(op, 1, 1, "hip.slice", copyInts(op, List.of("starts", "ends", "axes"), List.of(), List.of()));
    }

    /** Slice from opset 10: data, starts, ends and optional axes and steps, all constant. */
    private static Plan sliceInputs(Operation op, int opset) {
        if (op.numResults() != 1 || op.numOperands() < 3 || op.numOperands() > 5) {
            return Plan.skip("expects data, starts, ends, optional axes and steps");
        }
        String[] names = {"starts", "ends", "axes", "steps"};
        Map<String, Attribute> attrs = new HashMap<>();
        for (int i = 1; i <= 4; i++) {
            if (!OnnxRewrites.hasOperand(op, i)) {
                if (i <= 2) {
                    return Plan.skip("'" + names[i - 1] + "' is required");
                }
                continue;
            }
            long[] values = constantInts(op.operand(i));
            if (values == null) {
                return Plan.skip("'" + names[i - 1] + "' is computed at run time");
            }
            attrs.put(names[i - 1], DenseArrayAttr.i64(values));
        }
        return Plan.of("hip.slice", List.of(op.operand(0)), attrs);
    }

    /** Split into one result per piece, sized by {@code sizes} or evenly when {@code null}. */
    private static Plan split(Operation op, long[] sizes) {
        if (op.numOperands() < 1 || op.numResults() < 1 || OnnxRewrites.isNoValue(op.operand(0))) {
            return Plan.skip("expects an input and results");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("axis", IntegerAttr.i64(intAttr(op, "axis", 0)));
        if (sizes != null && sizes.length > 0) {
            attrs.put("split", DenseArrayAttr.i64(sizes));
        }
        return Plan.of("hip.split", List.of(op.operand(0)), attrs);
    }

    /** Split from opset 13: the sizes are an optional constant input; without it, even pieces (one per result). */
    private static Plan splitInput(Operation op, int opset) {
        long[] sizes = null;
        if (OnnxRewrites.hasOperand(op, 1)) {
            sizes = constantInts(op.operand(1));
            if (sizes == null) {
                return Plan.skip("'split' is computed at run time");
            }
        }
        return split(op, sizes);
    }

    private static Plan trilu(Operation op, int opset) {
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("upper", BoolAttr.of(intAttr(op, "upper", 1) != 0));
        if (OnnxRewrites.hasOperand(op, 1)) {
            long[] k = constantInts(op.operand(1));
            if (k == null || k.length != 1) {
                return Plan.skip("'k' is not a constant scalar");
            }
            attrs.put("k", IntegerAttr.i64(k[0]));
        }
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        return Plan.of("hip.trilu", List.of(op.operand(0)), attrs);
    }

    private static Plan cumsum(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return Plan.skip("expects x and axis");
        }
        long[] axis = constantInts(op.operand(1));
        if (axis == null || axis.length != 1) {
            return Plan.skip("'axis' is not a constant scalar");
        }
        return Plan.of("hip.cumsum", List.of(op.operand(0)), Map.of("axis", IntegerAttr.i64(axis[0]),
                "exclusive", BoolAttr.of(intAttr(op, "exclusive", 0) != 0),
                "reverse", BoolAttr.of(intAttr(op, "reverse", 0) != 0)));
    }

    /** TopK with a known {@code k} (negative: unknown); 'largest' and 'sorted' exist from opset 11. */
    private static Plan topk(Operation op, long k) {
        if (k < 0 || op.numResults() != 2) {
            return Plan.skip("'k' is unknown or the op does not have two results");
        }
        return Plan.of("hip.topk", List.of(op.operand(0)), Map.of("k", IntegerAttr.i64(k),
                "axis", IntegerAttr.i64(intAttr(op, "axis", -1)),
                "largest", BoolAttr.of(intAttr(op, "largest", 1) != 0),
                "sorted", BoolAttr.of(intAttr(op, "sorted", 1) != 0)));
    }

    /** TopK from opset 10: 'k' is a constant 1-element input. */
    private static Plan topkInput(Operation op, int opset) {
        long[] k = op.numOperands() == 2 ? constantInts(op.operand(1)) : null;
        return k == null || k.length != 1 ? Plan.skip("'k' is not a constant") : topk(op, k[0]);
    }

    /** ConstantOfShape with a constant shape: {@code hip.fill} with the typed scalar 'value' (default float 0). */
    private static Plan constantOfShape(Operation op, int opset) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return Plan.skip("expects one input and one result");
        }
        long[] shape = constantInts(op.operand(0));
        if (shape == null) {
            return Plan.skip("'shape' is computed at run time");
        }
        Attribute value = FloatAttr.f32(0.0);
        if (op.attribute("value") instanceof DenseElementsAttr d) {
            if (d.numElements() != 1) {
                return Plan.skip("'value' must have one element");
            }
            if (d.elementType() instanceof FloatType f) {
                value = new FloatAttr(f, d.getDouble(0));
            } else if (d.elementType() instanceof IntegerType i && i.width() > 1) {
                value = IntegerAttr.of(i, d.getLong(0));
            } else {
                value = BoolAttr.of(d.rawBits(0) != 0);
            }
        }
        return Plan.of("hip.fill", List.of(), Map.of("value", value, "shape", DenseArrayAttr.i64(shape)));
    }

    /**
     * Puts the constant padding value into {@code attrs} as an attribute of the data's element
     * type (nothing for 0, the default); null when the type cannot hold it.
     */
    private static Map<String, Attribute> padValue(Type et, double value, Map<String, Attribute> attrs) {
        if (value == 0.0) {
            return attrs;
        }
        if (et instanceof FloatType f) {
            attrs.put("value", new FloatAttr(f, value));
        } else if (et instanceof IntegerType i && i.width() > 1 && value == Math.rint(value)) {
            attrs.put("value", IntegerAttr.of(i, (long) value));
        } else {
            return null;
        }
        return attrs;
    }

    /** Pad before opset 11: 'pads', 'mode' and a float 'value' are attributes. */
    private static Plan padAttributes(Operation op, int opset) {
        if (!(op.attribute("pads") instanceof DenseArrayAttr pads)) {
            return Plan.skip("'pads' is required");
        }
        String mode = stringAttr(op, "mode", "constant");
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("pads", pads);
        attrs.put("mode", new StringAttr(mode));
        if (mode.equals("constant")) {
            attrs = padValue(OnnxRewrites.elementType(op.operand(0).type()), floatAttr(op, "value", 0.0), attrs);
            if (attrs == null) {
                return Plan.skip("the padding value does not fit the element type");
            }
        }
        return inputs(op, 1, 1, "hip.pad", attrs);
    }

    /** Pad from opset 11: constant pads and optional constant value inputs; an 'axes' input (18) is not converted. */
    private static Plan padInputs(Operation op, int opset) {
        if (op.numOperands() < 2 || op.numResults() != 1 || OnnxRewrites.hasOperand(op, 3)) {
            return Plan.skip("expects data, pads, an optional constant value and no axes");
        }
        long[] pads = constantInts(op.operand(1));
        if (pads == null) {
            return Plan.skip("'pads' is computed at run time");
        }
        String mode = stringAttr(op, "mode", "constant");
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("pads", DenseArrayAttr.i64(pads));
        attrs.put("mode", new StringAttr(mode));
        if (mode.equals("constant") && OnnxRewrites.hasOperand(op, 2)) {
            Type et = OnnxRewrites.elementType(op.operand(0).type());
            Attribute value = constantScalar(op.operand(2), et);
            if (value == null) {
                return Plan.skip("'constant_value' is not a constant scalar");
            }
            boolean zero = value instanceof FloatAttr f ? f.value() == 0.0 : ((IntegerAttr) value).longValue() == 0;
            if (!zero) {
                attrs.put("value", value);
            }
        }
        return Plan.of("hip.pad", List.of(op.operand(0)), attrs);
    }

    /** The numbers of a constant operand of any integer or float element type, else null. */
    private static double[] constantNumbers(Value v) {
        Operation def = v.definingOp();
        if (def == null || !(def.is(OnnxDialect.CONSTANT) || def.is("hip.constant"))
                || !(def.attribute("value") instanceof DenseElementsAttr d)) {
            return null;
        }
        boolean isFloat = d.elementType() instanceof FloatType;
        if (!isFloat && !(d.elementType() instanceof IntegerType)) {
            return null;
        }
        double[] out = new double[(int) d.numElements()];
        for (int i = 0; i < out.length; i++) {
            int at = d.isSplat() ? 0 : i;
            out[i] = isFloat ? d.getDouble(at) : d.getLong(at);
        }
        return out;
    }

    /** OneHot: indices, a constant one-element depth (any numeric type) and values [off, on]. */
    private static Plan oneHot(Operation op, int opset) {
        if (op.numOperands() != 3 || op.numResults() != 1 || present(op) == null || present(op).size() != 3) {
            return Plan.skip("expects indices, depth and values");
        }
        double[] depth = constantNumbers(op.operand(1));
        if (depth == null || depth.length != 1 || depth[0] != Math.floor(depth[0])) {
            return Plan.skip("'depth' is not a constant integral scalar");
        }
        return Plan.of("hip.one_hot", List.of(op.operand(0), op.operand(2)), Map.of(
                "depth", IntegerAttr.i64((long) depth[0]), "axis", IntegerAttr.i64(intAttr(op, "axis", -1))));
    }

    /** Resize with constant {@code scales} or {@code sizes} (absent or empty: not given) and the given attributes. */
    private static Plan resizeWith(Operation op, Value scales, Value sizes, Map<String, Attribute> attrs) {
        double[] sc = scales == null ? null : constantNumbers(scales);
        long[] sz = sizes == null ? null : constantInts(sizes);
        if ((scales != null && sc == null) || (sizes != null && sz == null)) {
            return Plan.skip("'scales' or 'sizes' is computed at run time");
        }
        if (sz != null && sz.length > 0) {
            attrs.put("sizes", DenseArrayAttr.i64(sz));
        } else if (sc != null && sc.length > 0) {
            attrs.put("scales", DenseArrayAttr.ofDoubles(FloatType.F32, sc));
        } else {
            return Plan.skip("neither 'scales' nor 'sizes' is given");
        }
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        return Plan.of("hip.resize", List.of(op.operand(0)), attrs);
    }

    private static Plan resize10(Operation op, int opset) {
        if (op.numOperands() != 2) {
            return Plan.skip("expects X and scales");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("mode", new StringAttr(stringAttr(op, "mode", "nearest")));
        attrs.put("coordinate_transformation_mode", new StringAttr("asymmetric"));
        attrs.put("nearest_mode", new StringAttr("floor"));
        return resizeWith(op, op.operand(1), null, attrs);
    }

    /**
     * Resize from opset 11: X, roi, scales, sizes; not tf_crop_and_resize (roi), exclude_outside,
     * antialias, axes or an aspect-ratio policy.
     */
    private static Plan resize(Operation op, int opset) {
        String ctm = stringAttr(op, "coordinate_transformation_mode", "half_pixel");
        if (ctm.equals("tf_crop_and_resize") || intAttr(op, "exclude_outside", 0) != 0
                || intAttr(op, "antialias", 0) != 0 || op.attribute("axes") != null
                || !stringAttr(op, "keep_aspect_ratio_policy", "stretch").equals("stretch")) {
            return Plan.skip("roi, exclude_outside, antialias, axes and aspect-ratio policies are not supported");
        }
        if (op.numOperands() < 2 || op.numOperands() > 4) {
            return Plan.skip("expects X, roi, scales and sizes");
        }
        Map<String, Attribute> attrs = new HashMap<>();
        attrs.put("mode", new StringAttr(stringAttr(op, "mode", "nearest")));
        attrs.put("coordinate_transformation_mode", new StringAttr(ctm));
        attrs.put("nearest_mode", new StringAttr(stringAttr(op, "nearest_mode", "round_prefer_floor")));
        attrs.put("cubic_coeff_a", FloatAttr.f32(floatAttr(op, "cubic_coeff_a", -0.75)));
        return resizeWith(op, OnnxRewrites.hasOperand(op, 2) ? op.operand(2) : null,
                OnnxRewrites.hasOperand(op, 3) ? op.operand(3) : null, attrs);
    }
}
