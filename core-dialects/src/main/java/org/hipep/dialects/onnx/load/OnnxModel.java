package org.hipep.dialects.onnx.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.SparseTensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * A loaded and validated ONNX model, made by {@link OnnxModelLoader}.
 *
 * <p>{@link #graph()} is the main graph with the model-local functions inlined; {@link #proto()}
 * is the message as parsed. {@link #initializers()} are the main graph's initializers decoded
 * (external data mapped, typed fields packed). Instances are immutable.
 */
public final class OnnxModel {

    /** The default ONNX domain's canonical name; {@code "ai.onnx"} is an alias. */
    public static final String DEFAULT_DOMAIN = "";

    private final String name;
    private final Path file;
    private final Path baseDirectory;
    private final ModelProto proto;
    private final Map<String, Long> opsetImports;
    private final GraphProto graph;
    private final Map<String, TensorData> initializers;
    private volatile List<NodeProto> order;

    OnnxModel(String name, Path file, Path baseDirectory, ModelProto proto, Map<String, Long> opsetImports,
            GraphProto graph) {
        this.name = name;
        this.file = file;
        this.baseDirectory = baseDirectory;
        this.proto = proto;
        this.opsetImports = new OpsetMap(opsetImports);
        this.graph = graph;
        Map<String, TensorData> init = new LinkedHashMap<>();
        for (TensorProto t : graph.getInitializerList()) {
            init.put(t.getName(), OnnxTensors.decode(t, baseDirectory, "initializer"));
        }
        this.initializers = Collections.unmodifiableMap(init);
    }

    /** {@code domain} with the alias {@code "ai.onnx"} mapped to {@code ""}; null is {@code ""}. */
    public static String normalizeDomain(String domain) {
        return domain == null || domain.equals("ai.onnx") ? DEFAULT_DOMAIN : domain;
    }

    /** The file path or stream name, as used in messages. */
    public String name() {
        return name;
    }

    /** The model file, or null when loaded from a stream. */
    public Path file() {
        return file;
    }

    /** The folder external data resolves against, or null when there is none. */
    public Path baseDirectory() {
        return baseDirectory;
    }

    /** The parsed message, before function inlining. */
    public ModelProto proto() {
        return proto;
    }

    /** The IR version ({@code ModelProto.ir_version}). */
    public long irVersion() {
        return proto.getIrVersion();
    }

    /**
     * Imported operator sets, domain to version, unmodifiable. The default domain is listed
     * under {@code ""}; {@code get} and {@code containsKey} also accept {@code "ai.onnx"}.
     */
    public Map<String, Long> opsetImports() {
        return opsetImports;
    }

    /** The imported version of {@code domain} ({@code "ai.onnx"} and {@code ""} are the same). */
    public OptionalLong opsetVersion(String domain) {
        Long v = opsetImports.get(normalizeDomain(domain));
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /** The main graph with model-local functions inlined. */
    public GraphProto graph() {
        return graph;
    }

    /** The main graph's initializers, decoded, by name in file order. */
    public Map<String, TensorData> initializers() {
        return initializers;
    }

    /** The main graph's sparse initializers, as stored. */
    public List<SparseTensorProto> sparseInitializers() {
        return graph.getSparseInitializerList();
    }

    /**
     * The graph inputs that are not initializers, in order: the values a caller must feed
     * (test data {@code input_k.pb} goes to the k-th of these). Inputs that are also
     * initializers take the initializer's value.
     */
    public List<ValueInfoProto> graphInputsWithoutInitializers() {
        Set<String> constant = new HashSet<>(initializers.keySet());
        graph.getSparseInitializerList().forEach(s -> constant.add(s.getValues().getName()));
        List<ValueInfoProto> out = new ArrayList<>();
        for (ValueInfoProto v : graph.getInputList()) {
            if (!constant.contains(v.getName())) {
                out.add(v);
            }
        }
        return List.copyOf(out);
    }

    /**
     * The main graph's nodes in a topological order (file order where it allows).
     *
     * @throws OnnxLoadException when the graph is not well formed (never for a loaded model,
     *     which was validated)
     */
    public List<NodeProto> topologicalOrder() {
        List<NodeProto> o = order;
        if (o == null) {
            try {
                o = OnnxGraphValidator.topologicalOrder(graph, Set.of());
            } catch (OnnxLoadException e) {
                throw e.inFile(name);
            }
            order = o;
        }
        return o;
    }

    /** The name, IR version and opsets. */
    @Override
    public String toString() {
        return "OnnxModel[" + name + ", ir_version " + irVersion() + ", opsets " + opsetImports + ", "
                + graph.getNodeCount() + " nodes]";
    }
}
