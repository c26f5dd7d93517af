package org.hipep.passes.onnx;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.ContextType;
import org.hipep.dialects.onnx.OnnxDialect;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.BlockArgument;
import org.hipep.ir.Context;
import org.hipep.ir.IRMapping;
import org.hipep.ir.Location;
import org.hipep.ir.OpResult;
import org.hipep.ir.OpTrait;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Region;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.WalkOrder;
import org.hipep.ir.WalkResult;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;

/**
 * The work shared by {@code onnx-if-outline} and {@code onnx-loop-outline}: finds the ops of one
 * kind, checks every one of them before changing anything, then moves each region into a private
 * {@code func.func} of the module, innermost first.
 */
final class SubgraphOutliner {
    /** What the outlined form of an op looks like; one per outlined op type. */
    interface Kind {
        /** The op outlined, {@code onnx.If} or {@code onnx.Loop}. */
        String opName();

        /** The region-free op that replaces it. */
        String outlinedName();

        /**
         * The graph attributes (the regions, in whatever order {@code onnx.region_names} lists
         * them), each with the suffix of the callee it becomes; iteration order is outlining order.
         */
        Map<String, String> regions();

        /** Why {@code op}'s regions (already found to be single-block, Yield-terminated) do not fit, or null. */
        String checkShape(Operation op);
    }

    private SubgraphOutliner() {
    }

    /**
     * Outlines every op of {@code kind} under {@code module}, innermost first. When any op cannot
     * be outlined, reports every such op and returns false with the module unchanged.
     */
    static boolean run(Operation module, Kind kind) {
        List<Operation> targets = new ArrayList<>();
        boolean ok = true;
        module.walk(WalkOrder.POST_ORDER, op -> {
            if (op.is(kind.opName())) {
                targets.add(op);
            }
            return WalkResult.ADVANCE;
        });
        List<Operation> refused = new ArrayList<>();
        module.walk(op -> {
            if (op.name().dialectNamespace().equals(OnnxDialect.NAMESPACE) && op.numRegions() > 0
                    && !op.is("onnx.If") && !op.is("onnx.Loop")) {
                refused.add(op);
            }
        });
        for (Operation op : refused) {
            op.emitOpError(label(op) + " cannot be outlined: only the subgraphs of If and Loop are"
                    + " outlined, " + op.nameString() + " keeps its region");
            ok = false;
        }
        for (Operation op : targets) {
            String why = check(op, kind);
            if (why != null) {
                op.emitOpError(label(op) + " cannot be outlined: " + why);
                ok = false;
            }
        }
        if (!ok) {
            return false;
        }
        SymbolTable symbols = new SymbolTable(module);
        for (int i = 0; i < targets.size(); i++) {
            outline(targets.get(i), kind, symbols, i);
        }
        return true;
    }

    /** The node's name: the name of its location (the importer's label), or the empty string. */
    static String nodeName(Operation op) {
        Location loc = op.location();
        return loc instanceof NameLoc n ? n.name() : "";
    }

    /** How errors name the node: {@code node 'name'}, or {@code unnamed node}. */
    private static String label(Operation op) {
        String name = nodeName(op);
        return name.isEmpty() ? "unnamed node" : "node '" + name + "'";
    }

    private static String check(Operation op, Kind kind) {
        List<String> names = regionNames(op);
        if (names == null || !new HashSet<>(names).equals(kind.regions().keySet())
                || names.size() != kind.regions().size()) {
            return "expected regions " + kind.regions().keySet() + " (named in '" + OnnxDialect.REGION_NAMES_ATTR
                    + "'), found " + (names == null ? op.numRegions() + " unnamed" : names.toString());
        }
        for (int i = 0; i < op.numRegions(); i++) {
            Region r = op.region(i);
            String what = "subgraph '" + names.get(i) + "'";
            if (r.blocks().size() != 1) {
                return what + " has " + r.blocks().size() + " blocks; exactly one is supported";
            }
            Block b = r.front();
            if (b.isEmpty() || !b.back().is(OnnxDialect.YIELD)) {
                return what + " does not end in " + OnnxDialect.YIELD;
            }
            for (BlockArgument a : b.arguments()) {
                if (a.type() instanceof NoneType) {
                    return what + " input #" + a.index() + " has no type";
                }
            }
            List<Value> outs = b.back().operands();
            for (int k = 0; k < outs.size(); k++) {
                if (outs.get(k).type() instanceof NoneType) {
                    return what + " output #" + k + " has no type (it is an omitted value)";
                }
            }
        }
        return kind.checkShape(op);
    }

    /** The region of {@code op} that {@code onnx.region_names} names {@code name}, or null. */
    static Region region(Operation op, String name) {
        List<String> names = regionNames(op);
        int i = names == null ? -1 : names.indexOf(name);
        return i < 0 ? null : op.region(i);
    }

    private static List<String> regionNames(Operation op) {
        Attribute a = op.attribute(OnnxDialect.REGION_NAMES_ATTR);
        if (!(a instanceof ArrayAttr arr) || arr.size() != op.numRegions()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Attribute e : arr.elements()) {
            if (!(e instanceof StringAttr s)) {
                return null;
            }
            out.add(s.value());
        }
        return out;
    }

    /**
     * The values used inside {@code regions} (nested ones included) and defined outside them, in
     * order of first use, region by region; zero-operand constants and NoValues are left out (they are
     * rematerialised in the callee).
     */
    static List<Value> captures(List<Region> regions) {
        Set<Value> out = new LinkedHashSet<>();
        for (Region r : regions) {
            r.walk(inner -> {
                for (Value v : inner.operands()) {
                    Region def = v.parentRegion();
                    if ((def == null || !r.isAncestor(def)) && !rematerialised(v)) {
                        out.add(v);
                    }
                }
            });
        }
        return new ArrayList<>(out);
    }

    private static boolean rematerialised(Value v) {
        Operation def = v.definingOp();
        return def != null && def.numOperands() == 0 && def.numRegions() == 0
                && (def.is(OnnxDialect.NO_VALUE) || def.hasTrait(OpTrait.ConstantLike.class));
    }

    private static void outline(Operation op, Kind kind, SymbolTable symbols, int ordinal) {
        Context ctx = op.context();
        Operation parentFunc = op.parentOfName(FuncDialect.FUNC);
        String prefix = parentFunc == null ? "outlined" : SymbolTable.symbolName(parentFunc);
        String node = nodeName(op);
        String base = sanitise(prefix + "_" + (node.isEmpty() ? kind.opName().substring(5).toLowerCase() + ordinal : node));
        Value context = contextOf(parentFunc);
        List<Value> captures = captures(kind.regions().keySet().stream().map(n -> region(op, n)).toList());
        captures.remove(context);
        List<Type> captureTypes = captures.stream().map(Value::type).toList();

        OperationState st = new OperationState(op.location(), kind.outlinedName(), ctx);
        if (context != null) {
            st.addOperands(List.of(context));
        }
        st.addOperands(op.operands());
        st.addOperands(captures);
        st.addTypes(op.resultTypes());
        for (Map.Entry<String, Attribute> a : op.attributes().entrySet()) {
            if (!a.getKey().equals(OnnxDialect.REGION_NAMES_ATTR)) {
                st.addAttribute(a.getKey(), a.getValue());
            }
        }
        for (Map.Entry<String, String> r : kind.regions().entrySet()) {
            Operation func = outlineRegion(region(op, r.getKey()), base + "_" + r.getValue(), context, captures,
                    captureTypes, ctx);
            String name = symbols.insert(func);
            st.addAttribute(r.getKey(), SymbolRefAttr.flat(name));
        }
        st.addAttribute("onnx.num_captures", IntegerAttr.i64(captures.size()));
        Operation outlined = Operation.create(st);
        op.block().insertBefore(op, outlined);
        op.replaceAllUsesWith(outlined);
        op.erase();
    }

    private static Operation outlineRegion(Region region, String name, Value context, List<Value> captures,
            List<Type> captureTypes, Context ctx) {
        Block entry = region.front();
        Operation yield = entry.back();
        Location loc = yield.location();
        List<Type> inputs = new ArrayList<>();
        if (context != null) {
            inputs.add(context.type());
        }
        inputs.addAll(entry.argumentTypes());
        inputs.addAll(captureTypes);
        List<Type> results = yield.operandTypes();

        OperationState fs = new OperationState(loc, FuncDialect.FUNC, ctx);
        fs.addAttribute(SymbolTable.SYMBOL_ATTR, new StringAttr(name));
        fs.addAttribute(SymbolTable.VISIBILITY_ATTR, new StringAttr("private"));
        fs.addAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(inputs, results)));
        fs.addRegion();
        Operation func = Operation.create(fs);
        Region body = func.region(0);
        body.takeBody(region);

        // Constants and NoValues from outside are copied in, one copy per value, at the start.
        IRMapping copies = new IRMapping();
        List<Operation> uses = new ArrayList<>();
        body.walk(uses::add);
        Operation first = entry.isEmpty() ? null : entry.front();
        for (Operation user : uses) {
            for (int k = 0; k < user.numOperands(); k++) {
                Value v = user.operand(k);
                Region def = v.parentRegion();
                if ((def == null || !body.isAncestor(def)) && rematerialised(v)) {
                    Value copy = copies.lookupOrNull(v);
                    if (copy == null) {
                        Operation c = v.definingOp().clone();
                        entry.insertBefore(first, c);
                        copy = c.result(((OpResult) v).index());
                        copies.map(v, copy);
                    }
                    user.setOperand(k, copy);
                }
            }
        }
        if (context != null) {
            BlockArgument arg = entry.insertArgument(0, context.type(), context.location());
            context.replaceUsesWithIf(arg, use -> body.isAncestor(use.owner().parentRegion()));
        }
        for (Value c : captures) {
            BlockArgument arg = entry.addArgument(c.type(), c.location());
            c.replaceUsesWithIf(arg, use -> body.isAncestor(use.owner().parentRegion()));
        }
        OperationState ret = new OperationState(loc, FuncDialect.RETURN, ctx).addOperands(yield.operands());
        entry.insertBefore(yield, Operation.create(ret));
        yield.erase();
        return func;
    }

    /**
     * The enclosing function's {@code !hip.context} (its argument 0, after
     * {@code hip-add-context-arg}), or {@code null}: outlined bodies take it as their argument 0
     * and the outlined op passes it as operand 0, never as a capture.
     */
    private static Value contextOf(Operation func) {
        if (func == null || func.region(0).isEmpty() || func.region(0).front().numArguments() == 0) {
            return null;
        }
        Value first = func.region(0).front().argument(0);
        return first.type() instanceof ContextType ? first : null;
    }

    /** {@code name} with every character outside {@code [A-Za-z0-9_]} replaced by an underscore. */
    static String sanitise(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (char ch : name.toCharArray()) {
            sb.append(ch < 128 && (Character.isLetterOrDigit(ch) || ch == '_') ? ch : '_');
        }
        return sb.toString();
    }
}
