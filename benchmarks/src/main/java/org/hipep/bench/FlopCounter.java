package org.hipep.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.runtime.session.Tensor;

/**
 * The multiply-add FLOPs (2 per multiply-add) of a model's Conv, MatMul and Gemm nodes. Their
 * operand shapes come from a run of ONNX Runtime on a copy of the model that lists every operand
 * as a graph output, so the count depends on neither our compiler nor a shape inference of ours:
 * Conv {@code 2 * |Y| * (C / group) * kH * kW}, MatMul {@code 2 * |Y| * K}, Gemm {@code 2 * M * N * K}.
 * Other ops (element-wise, pooling, normalisation) are not counted.
 */
final class FlopCounter {
    private FlopCounter() {
    }

    static long count(OrtEnvironment env, Path model, Path set) throws IOException, OrtException {
        ModelProto m = ModelProto.parseFrom(Files.readAllBytes(model));
        GraphProto graph = m.getGraph();
        Map<String, long[]> shapes = new HashMap<>();
        for (TensorProto t : graph.getInitializerList()) {
            shapes.put(t.getName(), t.getDimsList().stream().mapToLong(Long::longValue).toArray());
        }
        Set<String> wanted = new LinkedHashSet<>();
        List<NodeProto> counted = new ArrayList<>();
        for (NodeProto n : graph.getNodeList()) {
            if (n.getDomain().isEmpty() && Set.of("Conv", "MatMul", "Gemm").contains(n.getOpType())) {
                counted.add(n);
                for (String name : List.of(n.getInput(0), n.getInput(1), n.getOutput(0))) {
                    if (!shapes.containsKey(name)) {
                        wanted.add(name);
                    }
                }
            }
        }
        if (counted.isEmpty()) {
            return 0;
        }
        GraphProto.Builder g = graph.toBuilder();
        Set<String> outputs = new LinkedHashSet<>();
        graph.getOutputList().forEach(o -> outputs.add(o.getName()));
        for (String name : wanted) {
            if (!outputs.contains(name)) {
                g.addOutput(ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder()
                        .setTensorType(TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE))));
            }
        }
        byte[] probe = m.toBuilder().setGraph(g).build().toByteArray();
        try (OrtSession.SessionOptions o = Engines.ortOptions(1, Engines.OrtSpinning.OFF); OrtSession s = env.createSession(probe, o)) {
            Map<String, Tensor> ours = Engines.readInputs(set, new ArrayList<>(s.getInputNames()));
            Map<String, OnnxTensor> feeds = new HashMap<>();
            for (Map.Entry<String, Tensor> e : ours.entrySet()) {
                feeds.put(e.getKey(), Engines.toOrt(env, e.getValue()));
            }
            try (OrtSession.Result r = s.run(feeds, wanted)) {
                for (Map.Entry<String, OnnxValue> e : r) {
                    shapes.put(e.getKey(), ((OnnxTensor) e.getValue()).getInfo().getShape());
                }
            } finally {
                feeds.values().forEach(OnnxTensor::close);
            }
        }
        long flops = 0;
        for (NodeProto n : counted) {
            flops += flops(n, shapes.get(n.getInput(0)), shapes.get(n.getInput(1)), shapes.get(n.getOutput(0)));
        }
        return flops;
    }

    /** The FLOPs of one Conv / MatMul / Gemm node from its operand shapes. */
    static long flops(NodeProto n, long[] a, long[] b, long[] y) {
        if (a == null || b == null || y == null) {
            throw new IllegalStateException("no shapes for node '" + n.getName() + "' (" + n.getOpType() + ")");
        }
        switch (n.getOpType()) {
            case "Conv" -> {
                long group = n.getAttributeList().stream().filter(x -> x.getName().equals("group"))
                        .mapToLong(x -> x.getI()).findFirst().orElse(1);
                long kernel = 1;
                for (int i = 2; i < b.length; i++) {
                    kernel *= b[i];
                }
                return 2 * elements(y) * (a[1] / group) * kernel;
            }
            case "MatMul" -> {
                return 2 * elements(y) * a[a.length - 1];
            }
            default -> {
                boolean transA = n.getAttributeList().stream().anyMatch(x -> x.getName().equals("transA") && x.getI() != 0);
                return 2 * elements(y) * (transA ? a[0] : a[1]);
            }
        }
    }

    private static long elements(long[] shape) {
        long e = 1;
        for (long d : shape) {
            e *= d;
        }
        return e;
    }
}
