package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.host.testing.OnnxValues;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.SessionOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model with an ONNX node that {@code convert-onnx-to-hip} cannot convert fails to compile with an
 * error that names the file, the node, its op type and why (before: a one-shot-bufferize error on
 * an unranked operand, without the node).
 */
class UnconvertedNodeErrorTest {
    @TempDir
    Path dir;

    private static ValueInfoProto value(String name, Object... dims) {
        return OnnxValues.tensor(name, TensorProto.DataType.FLOAT_VALUE, dims);
    }

    /** x[N,4,4,4] -> Relu -> Flatten(axis 2) -> y: the flattened first dimension is N*4, which no input dimension gives. */
    private Path flattenModel() throws Exception {
        GraphProto g = GraphProto.newBuilder().setName("flatten_dynamic")
                .addInput(value("x", "N", 4, 4, 4))
                .addOutput(value("y", "M", 16))
                .addNode(NodeProto.newBuilder().setOpType("Relu").setName("relu_1").addInput("x").addOutput("r"))
                .addNode(NodeProto.newBuilder().setOpType("Flatten").setName("flatten_by_two").addInput("r")
                        .addOutput("y").addAttribute(AttributeProto.newBuilder().setName("axis")
                                .setType(AttributeProto.AttributeType.INT).setI(2)))
                .build();
        return OnnxValues.writeModel(dir.resolve("flatten_dynamic.onnx"), g, 17);
    }

    @Test
    void theErrorNamesTheFileTheNodeTheOpAndTheReason() throws Exception {
        Path model = flattenModel();
        try (HipEnvironment env = HipEnvironment.create()) {
            assertThatThrownBy(() -> env.createSession(model, new SessionOptions().setCacheDir(dir.resolve("cache"))))
                    .hasMessageContaining("flatten_dynamic.onnx:0:0: error:")
                    .hasMessageContaining("ONNX node 'flatten_by_two' (onnx.Flatten, opset 17) was not converted to the"
                            + " hip dialect: dimension 0 of result 0")
                    .hasMessageContaining("(tensor<?x16xf32>) is dynamic and is not a dimension of an input")
                    .hasMessageNotContaining("one-shot-bufferize")
                    .hasMessageNotContaining("relu_1");
        }
    }
}
