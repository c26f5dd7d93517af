package org.hipep.dialects.hip;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hipep.dialects.CoreDialects;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.OnnxModelLoader;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.DialectRegistry;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.StringAttr;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.hipep.testing.data.SharedData;

/**
 * Every pooling node test of {@code ../shared/onnx-node-tests} (a folder whose name contains
 * {@code pool}) gets, from the shape inference of the matching {@code hip} pool op, exactly the
 * output shapes that its model declares and that its {@code test_data_set_0/output_*.pb} hold.
 * The ONNX attributes are handed over as the hip op takes them. Fails, never skips, when the
 * shared folder is missing.
 */
class PoolNodeTestShapesTest {
    private static final Map<String, String> HIP_OP = Map.of("MaxPool", "hip.max_pool", "AveragePool",
            "hip.avg_pool", "GlobalMaxPool", "hip.global_max_pool", "GlobalAveragePool", "hip.global_avg_pool");

    private static Path nodeTests() {
        return SharedData.dir(SharedData.NODE_TESTS);
    }

    private static List<Path> poolTests() throws IOException {
        try (Stream<Path> s = Files.list(nodeTests())) {
            return s.filter(d -> d.getFileName().toString().contains("pool"))
                    .filter(d -> Files.isRegularFile(d.resolve("model.onnx"))).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyPoolNodeTestGetsItsDeclaredShape() throws IOException {
        List<Path> tests = poolTests();
        assertThat(tests).as("pool node tests in %s", nodeTests()).hasSizeGreaterThanOrEqualTo(23);
        return tests.stream().map(d -> DynamicTest.dynamicTest(d.getFileName().toString(), () -> check(d)));
    }

    private static void check(Path dir) throws IOException {
        OnnxModel model = OnnxModelLoader.load(dir.resolve("model.onnx"));
        List<NodeProto> nodes = model.graph().getNodeList();
        assertThat(nodes).as("nodes").hasSize(1);
        NodeProto node = nodes.get(0);
        String op = HIP_OP.get(node.getOpType());
        assertThat(op).as("hip op for %s", node.getOpType()).isNotNull();

        ValueInfoProto x = model.graphInputsWithoutInitializers().get(0);
        List<Type> inputs = List.of(RankedTensorType.of(dims(x), elementType(x)));
        Map<String, Attribute> attrs = new LinkedHashMap<>();
        for (AttributeProto a : node.getAttributeList()) {
            switch (a.getName()) {
                case "kernel_shape", "strides", "pads", "dilations" -> attrs.put(a.getName(),
                        DenseArrayAttr.i64(a.getIntsList().stream().mapToLong(Long::longValue).toArray()));
                case "ceil_mode", "count_include_pad" -> attrs.put(a.getName(), BoolAttr.of(a.getI() != 0));
                case "auto_pad" -> attrs.put(a.getName(), new StringAttr(a.getS().toStringUtf8()));
                case "storage_order" -> assertThat(a.getI()).as("storage_order").isZero();
                default -> throw new AssertionError("unexpected attribute " + a.getName());
            }
        }

        Context context = new Context(CoreDialects.register(new DialectRegistry()));
        context.getOrLoadDialect("hip");
        InferShapes infer = context.lookupOperation(op).getInterface(InferShapes.class);
        InferShapes.Inferred r = infer.inferResultTypes(inputs, attrs, node.getOutputCount());
        assertThat(r.error()).as("inference error for %s %s", op, attrs).isNull();

        List<List<Long>> declared = new ArrayList<>();
        for (ValueInfoProto out : model.graph().getOutputList()) {
            declared.add(dims(out));
        }
        List<List<Long>> stored = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            Path pb = dir.resolve("test_data_set_0").resolve("output_" + i + ".pb");
            stored.add(TensorProto.parseFrom(Files.readAllBytes(pb)).getDimsList());
        }
        List<List<Long>> inferred = r.types().stream().map(t -> ((RankedTensorType) t).shape()).toList();
        assertThat(inferred).as("%s %s on %s", op, attrs, inputs).isEqualTo(declared).isEqualTo(stored);
    }

    private static List<Long> dims(ValueInfoProto v) {
        List<Long> out = new ArrayList<>();
        for (TensorShapeProto.Dimension d : v.getType().getTensorType().getShape().getDimList()) {
            assertThat(d.hasDimValue()).as("static dimension of %s", v.getName()).isTrue();
            out.add(d.getDimValue());
        }
        return out;
    }

    private static Type elementType(ValueInfoProto v) {
        int t = v.getType().getTensorType().getElemType();
        return switch (t) {
            case TensorProto.DataType.FLOAT_VALUE -> FloatType.F32;
            case TensorProto.DataType.FLOAT16_VALUE -> FloatType.F16;
            case TensorProto.DataType.DOUBLE_VALUE -> FloatType.F64;
            case TensorProto.DataType.UINT8_VALUE -> new IntegerType(8, IntegerType.Signedness.UNSIGNED);
            case TensorProto.DataType.INT8_VALUE -> IntegerType.I8;
            default -> throw new AssertionError("element type " + t + " of " + v.getName() + " is not mapped");
        };
    }
}
