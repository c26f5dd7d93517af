package org.hipep.dialects.onnx.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hipep.dialects.onnx.load.TestModels.model;
import static org.hipep.dialects.onnx.load.TestModels.node;
import static org.hipep.dialects.onnx.load.TestModels.value;
import static org.hipep.dialects.onnx.load.TestModels.write;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The size and nesting limits. */
class LoaderLimitsTest {

    @TempDir
    Path dir;

    /** A model whose graph nests {@code levels} If subgraphs, each using the outer input x. */
    private Path nested(int levels) {
        GraphProto leaf = GraphProto.newBuilder().setName("leaf").addOutput(value("x")).build();
        GraphProto g = leaf;
        for (int i = 0; i < levels; i++) {
            g = GraphProto.newBuilder().setName("level" + i).addOutput(value("out" + i))
                    .addNode(node("if" + i, "If", List.of("x"), List.of("out" + i),
                            GraphStructureTest.graphAttr("then_branch", g),
                            GraphStructureTest.graphAttr("else_branch", leaf)))
                    .build();
        }
        GraphProto main = g.toBuilder().addInput(value("x")).build();
        return write(dir, "nested" + levels + ".onnx", model(main).build());
    }

    @Test
    void defaults() {
        assertThat(LoaderLimits.defaults()).isEqualTo(new LoaderLimits(Integer.MAX_VALUE, 1024));
        assertThatThrownBy(() -> new LoaderLimits(1L << 31, 1024)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LoaderLimits(100, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void deepNestingLoadsInADefaultSizedThreadStack() throws Exception {
        // 330 levels x 3 messages per level ~ 990 of the 1024 allowed.
        Path file = nested(330);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<OnnxModel> loaded = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                loaded.set(OnnxModelLoader.load(file));
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "default-stack", 0);
        t.start();
        t.join();
        assertThat(failure.get()).isNull();
        assertThat(loaded.get().graph().getName()).isEqualTo("level329");
    }

    @Test
    void nestingBeyondTheLimitIsALoadError() {
        Path file = nested(400);
        assertThatThrownBy(() -> OnnxModelLoader.load(file)).isExactlyInstanceOf(OnnxLoadException.class)
                .hasMessageContaining("recursion");
        Path small = nested(40);
        assertThat(OnnxModelLoader.load(small).graph().getNodeCount()).isEqualTo(1);
        assertThatThrownBy(() -> OnnxModelLoader.load(small, new LoaderLimits(Integer.MAX_VALUE, 100)))
                .isExactlyInstanceOf(OnnxLoadException.class).hasMessageContaining("recursion");
    }

    @Test
    void sizeLimit() {
        Path file = nested(3);
        assertThatThrownBy(() -> OnnxModelLoader.load(file, new LoaderLimits(10, 1024)))
                .isExactlyInstanceOf(OnnxLoadException.class).hasMessageContaining("exceeds the limit of 10 bytes");
        assertThatThrownBy(() -> OnnxModelLoader.load(new java.io.FileInputStream(file.toFile()), "s", null,
                new LoaderLimits(10, 1024)))
                .isExactlyInstanceOf(OnnxLoadException.class).hasMessageStartingWith("s: ")
                .hasMessageContaining("too large");
    }
}
