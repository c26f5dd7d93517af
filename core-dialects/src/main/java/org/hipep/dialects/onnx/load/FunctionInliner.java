package org.hipep.dialects.onnx.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.FunctionProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;

/**
 * Replaces every call of a model-local function ({@code ModelProto.functions}, matched by
 * domain, name and overload) by the function's body, recursively, in the main graph and in
 * every subgraph.
 *
 * <p>Formal inputs and outputs become the caller's values (an input the caller leaves out
 * becomes the empty name, i.e. omitted); every other value of the body, including those of
 * subgraphs inside it, gets a fresh name unique in the model, made from the caller's name.
 * Body nodes are named {@code <caller name>/<body node name>}. An attribute with
 * {@code ref_attr_name} takes the calling node's attribute of that name (or the function's
 * default from {@code attribute_proto}; without either it is dropped). A function that calls
 * itself, directly or through others, is refused.
 */
final class FunctionInliner {

    private final Map<String, FunctionProto> functions = new HashMap<>();
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> usedPrefixes = new HashSet<>();
    private final Deque<String> callStack = new ArrayDeque<>();

    private FunctionInliner(ModelProto model) {
        for (FunctionProto f : model.getFunctionsList()) {
            String key = key(f.getDomain(), f.getName(), f.getOverload());
            if (functions.putIfAbsent(key, f) != null) {
                throw new OnnxLoadException("model-local function " + describe(key) + " is defined twice");
            }
        }
        collectNames(model.getGraph());
    }

    /** The main graph of {@code model} with its local functions inlined. */
    static GraphProto inline(ModelProto model) {
        if (model.getFunctionsCount() == 0) {
            return model.getGraph();
        }
        return new FunctionInliner(model).graph(model.getGraph());
    }

    /** The key of a function: normalized domain, name and overload. */
    static String key(String domain, String name, String overload) {
        return OnnxModel.normalizeDomain(domain) + '\u0000' + name + '\u0000' + overload;
    }

    private static String describe(String key) {
        String[] parts = key.split("\u0000", -1);
        String base = parts[0].isEmpty() ? parts[1] : parts[0] + "." + parts[1];
        return "'" + base + (parts[2].isEmpty() ? "" : ":" + parts[2]) + "'";
    }

    private GraphProto graph(GraphProto g) {
        List<NodeProto> nodes = new ArrayList<>(g.getNodeCount());
        for (NodeProto n : g.getNodeList()) {
            nodes.addAll(expand(n));
        }
        return g.toBuilder().clearNode().addAllNode(nodes).build();
    }

    private List<NodeProto> expand(NodeProto node) {
        NodeProto n = withInlinedSubgraphs(node);
        String key = key(n.getDomain(), n.getOpType(), n.getOverload());
        FunctionProto f = functions.get(key);
        if (f == null) {
            return List.of(n);
        }
        if (callStack.contains(key)) {
            List<String> chain = new ArrayList<>();
            callStack.descendingIterator().forEachRemaining(k -> chain.add(describe(k)));
            chain.add(describe(key));
            throw new OnnxLoadException(null, -1, n.getName(), n.getOpType(), "model-local function " + describe(key)
                    + " calls itself: " + String.join(" -> ", chain), null);
        }
        callStack.push(key);
        List<NodeProto> out = new ArrayList<>();
        for (NodeProto b : instantiate(n, f)) {
            out.addAll(expand(b));
        }
        callStack.pop();
        return out;
    }

    private NodeProto withInlinedSubgraphs(NodeProto n) {
        boolean hasGraphs = n.getAttributeList().stream().anyMatch(a -> a.hasG() || a.getGraphsCount() > 0);
        if (!hasGraphs) {
            return n;
        }
        NodeProto.Builder b = n.toBuilder();
        for (AttributeProto.Builder a : b.getAttributeBuilderList()) {
            if (a.hasG()) {
                a.setG(graph(a.getG()));
            }
            for (int i = 0; i < a.getGraphsCount(); i++) {
                a.setGraphs(i, graph(a.getGraphs(i)));
            }
        }
        return b.build();
    }

    private List<NodeProto> instantiate(NodeProto call, FunctionProto f) {
        String base = call.getName().isEmpty() ? f.getName() : call.getName();
        String prefix = base;
        for (int k = 1; !usedPrefixes.add(prefix); k++) {
            prefix = base + "_" + k;
        }
        Map<String, AttributeProto> actual = new HashMap<>();
        for (AttributeProto a : f.getAttributeProtoList()) {
            actual.put(a.getName(), a);
        }
        for (AttributeProto a : call.getAttributeList()) {
            actual.put(a.getName(), a);
        }
        FunctionBodyRenamer renamer = new FunctionBodyRenamer(prefix, actual, usedNames);
        for (int i = 0; i < f.getInputCount(); i++) {
            renamer.bind(f.getInput(i), i < call.getInputCount() ? call.getInput(i) : "");
        }
        for (int i = 0; i < f.getOutputCount(); i++) {
            String out = i < call.getOutputCount() ? call.getOutput(i) : "";
            if (out.isEmpty()) {
                renamer.rename(f.getOutput(i));
            } else {
                renamer.bind(f.getOutput(i), out);
            }
        }
        List<NodeProto> body = new ArrayList<>(f.getNodeCount());
        for (int i = 0; i < f.getNodeCount(); i++) {
            body.add(renamer.node(f.getNode(i), i));
        }
        return body;
    }

    private void collectNames(GraphProto g) {
        g.getInputList().forEach(v -> usedNames.add(v.getName()));
        g.getOutputList().forEach(v -> usedNames.add(v.getName()));
        g.getValueInfoList().forEach(v -> usedNames.add(v.getName()));
        g.getInitializerList().forEach(t -> usedNames.add(t.getName()));
        g.getSparseInitializerList().forEach(t -> usedNames.add(t.getValues().getName()));
        for (NodeProto n : g.getNodeList()) {
            usedNames.add(n.getName());
            usedNames.addAll(n.getInputList());
            usedNames.addAll(n.getOutputList());
            for (AttributeProto a : n.getAttributeList()) {
                if (a.hasG()) {
                    collectNames(a.getG());
                }
                a.getGraphsList().forEach(this::collectNames);
            }
        }
    }
}
