package org.hipep.dialects.onnx.load;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.SparseTensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * Copies the nodes of one function call's body with fresh value and node names and with
 * attribute references ({@code ref_attr_name}) replaced by the caller's attributes.
 */
final class FunctionBodyRenamer {

    private final String prefix;
    private final Map<String, AttributeProto> actualAttributes;
    private final Set<String> usedNames;
    private final Map<String, String> names = new HashMap<>();

    /**
     * @param prefix the caller-derived prefix of new names
     * @param actualAttributes the caller's attributes over the function's defaults, by name
     * @param usedNames every name in use in the model; new names are added
     */
    FunctionBodyRenamer(String prefix, Map<String, AttributeProto> actualAttributes, Set<String> usedNames) {
        this.prefix = prefix;
        this.actualAttributes = actualAttributes;
        this.usedNames = usedNames;
    }

    /** Makes the body's {@code formal} name stand for the caller's {@code actual} value. */
    void bind(String formal, String actual) {
        if (!formal.isEmpty()) {
            names.put(formal, actual);
        }
    }

    /** The new name of body value {@code name}: bound, or fresh on first sight; "" stays "". */
    String rename(String name) {
        if (name.isEmpty()) {
            return name;
        }
        return names.computeIfAbsent(name, n -> fresh(prefix + "/" + n));
    }

    /** A copy of body node {@code n} (index {@code index} in its list) for this call. */
    NodeProto node(NodeProto n, int index) {
        NodeProto.Builder b = n.toBuilder().clearInput().clearOutput().clearAttribute();
        b.setName(fresh(prefix + "/" + (n.getName().isEmpty() ? n.getOpType() + "_" + index : n.getName())));
        n.getInputList().forEach(x -> b.addInput(rename(x)));
        n.getOutputList().forEach(x -> b.addOutput(rename(x)));
        for (AttributeProto a : n.getAttributeList()) {
            if (!a.getRefAttrName().isEmpty()) {
                AttributeProto value = actualAttributes.get(a.getRefAttrName());
                if (value != null) {
                    // The caller's value lives in the caller's scope: taken as is, not renamed.
                    b.addAttribute(value.toBuilder().setName(a.getName()).clearRefAttrName());
                }
            } else if (a.hasG() || a.getGraphsCount() > 0) {
                AttributeProto.Builder ab = a.toBuilder();
                if (a.hasG()) {
                    ab.setG(graph(a.getG()));
                }
                for (int i = 0; i < a.getGraphsCount(); i++) {
                    ab.setGraphs(i, graph(a.getGraphs(i)));
                }
                b.addAttribute(ab);
            } else {
                b.addAttribute(a);
            }
        }
        return b.build();
    }

    private GraphProto graph(GraphProto g) {
        GraphProto.Builder b = g.toBuilder().clearNode();
        for (ValueInfoProto.Builder v : b.getInputBuilderList()) {
            v.setName(rename(v.getName()));
        }
        for (ValueInfoProto.Builder v : b.getOutputBuilderList()) {
            v.setName(rename(v.getName()));
        }
        for (ValueInfoProto.Builder v : b.getValueInfoBuilderList()) {
            v.setName(rename(v.getName()));
        }
        for (TensorProto.Builder t : b.getInitializerBuilderList()) {
            t.setName(rename(t.getName()));
        }
        for (SparseTensorProto.Builder s : b.getSparseInitializerBuilderList()) {
            if (s.hasValues()) {
                s.getValuesBuilder().setName(rename(s.getValues().getName()));
            }
        }
        for (int i = 0; i < g.getNodeCount(); i++) {
            b.addNode(node(g.getNode(i), i));
        }
        return b.build();
    }

    private String fresh(String base) {
        String name = base;
        for (int k = 1; !usedNames.add(name); k++) {
            name = base + "_" + k;
        }
        return name;
    }
}
