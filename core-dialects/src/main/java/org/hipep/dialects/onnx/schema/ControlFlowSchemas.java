package org.hipep.dialects.onnx.schema;

import static org.hipep.dialects.onnx.schema.AttributeKind.GRAPH;
import static org.hipep.dialects.onnx.schema.AttributeKind.INT;
import static org.hipep.dialects.onnx.schema.AttributeKind.INTS;
import static org.hipep.dialects.onnx.schema.AttributeKind.TYPE_PROTO;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL;
import static org.hipep.dialects.onnx.schema.TypeSets.ALL_13;
import static org.hipep.dialects.onnx.schema.TypeSets.ANY_VALUE;
import static org.hipep.dialects.onnx.schema.TypeSets.BOOLEAN;
import static org.hipep.dialects.onnx.schema.TypeSets.I64;
import static org.hipep.dialects.onnx.schema.TypeSets.INDEX;
import static org.hipep.dialects.onnx.schema.TypeSets.OPTIONALS;
import static org.hipep.dialects.onnx.schema.TypeSets.SEQUENCE;
import static org.hipep.dialects.onnx.schema.TypeSets.TENSOR;
import static org.hipep.dialects.onnx.schema.TypeSets.TENSOR_OR_SEQ;
import static org.hipep.dialects.onnx.schema.TypeSets.allAt;

import java.util.List;
import java.util.Set;
import org.hipep.dialects.onnx.schema.TypeConstraint.Container;

/** Control flow (If, Loop, Scan), Identity, and the sequence and optional ops. */
final class ControlFlowSchemas {
    /** Versions at which If, Loop, Scan and Identity widened their value types. */
    private static final int[] WIDENINGS = {19, 21, 23, 24, 25};

    private ControlFlowSchemas() {
    }

    static void addTo(List<OpSchema> out) {
        ifOp(out);
        loop(out);
        scan(out);
        identity(out);
        sequences(out);
        optionals(out);
    }

    /** The value kinds a control-flow op carries at a version: tensors, then sequences (13), then optionals (16). */
    private static Set<Container> valueKinds(int version) {
        if (version >= 16) {
            return ANY_VALUE;
        }
        return version >= 13 ? TENSOR_OR_SEQ : TENSOR;
    }

    private static Set<ElementKind> valueTypes(int version) {
        return version >= 13 && version < 19 ? ALL_13 : allAt(version);
    }

    private static void ifOp(List<OpSchema> out) {
        for (int v : new int[] {1, 11, 13, 16, 19, 21, 23, 24, 25}) {
            out.add(OpSchema.builder("If", v).input("cond", "B").heterogeneousOutput("outputs", "V", 1)
                    .required("else_branch", GRAPH).required("then_branch", GRAPH)
                    .types("B", BOOLEAN).types("V", valueKinds(v), valueTypes(v)).build());
        }
    }

    private static void loop(List<OpSchema> out) {
        for (int v : new int[] {1, 11, 13, 16, 19, 21, 23, 24, 25}) {
            out.add(OpSchema.builder("Loop", v).optionalInput("M", "I").optionalInput("cond", "B")
                    .heterogeneousInput("v_initial", "V", v >= 11 ? 0 : 1)
                    .heterogeneousOutput("v_final_and_scan_outputs", "V", 1).required("body", GRAPH)
                    .types("I", I64).types("B", BOOLEAN).types("V", valueKinds(v), valueTypes(v)).build());
        }
    }

    /** Scan: 8 with sequence_lens and directions; 9 per-input axes and directions; then type bumps. */
    private static void scan(List<OpSchema> out) {
        out.add(OpSchema.builder("Scan", 8).optionalInput("sequence_lens", "I")
                .heterogeneousInput("initial_state_and_scan_inputs", "V", 1)
                .heterogeneousOutput("final_state_and_scan_outputs", "V", 1).required("body", GRAPH)
                .attr("directions", INTS).required("num_scan_inputs", INT).types("I", I64).types("V", ALL).build());
        for (int v : new int[] {9, 11, 16, 19, 21, 23, 24, 25}) {
            out.add(OpSchema.builder("Scan", v).heterogeneousInput("initial_state_and_scan_inputs", "V", 1)
                    .heterogeneousOutput("final_state_and_scan_outputs", "V", 1).required("body", GRAPH)
                    .required("num_scan_inputs", INT).attr("scan_input_axes", INTS).attr("scan_input_directions", INTS)
                    .attr("scan_output_axes", INTS).attr("scan_output_directions", INTS)
                    .types("V", v >= 16 ? valueTypes(v) : ALL).build());
        }
    }

    /** Identity: tensors (1, 13), sequences too (14), optionals too (16), then type bumps. */
    private static void identity(List<OpSchema> out) {
        out.add(OpSchema.builder("Identity", 1).input("input", "T").output("output", "T").types("T", ALL).build());
        out.add(OpSchema.builder("Identity", 13).input("input", "T").output("output", "T").types("T", ALL_13).build());
        out.add(OpSchema.builder("Identity", 14).input("input", "V").output("output", "V")
                .types("V", TENSOR_OR_SEQ, ALL_13).build());
        out.add(OpSchema.builder("Identity", 16).input("input", "V").output("output", "V")
                .types("V", ANY_VALUE, ALL_13).build());
        for (int v : WIDENINGS) {
            out.add(OpSchema.builder("Identity", v).input("input", "V").output("output", "V")
                    .types("V", ANY_VALUE, allAt(v)).build());
        }
    }

    private static OpSchema.Builder seqOp(String op) {
        return OpSchema.builder(op, 11).types("S", SEQUENCE, ALL).types("T", ALL).types("I", INDEX);
    }

    /** The sequence ops of opset 11. */
    private static void sequences(List<OpSchema> out) {
        out.add(seqOp("SequenceEmpty").output("output", "S").attr("dtype", INT).build());
        out.add(seqOp("SequenceConstruct").variadicInput("inputs", "T", 1).output("output_sequence", "S").build());
        out.add(seqOp("SequenceInsert").input("input_sequence", "S").input("tensor", "T")
                .optionalInput("position", "I").output("output_sequence", "S").build());
        out.add(seqOp("SequenceAt").input("input_sequence", "S").input("position", "I").output("tensor", "T").build());
        out.add(seqOp("SequenceErase").input("input_sequence", "S").optionalInput("position", "I")
                .output("output_sequence", "S").build());
        out.add(seqOp("SequenceLength").input("input_sequence", "S").output("length", "tensor(int64)").build());
        out.add(seqOp("SplitToSequence").input("input", "T").optionalInput("split", "I")
                .output("output_sequence", "S").attr("axis", 0).attr("keepdims", 1).build());
        out.add(seqOp("ConcatFromSequence").input("input_sequence", "S").output("concat_result", "T")
                .required("axis", INT).attr("new_axis", 0).build());
    }

    /** Optional (15), OptionalHasElement and OptionalGetElement (15; 18 also take plain values). */
    private static void optionals(List<OpSchema> out) {
        out.add(OpSchema.builder("Optional", 15).optionalInput("input", "V").output("output", "O")
                .attr("type", TYPE_PROTO).types("V", TENSOR_OR_SEQ, ALL_13).types("O", OPTIONALS, ALL_13).build());
        out.add(OpSchema.builder("OptionalHasElement", 15).input("input", "O").output("output", "B")
                .types("O", OPTIONALS, ALL_13).types("B", BOOLEAN).build());
        out.add(OpSchema.builder("OptionalHasElement", 18).optionalInput("input", "O").output("output", "B")
                .types("O", ANY_VALUE, ALL_13).types("B", BOOLEAN).build());
        out.add(OpSchema.builder("OptionalGetElement", 15).input("input", "O").output("output", "V")
                .types("O", OPTIONALS, ALL_13).types("V", TENSOR_OR_SEQ, ALL_13).build());
        out.add(OpSchema.builder("OptionalGetElement", 18).input("input", "O").output("output", "V")
                .types("O", ANY_VALUE, ALL_13).types("V", TENSOR_OR_SEQ, ALL_13).build());
    }
}
