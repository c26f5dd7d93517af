package org.hipep.dialects.onnx.importer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.onnx.load.OnnxGraphValidator;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.load.OnnxModel;
import org.hipep.dialects.onnx.load.TensorData;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Context;
import org.hipep.ir.Location;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FileLineColLoc;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.TypeAttr;

/**
 * Imports a loaded ONNX model into IR: a {@code builtin.module} (with {@code onnx.opset_import})
 * holding {@code func.func @main_graph}, whose arguments are the graph inputs that are not
 * initializers (attribute {@code onnx.name}, and {@code onnx.dim_params} naming symbolic
 * dimensions) and whose results are the graph outputs. One op per node, {@code onnx.<OpType>} or
 * {@code onnx.<domain>.<OpType>}; initializers become {@code onnx.Constant}s holding the packed
 * data (memory-mapped for external data); an omitted optional input is an {@code onnx.NoValue};
 * subgraphs of If/Loop/Scan become regions ending in {@code onnx.Yield}.
 *
 * <p>Result types come from the model's value infos; where a value has none, the importer uses an
 * unranked tensor of the element type the op's inputs or attributes imply (shape inference refines
 * it later). Ops the onnx dialect does not know are kept, with a warning, for plugins to claim.
 */
public final class OnnxImporter {
    /** The function every import produces. */
    public static final String MAIN_GRAPH = "main_graph";

    private final Context ctx;
    private final OnnxModel model;
    private final String file;
    private final Map<String, ValueInfoProto> valueInfos = new HashMap<>();
    private final Deque<Map<String, Value>> scopes = new ArrayDeque<>();
    private final OnnxAttributes attributes;
    private final Map<String, TensorProto> externalInitializers = new HashMap<>();

    private OnnxImporter(Context ctx, OnnxModel model) {
        this.ctx = ctx;
        this.model = model;
        this.file = model.file() != null ? model.file().toString() : model.name();
        this.attributes = new OnnxAttributes(ctx, model.baseDirectory());
        for (TensorProto t : model.graph().getInitializerList()) {
            if (t.getDataLocation() == TensorProto.DataLocation.EXTERNAL) {
                externalInitializers.put(t.getName(), t);
            }
        }
    }

    /**
     * Imports {@code model} into a new module of {@code ctx} (which must know the func and onnx
     * dialects).
     *
     * @throws OnnxLoadException naming file, node and op when the model cannot be represented
     */
    public static Operation importModel(Context ctx, OnnxModel model) {
        try {
            return new OnnxImporter(ctx, model).run();
        } catch (OnnxLoadException e) {
            throw e.inFile(model.file() != null ? model.file().toString() : model.name());
        }
    }

    private Operation run() {
        Location fileLoc = new FileLineColLoc(file, 0, 0);
        Operation module = BuiltinDialect.createModule(ctx, fileLoc);
        TreeMap<String, Attribute> opsets = new TreeMap<>();
        model.opsetImports().forEach((domain, version) -> opsets.put(domain, IntegerAttr.i64(version)));
        module.setAttribute("onnx.opset_import", DictionaryAttr.of(opsets));
        module.setAttribute("onnx.ir_version", IntegerAttr.i64(model.irVersion()));
        if (!model.proto().getProducerName().isEmpty()) {
            module.setAttribute("onnx.producer_name", new StringAttr(model.proto().getProducerName()));
        }
        GraphProto g = model.graph();
        collectValueInfos(g);

        List<ValueInfoProto> inputs = model.graphInputsWithoutInitializers();
        List<Type> inputTypes = new ArrayList<>();
        List<Attribute> argAttrs = new ArrayList<>();
        for (ValueInfoProto in : inputs) {
            OnnxTypes.Typed t = OnnxTypes.type(ctx, in.getType(), "graph input '" + in.getName() + "'");
            inputTypes.add(t.type());
            argAttrs.add(nameAttrs(in.getName(), t.dimParams()));
        }
        List<Type> outputTypes = new ArrayList<>();
        List<Attribute> resAttrs = new ArrayList<>();
        for (ValueInfoProto out : g.getOutputList()) {
            OnnxTypes.Typed t = OnnxTypes.type(ctx, out.getType(), "graph output '" + out.getName() + "'");
            outputTypes.add(t.type());
            resAttrs.add(nameAttrs(out.getName(), t.dimParams()));
        }

        OperationState fs = new OperationState(fileLoc, FuncDialect.FUNC, ctx);
        fs.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(MAIN_GRAPH));
        fs.addAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(inputTypes, outputTypes)));
        fs.addAttribute(FuncDialect.ARG_ATTRS, new ArrayAttr(argAttrs));
        fs.addAttribute(FuncDialect.RES_ATTRS, new ArrayAttr(resAttrs));
        Region body = fs.addRegion();
        Block entry = body.emplaceBlock();
        Operation func = Operation.create(fs);
        BuiltinDialect.moduleBody(module).append(func);

        Map<String, Value> scope = new HashMap<>();
        scopes.push(scope);
        for (int i = 0; i < inputs.size(); i++) {
            scope.put(inputs.get(i).getName(), entry.addArgument(inputTypes.get(i), nodeLoc(inputs.get(i).getName())));
        }
        OpBuilder b = OpBuilder.atBlockEnd(ctx, entry);
        for (Map.Entry<String, TensorData> init : model.initializers().entrySet()) {
            if (!scope.containsKey(init.getKey())) {
                scope.put(init.getKey(), constant(b, init.getValue(), nodeLoc(init.getKey())));
            }
        }
        importNodes(b, model.topologicalOrder());
        List<Value> results = new ArrayList<>();
        for (ValueInfoProto out : g.getOutputList()) {
            results.add(lookup(out.getName(), -1, null, "graph output"));
        }
        b.create(new OperationState(fileLoc, FuncDialect.RETURN, ctx).addOperands(results));
        scopes.pop();
        return module;
    }

    private void collectValueInfos(GraphProto g) {
        g.getValueInfoList().forEach(v -> valueInfos.putIfAbsent(v.getName(), v));
        g.getOutputList().forEach(v -> valueInfos.putIfAbsent(v.getName(), v));
        g.getInputList().forEach(v -> valueInfos.putIfAbsent(v.getName(), v));
    }

    private static DictionaryAttr nameAttrs(String name, List<String> dimParams) {
        TreeMap<String, Attribute> m = new TreeMap<>();
        m.put("onnx.name", new StringAttr(name));
        if (dimParams.stream().anyMatch(s -> !s.isEmpty())) {
            m.put("onnx.dim_params", new ArrayAttr(dimParams.stream().map(s -> (Attribute) new StringAttr(s)).toList()));
        }
        return DictionaryAttr.of(m);
    }

    private Location nodeLoc(String name) {
        return new NameLoc(name, new FileLineColLoc(file, 0, 0));
    }

    Value constant(OpBuilder b, TensorData t, Location loc) {
        TensorProto proto = externalInitializers.get(t.name());
        // External data stays a reference to its file (the loader has checked it is in range);
        // inline data is packed into dense elements.
        Attribute value = proto != null ? attributes.external(proto, t, "initializer '" + t.name() + "'")
                : attributes.tensor(t, "initializer '" + t.name() + "'");
        OperationState st = new OperationState(loc, "onnx.Constant", ctx);
        st.addAttribute("value", value);
        st.addTypes(List.of(((org.hipep.ir.TypedAttribute) value).type()));
        return b.create(st).result(0);
    }

    private void importNodes(OpBuilder b, List<NodeProto> nodes) {
        for (int i = 0; i < nodes.size(); i++) {
            importNode(b, nodes.get(i), i);
        }
    }

    private Value none(OpBuilder b) {
        // One onnx.NoValue per region, at its start.
        Block blk = b.insertionBlock();
        for (Operation op : blk) {
            if (op.is("onnx.NoValue")) {
                return op.result(0);
            }
        }
        OpBuilder at = new OpBuilder(ctx);
        at.setInsertionPointToStart(blk);
        return at.create(new OperationState(new FileLineColLoc(file, 0, 0), "onnx.NoValue", ctx)
                .addTypes(List.of(NoneType.INSTANCE))).result(0);
    }

    private void importNode(OpBuilder b, NodeProto n, int index) {
        String domain = OnnxModel.normalizeDomain(n.getDomain());
        String name = domain.isEmpty() ? "onnx." + n.getOpType() : "onnx." + domain + "." + n.getOpType();
        String label = n.getName().isEmpty() ? n.getOpType() + "_" + index : n.getName();
        Location loc = nodeLoc(label);
        List<Value> operands = new ArrayList<>();
        int lastPresent = -1;
        for (int k = 0; k < n.getInputCount(); k++) {
            if (!n.getInput(k).isEmpty()) {
                lastPresent = k;
            }
        }
        for (int k = 0; k <= lastPresent; k++) {
            String in = n.getInput(k);
            operands.add(in.isEmpty() ? none(b) : lookup(in, index, n, "input"));
        }
        OperationState st = new OperationState(loc, name, ctx);
        st.addOperands(operands);
        List<String> regionNames = new ArrayList<>();
        attributes.convert(n, index, st, regionNames, (graph, region) -> importSubgraph(graph, region, n, index));
        if (!regionNames.isEmpty()) {
            st.addAttribute("onnx.region_names", new ArrayAttr(regionNames.stream().map(s -> (Attribute) new StringAttr(s)).toList()));
        }
        for (int k = 0; k < n.getOutputCount(); k++) {
            String out = n.getOutput(k);
            ValueInfoProto vi = valueInfos.get(out);
            Type t = vi != null && vi.hasType()
                    ? OnnxTypes.type(ctx, vi.getType(), "value '" + out + "'").type()
                    : ResultTypes.guess(n, k, operands, st);
            st.resultTypes.add(t);
        }
        Operation op = b.create(st);
        for (int k = 0; k < n.getOutputCount(); k++) {
            if (!n.getOutput(k).isEmpty()) {
                scopes.peek().put(n.getOutput(k), op.result(k));
            }
        }
        if (ctx.lookupOperation(name) == null) {
            op.emitWarning("ONNX op '" + n.getOpType() + "'" + (domain.isEmpty() ? "" : " of domain '" + domain + "'")
                    + " (node " + index + " '" + label + "') is not known to the onnx dialect; kept as is so that a plugin"
                    + " can claim it");
        }
    }

    private void importSubgraph(GraphProto g, Region region, NodeProto owner, int ownerIndex) {
        collectValueInfos(g);
        Block entry = region.emplaceBlock();
        Map<String, Value> scope = new HashMap<>();
        for (ValueInfoProto in : g.getInputList()) {
            OnnxTypes.Typed t = OnnxTypes.type(ctx, in.getType(), "subgraph input '" + in.getName() + "'");
            scope.put(in.getName(), entry.addArgument(t.type(), nodeLoc(in.getName())));
        }
        scopes.push(scope);
        OpBuilder b = OpBuilder.atBlockEnd(ctx, entry);
        for (var init : g.getInitializerList()) {
            TensorData t = org.hipep.dialects.onnx.load.OnnxTensors.decode(init, model.baseDirectory(),
                    "initializer '" + init.getName() + "' of a subgraph of node " + ownerIndex);
            scope.put(init.getName(), constant(b, t, nodeLoc(init.getName())));
        }
        java.util.Set<String> outer = new java.util.HashSet<>();
        for (Map<String, Value> s : scopes) {
            outer.addAll(s.keySet());
        }
        importNodes(b, OnnxGraphValidator.topologicalOrder(g, outer));
        List<Value> results = new ArrayList<>();
        for (ValueInfoProto out : g.getOutputList()) {
            results.add(lookup(out.getName(), ownerIndex, owner, "subgraph output"));
        }
        b.create(new OperationState(nodeLoc(owner.getName()), "onnx.Yield", ctx).addOperands(results));
        scopes.pop();
    }

    private Value lookup(String name, int index, NodeProto n, String what) {
        for (Map<String, Value> s : scopes) {
            Value v = s.get(name);
            if (v != null) {
                return v;
            }
        }
        throw new OnnxLoadException(file, index, n == null ? null : n.getName(), n == null ? null : n.getOpType(),
                what + " '" + name + "' is produced by no node, initializer or graph input", null);
    }
}
