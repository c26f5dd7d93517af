package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.ElementKind.INT8;
import static org.hipep.dialects.onnx.schema.ElementKind.UINT8;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS;
import static org.hipep.dialects.onnx.schema.TypeSets.FLOATS_BF16;
import static org.hipep.dialects.onnx.schema.TypeSets.WIDE_INTS;
import static org.hipep.dialects.onnx.schema.TypeSets.plus;
import static org.hipep.dialects.onnx.schema.TypeSets.union;

import java.util.List;
import java.util.Set;

/** Convolution, pooling and the matrix products (Gemm, MatMul). */
final class NnSchemas {
    private NnSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        convolutions(out);
        averagePool(out);
        maxPool(out);
        globalPools(out);
        gemm(out);
        matMul(out);
    }

    /** Conv and ConvTranspose: 1, 11 (same signature, wider padding rules), 22 bf16. */
    private static void convolutions(List<OpSchema> out) {
        OpSchema conv = OpSchema.builder("Conv", 1).input("X", "T").input("W", "T").optionalInput("B", "T")
                .output("Y", "T").attr("auto_pad", "NOTSET").attr("dilations", INTS).attr("group", 1)
                .attr("kernel_shape", INTS).attr("pads", INTS).attr("strides", INTS).types("T", FLOATS).build();
        out.add(conv);
        out.add(conv.toBuilder(11).build());
        out.add(conv.toBuilder(22).types("T", FLOATS_BF16).build());
        OpSchema convT = OpSchema.builder("ConvTranspose", 1).input("X", "T").input("W", "T").optionalInput("B", "T")
                .output("Y", "T").attr("auto_pad", "NOTSET").attr("dilations", INTS).attr("group", 1)
                .attr("kernel_shape", INTS).attr("output_padding", INTS).attr("output_shape", INTS)
                .attr("pads", INTS).attr("strides", INTS).types("T", FLOATS).build();
        out.add(convT);
        out.add(convT.toBuilder(11).build());
        out.add(convT.toBuilder(22).types("T", FLOATS_BF16).build());
    }

    private static OpSchema.Builder pool(String op, int since) {
        return OpSchema.builder(op, since).input("X", "T").output("Y", "T").attr("auto_pad", "NOTSET")
                .required("kernel_shape", INTS).attr("pads", INTS).attr("strides", INTS).types("T", FLOATS);
    }

    /** AveragePool: 7 count_include_pad, 10 ceil_mode, 11, 19 dilations, 22 bf16. */
    private static void averagePool(List<OpSchema> out) {
        out.add(pool("AveragePool", 1).build());
        out.add(pool("AveragePool", 7).attr("count_include_pad", 0).build());
        out.add(pool("AveragePool", 10).attr("count_include_pad", 0).attr("ceil_mode", 0).build());
        out.add(pool("AveragePool", 11).attr("count_include_pad", 0).attr("ceil_mode", 0).build());
        out.add(pool("AveragePool", 19).attr("count_include_pad", 0).attr("ceil_mode", 0).attr("dilations", INTS)
                .build());
        out.add(pool("AveragePool", 22).attr("count_include_pad", 0).attr("ceil_mode", 0).attr("dilations", INTS)
                .types("T", FLOATS_BF16).build());
    }

    /** MaxPool: 8 Indices output and storage_order, 10 ceil_mode and dilations, 12 8-bit ints, 22 bf16. */
    private static void maxPool(List<OpSchema> out) {
        out.add(pool("MaxPool", 1).build());
        OpSchema v8 = pool("MaxPool", 8).optionalOutput("Indices", "I").attr("storage_order", 0)
                .types("I", TypeSets.I64).build();
        out.add(v8);
        OpSchema v10 = v8.toBuilder(10).attr("ceil_mode", 0).attr("dilations", INTS).build();
        out.add(v10);
        out.add(v10.toBuilder(11).build());
        Set<ElementKind> v12 = plus(FLOATS, INT8, UINT8);
        out.add(v10.toBuilder(12).types("T", v12).build());
        out.add(v10.toBuilder(22).types("T", union(v12, FLOATS_BF16)).build());
    }

    private static void globalPools(List<OpSchema> out) {
        for (String op : List.of("GlobalAveragePool", "GlobalMaxPool")) {
            out.add(OpSchema.builder(op, 1).input("X", "T").output("Y", "T").types("T", FLOATS).build());
            out.add(OpSchema.builder(op, 22).input("X", "T").output("Y", "T").types("T", FLOATS_BF16).build());
        }
    }

    /** Gemm: 1/6 broadcast attribute, 7 implicit broadcast, 9 integers, 11 optional C, 13 bf16. */
    private static void gemm(List<OpSchema> out) {
        OpSchema v1 = OpSchema.builder("Gemm", 1).input("A", "T").input("B", "T").input("C", "T").output("Y", "T")
                .attr("alpha", 1.0).attr("beta", 1.0).attr("broadcast", 0).attr("transA", 0).attr("transB", 0)
                .types("T", FLOATS).build();
        out.add(v1);
        out.add(v1.toBuilder(6).build());
        OpSchema v7 = v1.toBuilder(7).withoutAttr("broadcast").build();
        out.add(v7);
        Set<ElementKind> v9 = union(FLOATS, WIDE_INTS);
        out.add(v7.toBuilder(9).types("T", v9).build());
        OpSchema v11 = v7.toBuilder(11).clearInputs().input("A", "T").input("B", "T").optionalInput("C", "T")
                .types("T", v9).build();
        out.add(v11);
        out.add(v11.toBuilder(13).types("T", union(v9, FLOATS_BF16)).build());
    }

    private static void matMul(List<OpSchema> out) {
        Set<ElementKind> v9 = union(FLOATS, WIDE_INTS);
        out.add(OpSchema.builder("MatMul", 1).input("A", "T").input("B", "T").output("Y", "T").types("T", FLOATS).build());
        out.add(OpSchema.builder("MatMul", 9).input("A", "T").input("B", "T").output("Y", "T").types("T", v9).build());
        out.add(OpSchema.builder("MatMul", 13).input("A", "T").input("B", "T").output("Y", "T")
                .types("T", union(v9, FLOATS_BF16)).build());
    }
}
