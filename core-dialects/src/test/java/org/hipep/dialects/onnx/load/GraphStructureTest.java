package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.hipep.dialects.onnx.load.TestModels.floats;
import static org.hipep.dialects.onnx.load.TestModels.model;
import static org.hipep.dialects.onnx.load.TestModels.node;
import static org.hipep.dialects.onnx.load.TestModels.value;
import static org.hipep.dialects.onnx.load.TestModels.write;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Graph inputs that are initializers, unsorted nodes and subgraphs that use outer values. */
class GraphStructureTest {

    @TempDir
    Path dir;

    private OnnxModel load(GraphProto g) {
        return OnnxModelLoader.load(write(dir, "model.onnx", model(g).setIrVersion(3).build()));
    }

    @Test
    void graphInputThatIsAlsoAnInitializer() {
        GraphProto g = GraphProto.newBuilder().addInput(value("x", 2)).addInput(value("w", 2))
                .addInitializer(floats("w", new long[] {2}, 3, 4)).addOutput(value("y", 2))
                .addNode(node("mul", "Mul", List.of("x", "w"), List.of("y"))).build();
        OnnxModel m = load(g);
        assertThat(m.graphInputsWithoutInitializers()).extracting(v -> v.getName()).containsExactly("x");
        assertThat(m.initializers()).containsOnlyKeys("w");
        assertThat(m.initializers().get("w").data().getFloat(4)).isEqualTo(4f);
        assertThat(m.irVersion()).isEqualTo(3);
        assertThat(m.opsetImports()).containsEntry("", 17L);
        assertThat(m.opsetVersion("ai.onnx")).hasValue(17);
        assertThat(m.opsetImports().get("ai.onnx")).isEqualTo(17L);
        assertThat(m.opsetImports()).hasSize(1);
    }

    @Test
    void unsortedNodesAreOrdered() {
        GraphProto g = GraphProto.newBuilder().addInput(value("x", 2)).addOutput(value("y", 2))
                .addNode(node("c", "Neg", List.of("b"), List.of("y")))
                .addNode(node("b", "Abs", List.of("a"), List.of("b")))
                .addNode(node("a", "Relu", List.of("x"), List.of("a"))).build();
        assertThat(load(g).topologicalOrder()).extracting(NodeProto::getName).containsExactly("a", "b", "c");
    }

    @Test
    void subgraphUsesOuterValueProducedLater() {
        GraphProto then = GraphProto.newBuilder().setName("then").addOutput(value("t_out"))
                .addNode(node("t", "Identity", List.of("late"), List.of("t_out"))).build();
        GraphProto otherwise = GraphProto.newBuilder().setName("else").addOutput(value("x")).build();
        GraphProto g = GraphProto.newBuilder().addInput(value("x", 2)).addInput(value("cond"))
                .addOutput(value("y", 2))
                .addNode(node("if", "If", List.of("cond"), List.of("y"), graphAttr("then_branch", then),
                        graphAttr("else_branch", otherwise)))
                .addNode(node("late", "Relu", List.of("x"), List.of("late"))).build();
        assertThat(load(g).topologicalOrder()).extracting(NodeProto::getName).containsExactly("late", "if");
    }

    @Test
    void subgraphInputProducedByNothing() {
        GraphProto body = GraphProto.newBuilder().setName("body").addOutput(value("o"))
                .addNode(node("inner", "Identity", List.of("nowhere"), List.of("o"))).build();
        GraphProto g = GraphProto.newBuilder().addInput(value("cond")).addOutput(value("y"))
                .addNode(node("if", "If", List.of("cond"), List.of("y"), graphAttr("then_branch", body),
                        graphAttr("else_branch", body))).build();
        OnnxLoadException e = catchThrowableOfType(OnnxLoadException.class, () -> load(g));
        assertThat(e.nodeName()).contains("inner");
        assertThat(e.detail()).isEqualTo("in subgraph 'body' (attribute 'then_branch' of node 0 'if' (If)): "
                + "input 'nowhere' is produced by no node, initializer or graph input");
    }

    @Test
    void topologicalOrderOfASubgraphWithOuterScope() {
        GraphProto body = GraphProto.newBuilder().addOutput(value("o"))
                .addNode(node("second", "Neg", List.of("m"), List.of("o")))
                .addNode(node("first", "Abs", List.of("outer"), List.of("m"))).build();
        assertThat(OnnxGraphValidator.topologicalOrder(body, Set.of("outer"))).extracting(NodeProto::getName)
                .containsExactly("first", "second");
    }

    static AttributeProto graphAttr(String name, GraphProto g) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.GRAPH).setG(g).build();
    }
}
