package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.FLOAT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.AttributeKind.SPARSE_TENSOR;
import static org.hipep.dialects.onnx.schema.AttributeKind.STRING;
import static org.hipep.dialects.onnx.schema.AttributeKind.STRINGS;
import static org.hipep.dialects.onnx.schema.AttributeKind.TENSOR;
import static org.hipep.dialects.onnx.schema.ElementKind.DOUBLE;
import static org.hipep.dialects.onnx.schema.ElementKind.INT16;
import static org.hipep.dialects.onnx.schema.ElementKind.INT32;
import static org.hipep.dialects.onnx.schema.ElementKind.INT64;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL_13;
import static org.hipep.dialects.onnx.schema.TypeSets.BOOLEAN;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOAT8;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC;
import static org.hipep.dialects.onnx.schema.TypeSets.of;
import static org.hipep.dialects.onnx.schema.TypeSets.union;
import static org.hipep.dialects.onnx.schema.TypeSets.widened;

import java.util.List;
import java.util.Set;

/** Shapes and constants: Shape, Size, ConstantOfShape, Range, Constant, Cast, CastLike, and index ops. */
final class ShapeSchemas {
    private ShapeSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        shapeAndSize(out);
        constants(out);
        casts(out);
        misc(out);
    }

    /** Shape (start/end from 15) and Size; later versions only widen the input types. */
    private static void shapeAndSize(List<OpSchema> out) {
        OpSchema shape = OpSchema.builder("Shape", 1).input("data", "T").output("shape", "T1").types("T", ALL)
                .types("T1", TypeSets.I64).build();
        out.add(shape);
        out.add(shape.toBuilder(13).types("T", ALL_13).build());
        OpSchema shape15 = shape.toBuilder(15).attr("end", INT).attr("start", 0).types("T", ALL_13).build();
        out.add(shape15);
        widened(out, shape15, "T", 19, 21, 23, 24, 25);
        OpSchema size = OpSchema.builder("Size", 1).input("data", "T").output("size", "T1").types("T", ALL)
                .types("T1", TypeSets.I64).build();
        out.add(size);
        widened(out, size, "T", 13, 19, 21, 23, 24, 25);
    }

    /**
     * Constant: 1 and 9 value only; 11 value or sparse_value; 12 the typed value_* attributes.
     * Exactly one of them must be set (checked by the dialect). ConstantOfShape from 9.
     */
    private static void constants(List<OpSchema> out) {
        OpSchema c1 = OpSchema.builder("Constant", 1).output("output", "T").required("value", TENSOR)
                .types("T", FLOATS).build();
        out.add(c1);
        out.add(c1.toBuilder(9).types("T", ALL).build());
        OpSchema c11 = OpSchema.builder("Constant", 11).output("output", "T").attr("value", TENSOR)
                .attr("sparse_value", SPARSE_TENSOR).types("T", ALL).build();
        out.add(c11);
        OpSchema c12 = c11.toBuilder(12).attr("value_float", FLOAT).attr("value_floats", AttributeKind.FLOATS)
                .attr("value_int", INT).attr("value_ints", AttributeKind.INTS).attr("value_string", STRING)
                .attr("value_strings", STRINGS).build();
        out.add(c12);
        widened(out, c12, "T", 13, 19, 21, 23, 24, 25);

        Set<ElementKind> fill9 = union(NUMERIC, BOOLEAN);
        OpSchema cos = OpSchema.builder("ConstantOfShape", 9).input("input", "T1").output("output", "T2")
                .attr("value", TENSOR).types("T1", TypeSets.I64).types("T2", fill9).build();
        out.add(cos);
        Set<ElementKind> fill20 = union(fill9, of(ElementKind.BFLOAT16), FLOAT8);
        out.add(cos.toBuilder(20).types("T2", fill20).build());
        out.add(cos.toBuilder(21).types("T2", union(fill20, of(ElementKind.INT4, ElementKind.UINT4))).build());
        for (int v : new int[] {23, 24, 25}) {
            Set<ElementKind> all = TypeSets.allAt(v);
            Set<ElementKind> fill = java.util.EnumSet.copyOf(all);
            fill.removeAll(of(ElementKind.STRING, ElementKind.COMPLEX64, ElementKind.COMPLEX128));
            out.add(cos.toBuilder(v).types("T2", fill).build());
        }
    }

    /**
     * Cast: 1 to as a string, 6 to as an int, 9 strings, 13 bf16, 19 saturate and 8-bit floats,
     * 24 round_mode; CastLike from 15 likewise.
     */
    private static void casts(List<OpSchema> out) {
        Set<ElementKind> cast1 = union(NUMERIC, BOOLEAN);
        out.add(OpSchema.builder("Cast", 1).input("input", "T1").output("output", "T2").required("to", STRING)
                .types("T1", cast1).types("T2", cast1).build());
        OpSchema cast6 = OpSchema.builder("Cast", 6).input("input", "T1").output("output", "T2").required("to", INT)
                .types("T1", cast1).types("T2", cast1).build();
        out.add(cast6);
        Set<ElementKind> cast9 = union(cast1, of(ElementKind.STRING));
        out.add(cast6.toBuilder(9).types("T1", cast9).types("T2", cast9).build());
        Set<ElementKind> cast13 = union(cast9, of(ElementKind.BFLOAT16));
        out.add(cast6.toBuilder(13).types("T1", cast13).types("T2", cast13).build());
        OpSchema castLike = OpSchema.builder("CastLike", 15).input("input", "T1").input("target_type", "T2")
                .output("output", "T2").types("T1", cast13).types("T2", cast13).build();
        out.add(castLike);
        for (int v : new int[] {19, 21, 23, 24, 25}) {
            Set<ElementKind> t = noComplex(TypeSets.allAt(v));
            OpSchema.Builder cast = cast6.toBuilder(v).attr("saturate", 1).types("T1", t).types("T2", t);
            OpSchema.Builder like = castLike.toBuilder(v).attr("saturate", 1).types("T1", t).types("T2", t);
            if (v >= 24) {
                cast.attr("round_mode", "up");
                like.attr("round_mode", "up");
            }
            out.add(cast.build());
            out.add(like.build());
        }
    }

    private static Set<ElementKind> noComplex(Set<ElementKind> all) {
        Set<ElementKind> s = java.util.EnumSet.copyOf(all);
        s.removeAll(of(ElementKind.COMPLEX64, ElementKind.COMPLEX128));
        return s;
    }

    /** Range, Trilu, Einsum, NonZero, OneHot. */
    private static void misc(List<OpSchema> out) {
        out.add(OpSchema.builder("Range", 11).input("start", "T").input("limit", "T").input("delta", "T")
                .output("output", "T").types("T", of(ElementKind.FLOAT, DOUBLE, INT16, INT32, INT64)).build());
        out.add(OpSchema.builder("Trilu", 14).input("input", "T").optionalInput("k", "tensor(int64)")
                .output("output", "T").attr("upper", 1).types("T", ALL_13).build());
        out.add(OpSchema.builder("Einsum", 12).variadicInput("Inputs", "T", 1).output("Output", "T")
                .required("equation", STRING).types("T", NUMERIC).build());
        OpSchema nonZero = OpSchema.builder("NonZero", 9).input("X", "T").output("Y", "tensor(int64)")
                .types("T", ALL).build();
        out.add(nonZero);
        out.add(nonZero.toBuilder(13).types("T", ALL_13).build());
        OpSchema oneHot = OpSchema.builder("OneHot", 9).input("indices", "T1").input("depth", "T2")
                .input("values", "T3").output("output", "T3").attr("axis", -1).types("T1", NUMERIC)
                .types("T2", NUMERIC).types("T3", ALL).build();
        out.add(oneHot);
        out.add(oneHot.toBuilder(11).build());
    }
}
