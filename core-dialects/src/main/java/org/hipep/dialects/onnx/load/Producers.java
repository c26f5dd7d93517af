package org.hipep.dialects.onnx.load;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.SparseTensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * The values one graph defines — graph inputs, initializers, sparse initializers and node
 * outputs — each with its producer, refusing a name defined twice.
 */
final class Producers {

    private static final int INPUT = -1;
    private static final int INITIALIZER = -2;

    /** Name to producing node index, or INPUT / INITIALIZER. */
    private final Map<String, Integer> producer = new HashMap<>();

    private Producers() {
    }

    /** The producers of {@code g}; {@code path} prefixes messages about subgraphs. */
    static Producers of(GraphProto g, String path) {
        Producers p = new Producers();
        for (ValueInfoProto v : g.getInputList()) {
            if (!v.getName().isEmpty() && p.producer.putIfAbsent(v.getName(), INPUT) != null) {
                throw new OnnxLoadException(path + "graph input '" + v.getName() + "' is listed twice");
            }
        }
        for (TensorProto t : g.getInitializerList()) {
            p.addInitializer(t.getName(), path);
        }
        for (SparseTensorProto s : g.getSparseInitializerList()) {
            p.addInitializer(s.getValues().getName(), path);
        }
        for (int i = 0; i < g.getNodeCount(); i++) {
            NodeProto node = g.getNode(i);
            for (String out : node.getOutputList()) {
                if (out.isEmpty()) {
                    continue;
                }
                Integer before = p.producer.putIfAbsent(out, i);
                if (before != null) {
                    throw new OnnxLoadException(null, i, node.getName(), node.getOpType(), path + "output '" + out
                            + "' is already produced by " + p.describe(g, before), null);
                }
            }
        }
        return p;
    }

    private void addInitializer(String name, String path) {
        if (name.isEmpty()) {
            throw new OnnxLoadException(path + "an initializer has no name");
        }
        Integer before = producer.get(name);
        if (before == null || before == INPUT) {
            // An initializer may repeat a graph input's name: it is that input's default.
            producer.put(name, INITIALIZER);
        } else {
            throw new OnnxLoadException(path + "initializer '" + name + "' is defined twice");
        }
    }

    /** All names defined in the graph. */
    Set<String> names() {
        return producer.keySet();
    }

    /** The index of the node producing {@code name}, or -1 for inputs and initializers. */
    int nodeOf(String name) {
        Integer p = producer.get(name);
        return p == null || p < 0 ? -1 : p;
    }

    private String describe(GraphProto g, int p) {
        if (p == INPUT) {
            return "a graph input";
        }
        if (p == INITIALIZER) {
            return "an initializer";
        }
        NodeProto n = g.getNode(p);
        return "node " + p + " '" + n.getName() + "' (" + n.getOpType() + ")";
    }
}
