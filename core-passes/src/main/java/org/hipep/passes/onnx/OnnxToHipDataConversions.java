package org.hipep.passes.onnx;

import static org.hipep.passes.onnx.OnnxToHipConversions.constantElements;
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
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.passes.onnx.OnnxToHipConversions.Conversion;
import org.hipep.passes.onnx.OnnxToHipConversions.Params;
import org.hipep.passes.onnx.OnnxToHipConversions.Plan;

/**
 * The data-movement and indexing entries of the {@link OnnxToHipConversions} table. ONNX
 * parameter inputs (shapes, axes, starts/ends, sizes, pads, k, scales) become the hip ops'
 * static attributes when constant and runtime parameter operands otherwise
 * ({@link OnnxToHipConversions.Params}); OneHot's depth must be constant.
 */
final class OnnxToHipDataConversions {
    private OnnxToHipDataConversions() {
    }

    private static final int ALL = Integer.MAX_VALUE;

    /** Adds this group's conversions to {@code all}. */
    static void addTo(List<Conversion> all) {
        // Data movement and indexing: ONNX parameter inputs become static attributes when constant,
        // runtime parameter operands otherwise.
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
        all.add(new Conversion("onnx.Expand", 8, ALL, (op, v) -> parameter(op, "hip.expand", "shape")));
        all.add(new Conversion("onnx.Tile", 6, ALL, (op, v) -> parameter(op, "hip.tile", "repeats")));
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

    /**
     * Reshape: a constant shape becomes the {@code shape} attribute; any other shape the runtime
     * operand (the result rank is its static length, every dimension {@code ?}).
     */
    private static Plan reshape(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 1 || OnnxRewrites.isNoValue(op.operand(1))) {
            return Plan.skip("expects data and shape");
        }
        Params p = new Params("hip.reshape");
        p.attrs.put("allowzero", BoolAttr.of(intAttr(op, "allowzero", 0) != 0));
        if (!p.put("shape", op.operand(1), null)) {
            return Plan.skip("'shape' is not an integer tensor");
        }
        return p.plan(List.of(op.operand(0)));
    }

    /** Squeeze and Unsqueeze before opset 13: 'axes' is an attribute. */
    private static Plan axesAttribute(Operation op, String hip) {
        return inputs(op, 1, 1, hip, copyInts(op, List.of("axes"), List.of(), List.of()));
    }

    /** Squeeze and Unsqueeze from opset 13: 'axes' is an (optional for Squeeze) input, constant or at run time. */
    private static Plan axesInput(Operation op, String hip) {
        if (op.numResults() != 1 || op.numOperands() < 1 || op.numOperands() > 2) {
            return Plan.skip("expects data, optional axes and one result");
        }
        Params p = new Params(hip);
        if (OnnxRewrites.hasOperand(op, 1) && !p.put("axes", op.operand(1), null)) {
            return Plan.skip("'axes' is not an integer tensor");
        }
        return p.plan(List.of(op.operand(0)));
    }

    /** Expand and Tile: the second input becomes parameter {@code name} (attribute or operand). */
    private static Plan parameter(Operation op, String hip, String name) {
        if (op.numOperands() != 2 || op.numResults() != 1 || OnnxRewrites.isNoValue(op.operand(1))) {
            return Plan.skip("expects two inputs and one result");
        }
        Params p = new Params(hip);
        if (!p.put(name, op.operand(1), null)) {
            return Plan.skip("'" + name + "' is not an integer tensor");
        }
        return p.plan(List.of(op.operand(0)));
    }

    /** Slice before opset 10: 'starts', 'ends' and optional 'axes' are attributes. */
    private static Plan sliceAttributes(Operation op, int opset) {
        if (!(op.attribute("starts") instanceof DenseArrayAttr) || !(op.attribute("ends") instanceof DenseArrayAttr)) {
            return Plan.skip("'starts' and 'ends' are required");
        }
        return inputs(op, 1, 1, "hip.slice", copyInts(op, List.of("starts", "ends", "axes"), List.of(), List.of()));
    }

    /**
     * Slice from opset 10: data, starts, ends and optional axes and steps, each constant or at
     * run time. Run-time steps without axes get the default axes {@code [0, n)} as the
     * attribute, n being the static length of starts or ends.
     */
    private static Plan sliceInputs(Operation op, int opset) {
        if (op.numResults() != 1 || op.numOperands() < 3 || op.numOperands() > 5) {
            return Plan.skip("expects data, starts, ends, optional axes and steps");
        }
        String[] names = {"starts", "ends", "axes", "steps"};
        Params p = new Params("hip.slice");
        for (int i = 1; i <= 4; i++) {
            if (!OnnxRewrites.hasOperand(op, i)) {
                if (i <= 2) {
                    return Plan.skip("'" + names[i - 1] + "' is required");
                }
                continue;
            }
            if (!p.put(names[i - 1], op.operand(i), null)) {
                return Plan.skip("'" + names[i - 1] + "' is not an integer tensor");
            }
        }
        if (p.isOperand("steps") && !OnnxRewrites.hasOperand(op, 3)) {
            long n = -1;
            for (int i = 1; i <= 2 && n < 0; i++) {
                if (op.operand(i).type() instanceof RankedTensorType t && t.rank() == 1 && t.hasStaticShape()) {
                    n = t.shape().get(0);
                }
            }
            if (n < 0) {
                return Plan.skip("run-time 'steps' without 'axes' need the length of 'starts'");
            }
            long[] axes = new long[(int) n];
            for (int i = 0; i < axes.length; i++) {
                axes[i] = i;
            }
            p.attrs.put("axes", DenseArrayAttr.i64(axes));
        }
        return p.plan(List.of(op.operand(0)));
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

    /** Split from opset 13: the sizes are an optional input (constant or at run time); without it, even pieces. */
    private static Plan splitInput(Operation op, int opset) {
        if (!OnnxRewrites.hasOperand(op, 1)) {
            return split(op, null);
        }
        if (op.numOperands() < 1 || op.numResults() < 1 || OnnxRewrites.isNoValue(op.operand(0))) {
            return Plan.skip("expects an input and results");
        }
        Params p = new Params("hip.split");
        p.attrs.put("axis", IntegerAttr.i64(intAttr(op, "axis", 0)));
        if (!p.put("split", op.operand(1), null)) {
            return Plan.skip("'split' is not an integer tensor");
        }
        if (p.attrs.get("split") instanceof DenseArrayAttr d && d.size() == 0) {
            p.attrs.remove("split");
        }
        return p.plan(List.of(op.operand(0)));
    }

    private static Plan trilu(Operation op, int opset) {
        if (op.numResults() != 1 || op.numOperands() < 1 || op.numOperands() > 2) {
            return Plan.skip("expects data, optional k and one result");
        }
        Params p = new Params("hip.trilu");
        p.attrs.put("upper", BoolAttr.of(intAttr(op, "upper", 1) != 0));
        if (OnnxRewrites.hasOperand(op, 1) && !p.put("k", op.operand(1), null)) {
            return Plan.skip("'k' is not an integer scalar");
        }
        return p.plan(List.of(op.operand(0)));
    }

    private static Plan cumsum(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 1) {
            return Plan.skip("expects x and axis");
        }
        Params p = new Params("hip.cumsum");
        p.attrs.put("exclusive", BoolAttr.of(intAttr(op, "exclusive", 0) != 0));
        p.attrs.put("reverse", BoolAttr.of(intAttr(op, "reverse", 0) != 0));
        if (!p.put("axis", op.operand(1), null)) {
            return Plan.skip("'axis' is not an integer scalar");
        }
        return p.plan(List.of(op.operand(0)));
    }

    /** TopK's attributes other than {@code k}; 'largest' and 'sorted' exist from opset 11. */
    private static Params topkParams(Operation op) {
        Params p = new Params("hip.topk");
        p.attrs.put("axis", IntegerAttr.i64(intAttr(op, "axis", -1)));
        p.attrs.put("largest", BoolAttr.of(intAttr(op, "largest", 1) != 0));
        p.attrs.put("sorted", BoolAttr.of(intAttr(op, "sorted", 1) != 0));
        return p;
    }

    /** TopK before opset 10: 'k' is an attribute. */
    private static Plan topk(Operation op, long k) {
        if (k < 0 || op.numResults() != 2) {
            return Plan.skip("'k' is unknown or the op does not have two results");
        }
        Params p = topkParams(op);
        p.attrs.put("k", IntegerAttr.i64(k));
        return p.plan(List.of(op.operand(0)));
    }

    /** TopK from opset 10: 'k' is a 1-element input, constant or at run time. */
    private static Plan topkInput(Operation op, int opset) {
        if (op.numOperands() != 2 || op.numResults() != 2) {
            return Plan.skip("expects X, k and two results");
        }
        Params p = topkParams(op);
        if (!p.put("k", op.operand(1), null)) {
            return Plan.skip("'k' is not an integer scalar");
        }
        return p.plan(List.of(op.operand(0)));
    }

    /** ConstantOfShape: {@code hip.fill} with the typed scalar 'value' (default float 0) and the shape (attribute or operand). */
    private static Plan constantOfShape(Operation op, int opset) {
        if (op.numOperands() != 1 || op.numResults() != 1) {
            return Plan.skip("expects one input and one result");
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
        Params p = new Params("hip.fill");
        p.attrs.put("value", value);
        if (!p.put("shape", op.operand(0), null)) {
            return Plan.skip("'shape' is not an integer tensor");
        }
        return p.plan(List.of());
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

    /**
     * Pad from opset 11: pads, an optional value and (18) optional axes, each constant or at run
     * time; a run-time value with no axes gets all axes as the attribute.
     */
    private static Plan padInputs(Operation op, int opset) {
        if (op.numOperands() < 2 || op.numOperands() > 4 || op.numResults() != 1
                || !OnnxRewrites.hasOperand(op, 1)) {
            return Plan.skip("expects data, pads, an optional value and optional axes");
        }
        String mode = stringAttr(op, "mode", "constant");
        Params p = new Params("hip.pad");
        p.attrs.put("mode", new StringAttr(mode));
        if (!p.put("pads", op.operand(1), null)) {
            return Plan.skip("'pads' is not an integer tensor");
        }
        if (OnnxRewrites.hasOperand(op, 3) && !p.put("axes", op.operand(3), null)) {
            return Plan.skip("'axes' is not an integer tensor");
        }
        if (mode.equals("constant") && OnnxRewrites.hasOperand(op, 2)) {
            Type et = OnnxRewrites.elementType(op.operand(0).type());
            if (!p.put("value", op.operand(2), et)) {
                return Plan.skip("'constant_value' is not a scalar of the data's element type");
            }
            Attribute value = p.attrs.get("value");
            if (value != null && (value instanceof FloatAttr f ? f.value() == 0.0
                    : ((IntegerAttr) value).longValue() == 0)) {
                p.attrs.remove("value");
            }
            if (p.isOperand("value") && !p.attrs.containsKey("axes") && !p.isOperand("axes")) {
                if (!(op.operand(0).type() instanceof RankedTensorType t)) {
                    return Plan.skip("a run-time value needs the data's rank");
                }
                long[] all = new long[t.rank()];
                for (int i = 0; i < all.length; i++) {
                    all[i] = i;
                }
                p.attrs.put("axes", DenseArrayAttr.i64(all));
            }
        }
        return p.plan(List.of(op.operand(0)));
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

    /** Resize with {@code scales} or {@code sizes} (absent or constant empty: not given), each constant or at run time. */
    private static Plan resizeWith(Operation op, Value scales, Value sizes, Map<String, Attribute> attrs) {
        if (op.numResults() != 1) {
            return Plan.skip("expects one result");
        }
        Params p = new Params("hip.resize");
        p.attrs.putAll(attrs);
        DenseElementsAttr sz = sizes == null ? null : constantElements(sizes);
        if (sizes != null && (sz == null || sz.numElements() > 0)) {
            if (!p.put("sizes", sizes, null)) {
                return Plan.skip("'sizes' is not an integer tensor");
            }
        } else {
            DenseElementsAttr sc = scales == null ? null : constantElements(scales);
            if (scales == null || (sc != null && sc.numElements() == 0)) {
                return Plan.skip("neither 'scales' nor 'sizes' is given");
            }
            if (!p.put("scales", scales, null)) {
                return Plan.skip("'scales' is not a float tensor");
            }
        }
        return p.plan(List.of(op.operand(0)));
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
