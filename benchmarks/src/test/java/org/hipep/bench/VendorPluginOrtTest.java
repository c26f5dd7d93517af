package org.hipep.bench;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.google.protobuf.ByteString;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.runtime.llvm.LlvmModule;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The vendor plugin (hip-ep-plugin-example) against ONNX Runtime: a model of broadcasting Adds
 * (with a Mul between them) compiled with {@code --plugins vendor} runs its Adds through
 * {@code vendor.add} (the compiled bitcode calls the plugin's wrapper) and gives ONNX Runtime's
 * outputs, in both artifact formats.
 */
class VendorPluginOrtTest {
    private static ModelProto model() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("adds");
        g.addInput(value("a", 2, 3, 4)).addInput(value("b", 4)).addInput(value("c", 3, 1));
        g.addOutput(value("y", 2, 3, 4));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("add_ab").addInput("a").addInput("b").addOutput("ab"));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("add_abc").addInput("ab").addInput("c").addOutput("abc"));
        g.addNode(NodeProto.newBuilder().setOpType("Mul").setName("mul").addInput("abc").addInput("a").addOutput("y"));
        return ModelProto.newBuilder().setIrVersion(8)
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(g).build();
    }

    private static ValueInfoProto value(String name, long... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (long d : dims) {
            shape.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(shape))).build();
    }

    private static float[] values(int n, int seed) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = ((i * 7 + seed * 13) % 23 - 11) / 4f;
        }
        return v;
    }

    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void vendorAddsGiveOnnxRuntimesOutputs(ArtifactFormat format, @TempDir Path cache) throws Exception {
        byte[] bytes = model().toByteArray();
        float[] a = values(24, 1);
        float[] b = values(4, 2);
        float[] c = values(3, 3);
        float[] ours;
        try (HipEnvironment env = HipEnvironment.create();
                HipSession s = env.createSession(bytes, new SessionOptions().addPlugins("vendor")
                        .setArtifactFormat(format).setCacheDir(cache).setThreads(1));
                Tensor ta = Tensor.fromArray(a, 2, 3, 4);
                Tensor tb = Tensor.fromArray(b, 4);
                Tensor tc = Tensor.fromArray(c, 3, 1);
                Result r = s.run(Map.of("a", ta, "b", tb, "c", tc))) {
            ours = r.get("y").toFloatArray();
            Path bc = s.timings().artifactDir().resolve("model.bc");
            if (format == ArtifactFormat.LLVM_IR) {
                try (LlvmModule m = LlvmModule.parseBitcode(Files.readAllBytes(bc), "model.bc")) {
                    assertThat(m.declaredFunctions()).as("the Adds go through the vendor wrapper")
                            .containsKey("wrap_hip_ep_vendor_add").doesNotContainKey("hipep_add_f32");
                }
            }
        }
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions o = new OrtSession.SessionOptions();
                OrtSession ort = env.createSession(bytes, o);
                OnnxTensor oa = OnnxTensor.createTensor(env, FloatBuffer.wrap(a), new long[] {2, 3, 4});
                OnnxTensor ob = OnnxTensor.createTensor(env, FloatBuffer.wrap(b), new long[] {4});
                OnnxTensor oc = OnnxTensor.createTensor(env, FloatBuffer.wrap(c), new long[] {3, 1});
                OrtSession.Result r = ort.run(Map.of("a", oa, "b", ob, "c", oc))) {
            float[] theirs = new float[24];
            ((OnnxTensor) r.get(0)).getFloatBuffer().get(theirs);
            assertThat(ours).containsExactly(theirs);
        }
    }
}
