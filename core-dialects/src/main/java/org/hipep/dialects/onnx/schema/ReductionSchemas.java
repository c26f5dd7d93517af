package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.ElementKind.BFLOAT16;
import static org.hipep.dialects.onnx.schema.ElementKind.BOOL;
import static org.hipep.dialects.onnx.schema.ElementKind.DOUBLE;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT;
import static org.hipep.dialects.onnx.schema.ElementKind.FLOAT16;
import static org.hipep.dialects.onnx.schema.ElementKind.INT8;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT8;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.INDEX;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC;
import static org.hipep.dialects.onnx.schema.TypeSets.NUMERIC_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.WIDE_INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.of;
import static org.hipep.dialects.onnx.schema.TypeSets.plus;
import static org.hipep.dialects.onnx.schema.TypeSets.union;

import java.util.List;
import java.util.Set;

/** Reductions: Reduce*, ArgMax/ArgMin, TopK and CumSum. */
final class ReductionSchemas {
    private static final List<String> REDUCE_OPS = List.of("ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp",
            "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum", "ReduceSumSquare");

    private ReductionSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        for (String op : REDUCE_OPS) {
            reduce(op, out);
        }
        argMaxMin(out);
        topK(out);
        cumSum(out);
    }

    private static OpSchema axesAttribute(String op, int since, Set<ElementKind> t) {
        return OpSchema.builder(op, since).input("data", "T").output("reduced", "T").attr("axes", INTS)
                .attr("keepdims", 1).types("T", t).build();
    }

    private static OpSchema axesInput(String op, int since, Set<ElementKind> t) {
        return OpSchema.builder(op, since).input("data", "T").optionalInput("axes", "tensor(int64)")
                .output("reduced", "T").attr("keepdims", 1).attr("noop_with_empty_axes", 0).types("T", t).build();
    }

    /**
     * 1 and 11 (negative axes) with an axes attribute; Max/Min 12 8-bit ints; 13 bf16 (ReduceSum
     * takes axes as an input from 13); 18 axes input for the others; Max/Min 20 bool.
     */
    private static void reduce(String op, List<OpSchema> out) {
        Set<ElementKind> base = union(FLOATS, WIDE_INTS);
        boolean maxMin = op.equals("ReduceMax") || op.equals("ReduceMin");
        out.add(axesAttribute(op, 1, base));
        out.add(axesAttribute(op, 11, base));
        Set<ElementKind> v12 = maxMin ? plus(base, INT8, UINT8) : base;
        if (maxMin) {
            out.add(axesAttribute(op, 12, v12));
        }
        Set<ElementKind> v13 = plus(v12, BFLOAT16);
        if (op.equals("ReduceSum")) {
            out.add(axesInput(op, 13, v13));
            return;
        }
        out.add(axesAttribute(op, 13, v13));
        out.add(axesInput(op, 18, v13));
        if (maxMin) {
            out.add(axesInput(op, 20, plus(v13, BOOL)));
        }
    }

    private static void argMaxMin(List<OpSchema> out) {
        for (String op : List.of("ArgMax", "ArgMin")) {
            OpSchema v1 = OpSchema.builder(op, 1).input("data", "T").output("reduced", "tensor(int64)")
                    .attr("axis", 0).attr("keepdims", 1).types("T", NUMERIC).build();
            out.add(v1);
            out.add(v1.toBuilder(11).build());
            out.add(v1.toBuilder(12).attr("select_last_index", 0).build());
            out.add(v1.toBuilder(13).attr("select_last_index", 0).types("T", NUMERIC_BF16).build());
        }
    }

    /** TopK: 1 k attribute, 10 K input, 11 largest/sorted and numeric types, 24 bf16. */
    private static void topK(List<OpSchema> out) {
        out.add(OpSchema.builder("TopK", 1).input("X", "T").output("Values", "T").output("Indices", "I")
                .attr("axis", -1).required("k", INT).types("T", FLOATS).types("I", TypeSets.I64).build());
        OpSchema v10 = OpSchema.builder("TopK", 10).input("X", "T").input("K", "tensor(int64)").output("Values", "T")
                .output("Indices", "I").attr("axis", -1).types("T", FLOATS).types("I", TypeSets.I64).build();
        out.add(v10);
        OpSchema v11 = v10.toBuilder(11).attr("largest", 1).attr("sorted", 1).types("T", NUMERIC).build();
        out.add(v11);
        out.add(v11.toBuilder(24).types("T", NUMERIC_BF16).build());
    }

    private static void cumSum(List<OpSchema> out) {
        Set<ElementKind> v11 = union(WIDE_INTS, of(FLOAT, DOUBLE));
        OpSchema cum = OpSchema.builder("CumSum", 11).input("x", "T").input("axis", "T2").output("y", "T")
                .attr("exclusive", 0).attr("reverse", 0).types("T", v11).types("T2", INDEX).build();
        out.add(cum);
        out.add(cum.toBuilder(14).types("T", plus(v11, FLOAT16, BFLOAT16)).build());
    }
}
