package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.dialects.onnx.load.TestModels.model;
import static org.hipep.dialects.onnx.load.TestModels.node;
import static org.hipep.dialects.onnx.load.TestModels.value;
import static org.hipep.dialects.onnx.load.TestModels.write;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto.AttributeType;
import org.hipep.dialects.onnx.proto.OnnxProto.FunctionProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model-local functions are inlined into the main graph with fresh names and attribute values. */
class FunctionInliningTest {

    @TempDir
    Path dir;

    /** my.Scale(X) = X * alpha, alpha an attribute reference with default 1.0. */
    private static FunctionProto scale() {
        AttributeProto ref = AttributeProto.newBuilder().setName("value_float").setRefAttrName("alpha")
                .setType(AttributeType.FLOAT).build();
        return FunctionProto.newBuilder().setDomain("my").setName("Scale").addInput("X").addOutput("Y")
                .addAttributeProto(AttributeProto.newBuilder().setName("alpha").setType(AttributeType.FLOAT).setF(1f))
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17))
                .addNode(node("k", "Constant", List.of(), List.of("c"), ref))
                .addNode(node("", "Mul", List.of("X", "c"), List.of("Y"))).build();
    }

    /** my.Twice(X) = Scale(Scale(X)) with alpha passed through as "factor". */
    private static FunctionProto twice() {
        AttributeProto pass = AttributeProto.newBuilder().setName("alpha").setRefAttrName("factor")
                .setType(AttributeType.FLOAT).build();
        return FunctionProto.newBuilder().setDomain("my").setName("Twice").addInput("X").addOutput("Y")
                .addAttribute("factor")
                .addNode(call("first", "Scale", "X", "mid", pass))
                .addNode(call("second", "Scale", "mid", "Y", pass)).build();
    }

    private static NodeProto call(String name, String op, String in, String out, AttributeProto... attrs) {
        return node(name, op, List.of(in), List.of(out), attrs).toBuilder().setDomain("my").build();
    }

    private static AttributeProto f(String name, float v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeType.FLOAT).setF(v).build();
    }

    private OnnxModel load(GraphProto g) {
        return OnnxModelLoader.load(write(dir, "model.onnx", model(g).addFunctions(scale()).addFunctions(twice())
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("my").setVersion(1)).build()));
    }

    @Test
    void inlinedWithAttributeReferenceAndDefault() {
        GraphProto g = GraphProto.newBuilder().addInput(value("x", 2)).addOutput(value("y", 2))
                .addOutput(value("z", 2))
                .addNode(call("s1", "Scale", "x", "y", f("alpha", 2.5f)))
                .addNode(call("s2", "Scale", "y", "z")).build();
        OnnxModel m = load(g);
        List<NodeProto> nodes = m.graph().getNodeList();
        assertThat(nodes).extracting(NodeProto::getOpType).containsExactly("Constant", "Mul", "Constant", "Mul");
        assertThat(nodes).extracting(NodeProto::getName).containsExactly("s1/k", "s1/Mul_1", "s2/k", "s2/Mul_1");
        assertThat(nodes.get(0).getAttribute(0).getName()).isEqualTo("value_float");
        assertThat(nodes.get(0).getAttribute(0).getF()).isEqualTo(2.5f);
        assertThat(nodes.get(0).getAttribute(0).getRefAttrName()).isEmpty();
        assertThat(nodes.get(2).getAttribute(0).getF()).as("default from attribute_proto").isEqualTo(1f);
        assertThat(nodes.get(1).getInputList()).containsExactly("x", "s1/c");
        assertThat(nodes.get(1).getOutputList()).containsExactly("y");
        assertThat(nodes.get(3).getInputList()).containsExactly("y", "s2/c");
        assertThat(m.proto().getGraph().getNodeCount()).as("the parsed message is unchanged").isEqualTo(2);
    }

    @Test
    void nestedCallsAndRepeatedCallerNames() {
        GraphProto g = GraphProto.newBuilder().addInput(value("x", 2)).addOutput(value("y", 2))
                .addOutput(value("z", 2))
                .addNode(call("", "Twice", "x", "y", f("factor", 3f)))
                .addNode(call("", "Twice", "y", "z", f("factor", 5f))).build();
        OnnxModel m = load(g);
        List<NodeProto> nodes = m.graph().getNodeList();
        assertThat(nodes).hasSize(8);
        assertThat(nodes).extracting(NodeProto::getName).doesNotHaveDuplicates()
                .contains("Twice/first/k", "Twice_1/second/k");
        Map<String, Float> constants = nodes.stream().filter(n -> n.getOpType().equals("Constant"))
                .collect(Collectors.toMap(NodeProto::getName, n -> n.getAttribute(0).getF(), (a, b) -> a,
                        java.util.LinkedHashMap::new));
        assertThat(constants.values()).containsExactly(3f, 3f, 5f, 5f);
        List<String> outputs = nodes.stream().flatMap(n -> n.getOutputList().stream()).toList();
        assertThat(outputs).doesNotHaveDuplicates().contains("y", "z");
        assertThat(m.topologicalOrder()).hasSize(8);
    }

    @Test
    void callInsideASubgraph() {
        GraphProto branch = GraphProto.newBuilder().setName("then").addOutput(value("b_out"))
                .addNode(call("inner", "Scale", "x", "b_out", f("alpha", 4f))).build();
        GraphProto g = GraphProto.newBuilder().addInput(value("x", 2)).addInput(value("cond"))
                .addOutput(value("y", 2))
                .addNode(node("if", "If", List.of("cond"), List.of("y"), GraphStructureTest.graphAttr("then_branch",
                        branch), GraphStructureTest.graphAttr("else_branch", GraphProto.newBuilder()
                                .addOutput(value("x")).build()))).build();
        GraphProto inlined = load(g).graph().getNode(0).getAttribute(0).getG();
        Map<String, NodeProto> byName = inlined.getNodeList().stream()
                .collect(Collectors.toMap(NodeProto::getName, Function.identity()));
        assertThat(byName).containsOnlyKeys("inner/k", "inner/Mul_1");
        assertThat(byName.get("inner/Mul_1").getInputList()).containsExactly("x", "inner/c");
    }
}
