package org.hipep.dialects.onnx.load;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;

/**
 * Checks that an ONNX graph is well formed and orders its nodes.
 *
 * <p>Checked, in the main graph and in every subgraph held by a {@code GRAPH} or
 * {@code GRAPHS} attribute: no value has two producers (two graph inputs, two initializers,
 * two node outputs, or a node output that repeats a graph input or initializer name); every
 * non-empty node input and every graph output is produced by a node, an initializer or a graph
 * input of its graph, or — in a subgraph — is visible from an enclosing graph; and the nodes
 * can be sorted so that each comes after the producers of its inputs, counting the outer
 * values its subgraphs use as inputs too. Empty input names are omitted optional inputs. A
 * graph input that is also an initializer (older models) is allowed: the initializer is its
 * default value. A subgraph may reuse an outer name; inside it the inner value wins.
 *
 * <p>Errors name the node index (in its graph), node name and op type; an error inside a
 * subgraph says which attribute of which node holds it.
 */
public final class OnnxGraphValidator {

    private OnnxGraphValidator() {
    }

    /**
     * Checks {@code model}'s main graph (after function inlining) and all its subgraphs.
     *
     * @throws OnnxLoadException naming the model's file and the offending node
     */
    public static void validate(OnnxModel model) {
        model.topologicalOrder();
    }

    /**
     * Checks {@code graph} and returns its nodes in a topological order: producers before
     * consumers, and otherwise in file order (a sorted graph keeps its order).
     *
     * @param outerScope names visible from enclosing graphs (empty for a main graph)
     * @throws OnnxLoadException when the graph is not well formed
     */
    public static List<NodeProto> topologicalOrder(GraphProto graph, Set<String> outerScope) {
        Scope outer = outerScope.isEmpty() ? null : new Scope(null, Set.copyOf(outerScope));
        return check(graph, outer, "").order;
    }

    /** Checked graph: its node order and the outer names it (and its subgraphs) uses. */
    private record Checked(List<NodeProto> order, Set<String> outerUses) {
    }

    /** A chain of visible value names, innermost first. */
    private record Scope(Scope parent, Set<String> names) {
        boolean contains(String name) {
            for (Scope s = this; s != null; s = s.parent) {
                if (s.names.contains(name)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static Checked check(GraphProto g, Scope outer, String path) {
        Producers producers = Producers.of(g, path);
        Scope inner = new Scope(outer, producers.names());
        Set<String> outerUses = new LinkedHashSet<>();
        int n = g.getNodeCount();
        List<BitSet> deps = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            NodeProto node = g.getNode(i);
            BitSet d = new BitSet();
            for (String in : node.getInputList()) {
                use(in, i, node, producers, outer, d, outerUses, path, "input");
            }
            for (AttributeProto a : node.getAttributeList()) {
                List<GraphProto> subs = a.hasG() ? List.of(a.getG()) : a.getGraphsList();
                for (int k = 0; k < subs.size(); k++) {
                    String where = path + "in subgraph '" + subs.get(k).getName() + "' (attribute '" + a.getName()
                            + (a.hasG() ? "" : "[" + k + "]") + "' of node " + i + " '" + node.getName() + "' ("
                            + node.getOpType() + ")): ";
                    for (String used : check(subs.get(k), inner, where).outerUses) {
                        use(used, i, node, producers, outer, d, outerUses, path, "subgraph value");
                    }
                }
            }
            deps.add(d);
        }
        for (var out : g.getOutputList()) {
            String name = out.getName();
            if (name.isEmpty() || producers.names().contains(name)) {
                continue;
            }
            if (outer == null || !outer.contains(name)) {
                throw new OnnxLoadException(path + "graph output '" + name
                        + "' is produced by no node, initializer or graph input");
            }
            outerUses.add(name);
        }
        return new Checked(sort(g, deps, path), outerUses);
    }

    private static void use(String name, int index, NodeProto node, Producers producers, Scope outer, BitSet deps,
            Set<String> outerUses, String path, String what) {
        if (name.isEmpty()) {
            return;
        }
        if (producers.names().contains(name)) {
            int producer = producers.nodeOf(name);
            if (producer >= 0) {
                deps.set(producer);
            }
        } else if (outer != null && outer.contains(name)) {
            outerUses.add(name);
        } else {
            throw new OnnxLoadException(null, index, node.getName(), node.getOpType(), path + what + " '" + name
                    + "' is produced by no node, initializer or graph input", null);
        }
    }

    /** Kahn's algorithm, taking the lowest ready index first; a leftover means a cycle. */
    private static List<NodeProto> sort(GraphProto g, List<BitSet> deps, String path) {
        int n = deps.size();
        int[] pending = new int[n];
        List<List<Integer>> consumers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            consumers.add(new ArrayList<>());
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < n; i++) {
            BitSet d = deps.get(i);
            pending[i] = d.cardinality();
            for (int p = d.nextSetBit(0); p >= 0; p = d.nextSetBit(p + 1)) {
                consumers.get(p).add(i);
            }
            if (pending[i] == 0) {
                ready.add(i);
            }
        }
        List<NodeProto> order = new ArrayList<>(n);
        while (!ready.isEmpty()) {
            int i = ready.poll();
            order.add(g.getNode(i));
            for (int c : consumers.get(i)) {
                if (--pending[c] == 0) {
                    ready.add(c);
                }
            }
        }
        if (order.size() < n) {
            throw cycle(g, deps, pending, path);
        }
        return List.copyOf(order);
    }

    /** Follows unscheduled producers from the first unscheduled node until a node repeats. */
    private static OnnxLoadException cycle(GraphProto g, List<BitSet> deps, int[] pending, String path) {
        int start = 0;
        while (pending[start] == 0) {
            start++;
        }
        Map<Integer, Integer> seenAt = new HashMap<>();
        List<Integer> walk = new ArrayList<>();
        int at = start;
        while (!seenAt.containsKey(at)) {
            seenAt.put(at, walk.size());
            walk.add(at);
            BitSet d = deps.get(at);
            int next = -1;
            for (int p = d.nextSetBit(0); p >= 0; p = d.nextSetBit(p + 1)) {
                if (pending[p] > 0) {
                    next = p;
                    break;
                }
            }
            at = next;
        }
        List<Integer> loop = new ArrayList<>(walk.subList(seenAt.get(at), walk.size()));
        Collections.reverse(loop);
        loop.add(loop.get(0));
        StringBuilder chain = new StringBuilder();
        for (int i : loop) {
            if (chain.length() > 0) {
                chain.append(" -> ");
            }
            NodeProto node = g.getNode(i);
            chain.append(i).append(" '").append(node.getName()).append("' (").append(node.getOpType()).append(')');
        }
        NodeProto first = g.getNode(loop.get(0));
        return new OnnxLoadException(null, loop.get(0), first.getName(), first.getOpType(), path
                + "the graph has a cycle: " + chain, null);
    }
}
