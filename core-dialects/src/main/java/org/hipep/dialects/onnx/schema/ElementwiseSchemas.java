package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.ElementKind.DOUBLE;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT16;
import static org.hipep.dialects.onnx.schema.ElementKind.INT16;
import static org.hipep.dialects.onnx.schema.ElementKind.INT32;
import static org.hipep.dialects.onnx.schema.ElementKind.INT64;
import static org.hipep.dialects.onnx.schema.ElementKind.INT8;
import static org.hipep.dialects.onnx.schema.ElementKind.STRING;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL_13;
import static org.hipep.dialects.onnx.schema.TypeSets.BOOLEAN;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.WIDE_INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.of;
import static org.hipep.dialects.onnx.schema.TypeSets.plus;
import static org.hipep.dialects.onnx.schema.TypeSets.union;

import java.util.List;
import java.util.Set;

/** Element-wise math: arithmetic, comparison and logic, unary math, and the variadic reductions. */
final class ElementwiseSchemas {
    private ElementwiseSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        arithmetic(out);
        powAndMod(out);
        variadic(out);
        comparisons(out);
        logic(out);
        unaryMath(out);
        where(out);
    }

    private static OpSchema binary(String op, int since, String a, String b, String c, Set<ElementKind> t) {
        return OpSchema.builder(op, since).input(a, "T").input(b, "T").output(c, "T").types("T", t).build();
    }

    private static OpSchema legacyBinary(String op, int since, Set<ElementKind> t, boolean consumedInputs) {
        OpSchema.Builder b = OpSchema.builder(op, since).input("A", "T").input("B", "T").output("C", "T")
                .attr("axis", INT).attr("broadcast", 0).types("T", t);
        if (consumedInputs) {
            b.attr("consumed_inputs", INTS);
        }
        return b.build();
    }

    /** Add, Sub, Mul, Div: 1 and 6 with explicit broadcast, 7 numpy broadcast, 13 bf16, 14 small ints. */
    private static void arithmetic(List<OpSchema> out) {
        Set<ElementKind> v6 = union(FLOATS, WIDE_INTS);
        for (String op : List.of("Add", "Sub", "Mul", "Div")) {
            out.add(legacyBinary(op, 1, FLOATS, true));
            out.add(legacyBinary(op, 6, v6, false));
            out.add(binary(op, 7, "A", "B", "C", v6));
            out.add(binary(op, 13, "A", "B", "C", plus(v6, ElementKind.BFLOAT16)));
            out.add(binary(op, 14, "A", "B", "C", NUMERIC_BF16));
        }
    }

    private static void powAndMod(List<OpSchema> out) {
        out.add(OpSchema.builder("Pow", 1).input("X", "T").input("Y", "T").output("Z", "T")
                .attr("axis", INT).attr("broadcast", 0).types("T", FLOATS).build());
        out.add(binary("Pow", 7, "X", "Y", "Z", FLOATS));
        Set<ElementKind> pow12 = of(INT32, INT64, FLOAT16, FLOAT, DOUBLE);
        OpSchema pow = OpSchema.builder("Pow", 12).input("X", "T").input("Y", "T1").output("Z", "T")
                .types("T", pow12).types("T1", NUMERIC).build();
        out.add(pow);
        out.add(pow.toBuilder(13).types("T", plus(pow12, ElementKind.BFLOAT16)).build());
        out.add(pow.toBuilder(15).types("T", plus(pow12, ElementKind.BFLOAT16)).types("T1", NUMERIC_BF16).build());
        OpSchema mod = OpSchema.builder("Mod", 10).input("A", "T").input("B", "T").output("C", "T")
                .attr("fmod", 0).types("T", NUMERIC).build();
        out.add(mod);
        out.add(mod.toBuilder(13).types("T", NUMERIC_BF16).build());
    }

    private static OpSchema variadicOp(String op, int since, String output, Set<ElementKind> t) {
        return OpSchema.builder(op, since).variadicInput("data_0", "T", 1).output(output, "T").types("T", t).build();
    }

    /** Max, Min, Sum, Mean: 1 (consumed_inputs), 6, 8 (broadcast); Max/Min 12 all numeric; 13 bf16. */
    private static void variadic(List<OpSchema> out) {
        for (String op : List.of("Max", "Min", "Sum", "Mean")) {
            String result = op.toLowerCase(java.util.Locale.ROOT);
            out.add(OpSchema.builder(op, 1).variadicInput("data_0", "T", 1).output(result, "T")
                    .attr("consumed_inputs", INTS).types("T", FLOATS).build());
            out.add(variadicOp(op, 6, result, FLOATS));
            out.add(variadicOp(op, 8, result, FLOATS));
            if (op.equals("Max") || op.equals("Min")) {
                out.add(variadicOp(op, 12, result, NUMERIC));
                out.add(variadicOp(op, 13, result, NUMERIC_BF16));
            } else {
                out.add(variadicOp(op, 13, result, FLOATS_BF16));
            }
        }
    }

    private static OpSchema compare(String op, int since, Set<ElementKind> t) {
        return OpSchema.builder(op, since).input("A", "T").input("B", "T").output("C", "T1")
                .types("T", t).types("T1", BOOLEAN).build();
    }

    private static OpSchema legacyCompare(String op, Set<ElementKind> t) {
        return OpSchema.builder(op, 1).input("A", "T").input("B", "T").output("C", "T1")
                .attr("axis", INT).attr("broadcast", 0).types("T", t).types("T1", BOOLEAN).build();
    }

    private static void comparisons(List<OpSchema> out) {
        Set<ElementKind> eq1 = union(BOOLEAN, of(INT32, INT64));
        out.add(legacyCompare("Equal", eq1));
        out.add(compare("Equal", 7, eq1));
        out.add(compare("Equal", 11, union(BOOLEAN, NUMERIC)));
        out.add(compare("Equal", 13, union(BOOLEAN, NUMERIC_BF16)));
        out.add(compare("Equal", 19, union(BOOLEAN, NUMERIC_BF16, of(STRING))));
        for (String op : List.of("Greater", "Less")) {
            out.add(legacyCompare(op, FLOATS));
            out.add(compare(op, 7, FLOATS));
            out.add(compare(op, 9, NUMERIC));
            out.add(compare(op, 13, NUMERIC_BF16));
        }
        for (String op : List.of("GreaterOrEqual", "LessOrEqual")) {
            out.add(compare(op, 12, NUMERIC));
            out.add(compare(op, 16, NUMERIC_BF16));
        }
    }

    private static void logic(List<OpSchema> out) {
        for (String op : List.of("And", "Or", "Xor")) {
            out.add(legacyCompare(op, BOOLEAN));
            out.add(compare(op, 7, BOOLEAN));
        }
        out.add(OpSchema.builder("Not", 1).input("X", "T").output("Y", "T").types("T", BOOLEAN).build());
    }

    /** Exp, Log and Tanh name their parameters input/output; the others X/Y. */
    private static boolean namedInput(String op) {
        return op.equals("Exp") || op.equals("Log") || op.equals("Tanh");
    }

    private static OpSchema unary(String op, int since, Set<ElementKind> t) {
        String in = namedInput(op) ? "input" : "X";
        String res = namedInput(op) ? "output" : "Y";
        return OpSchema.builder(op, since).input(in, "T").output(res, "T").types("T", t).build();
    }

    private static OpSchema unaryConsumed(String op, Set<ElementKind> t) {
        return unary(op, 1, t).toBuilder(1).attr("consumed_inputs", INTS).build();
    }

    private static void unaryMath(List<OpSchema> out) {
        for (String op : List.of("Exp", "Log", "Sqrt", "Reciprocal", "Floor", "Ceil", "Sigmoid", "Tanh", "Relu")) {
            out.add(unaryConsumed(op, FLOATS));
            out.add(unary(op, 6, FLOATS));
            out.add(unary(op, 13, FLOATS_BF16));
        }
        out.add(unary("Relu", 14, union(FLOATS_BF16, of(INT8, INT16, INT32, INT64))));
        out.add(unaryConsumed("Abs", FLOATS));
        out.add(unary("Abs", 6, NUMERIC));
        out.add(unary("Abs", 13, NUMERIC_BF16));
        Set<ElementKind> neg6 = union(FLOATS, of(INT8, INT16, INT32, INT64));
        out.add(unaryConsumed("Neg", FLOATS));
        out.add(unary("Neg", 6, neg6));
        out.add(unary("Neg", 13, plus(neg6, ElementKind.BFLOAT16)));
        for (String op : List.of("Erf", "Sign")) {
            out.add(OpSchema.builder(op, 9).input("input", "T").output("output", "T").types("T", NUMERIC).build());
            out.add(OpSchema.builder(op, 13).input("input", "T").output("output", "T").types("T", NUMERIC_BF16).build());
        }
        for (String op : List.of("Sin", "Cos", "Tan", "Asin", "Acos", "Atan")) {
            out.add(OpSchema.builder(op, 7).input("input", "T").output("output", "T").types("T", FLOATS).build());
            out.add(OpSchema.builder(op, 22).input("input", "T").output("output", "T").types("T", FLOATS_BF16).build());
        }
        out.add(unary("Round", 11, FLOATS));
        out.add(unary("Round", 22, FLOATS_BF16));
    }

    private static void where(List<OpSchema> out) {
        out.add(OpSchema.builder("Where", 9).input("condition", "B").input("X", "T").input("Y", "T").output("output", "T")
                .types("B", BOOLEAN).types("T", ALL).build());
        out.add(OpSchema.builder("Where", 16).input("condition", "B").input("X", "T").input("Y", "T").output("output", "T")
                .types("B", BOOLEAN).types("T", ALL_13).build());
    }
}
