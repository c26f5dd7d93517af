package org.hipep.passes.hip;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.ContextType;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.pass.Pass;

/**
 * {@code hip-add-context-arg} (hip-ep-contracts §3.1 row 2): gives every function of the device
 * path a {@code !hip.context} argument at index 0, the run-time state that pool and output
 * allocation need (§4.4: {@code @main_graph(state, inputs)}).
 *
 * <p>The device path is every public {@code func.func} with a body and, transitively, every
 * function with a body that one of them names in a flat symbol reference of an op: a
 * {@code func.call}'s {@code callee}, an {@code onnx.OutlinedLoop}'s {@code body}, an
 * {@code onnx.OutlinedIf}'s {@code then_branch}/{@code else_branch}, whatever op it is. Each such
 * function whose argument 0 is not already a {@code !hip.context} gets one (argument attributes
 * shift by one: an empty dictionary goes first); each op that names such a function takes the
 * enclosing function's context as a new operand 0 (a {@code func.call}'s {@code arg_attrs} shift
 * too). A function that already starts with a context is left alone, and so are the ops that
 * name it, so the pass is idempotent. Declarations (no body) are external and never change.
 *
 * <p>An op outside the device path that names a changed function has no context to pass: that
 * is an error naming the op and the callee, and the module is left unchanged.
 */
public final class AddContextArgPass extends Pass {
    @Override
    public String argument() {
        return "hip-add-context-arg";
    }

    @Override
    public String name() {
        return "HipAddContextArg";
    }

    @Override
    public String description() {
        return "Insert a !hip.context argument at index 0 of every device function and pass it at their call sites";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        SymbolTable symbols = new SymbolTable(module);
        Set<Operation> device = devicePath(module, symbols);
        Set<Operation> changed = new LinkedHashSet<>();
        for (Operation f : device) {
            if (!startsWithContext(f)) {
                changed.add(f);
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        // Every op that names a changed function must sit in a device function: check first.
        List<Operation> sites = new ArrayList<>();
        boolean failed = false;
        for (Operation f : module.region(0).front()) {
            if (!f.is(FuncDialect.FUNC)) {
                continue;
            }
            List<Operation> ops = new ArrayList<>();
            f.walk(ops::add);
            for (Operation op : ops) {
                Operation callee = calleeAmong(op, symbols, changed);
                if (callee == null) {
                    continue;
                }
                if (op == f || !device.contains(f)) {
                    op.emitOpError("names @" + SymbolTable.symbolName(callee)
                            + ", which takes a !hip.context, from outside the device path (no context to pass)");
                    failed = true;
                    continue;
                }
                sites.add(op);
            }
        }
        if (failed) {
            signalPassFailure();
            return;
        }
        for (Operation f : changed) {
            insertContextArgument(f);
        }
        for (Operation site : sites) {
            Value context = site.parentOfName(FuncDialect.FUNC).region(0).front().argument(0);
            site.insertOperands(0, List.of(context));
            if (site.is(FuncDialect.CALL)) {
                shiftArgAttrs(site);
            }
        }
    }

    /** The public functions with a body and every function with a body they name, transitively. */
    private static Set<Operation> devicePath(Operation module, SymbolTable symbols) {
        Set<Operation> device = new LinkedHashSet<>();
        Deque<Operation> work = new ArrayDeque<>();
        for (Operation f : module.region(0).front()) {
            if (f.is(FuncDialect.FUNC) && !FuncDialect.isDeclaration(f) && isPublic(f) && device.add(f)) {
                work.add(f);
            }
        }
        while (!work.isEmpty()) {
            Operation f = work.poll();
            List<Operation> ops = new ArrayList<>();
            f.walk(ops::add);
            for (Operation op : ops) {
                if (op == f) {
                    continue;
                }
                for (Operation callee : callees(op, symbols)) {
                    if (device.add(callee)) {
                        work.add(callee);
                    }
                }
            }
        }
        return device;
    }

    /** The functions with a body that {@code op} names in its flat symbol references. */
    private static List<Operation> callees(Operation op, SymbolTable symbols) {
        List<Operation> out = new ArrayList<>();
        List<Attribute> values = new ArrayList<>(op.attributes().values());
        if (op.properties() instanceof DictionaryAttr inherent) {
            values.addAll(inherent.entries().values());
        }
        for (Attribute a : values) {
            if (a instanceof SymbolRefAttr ref && ref.isFlat()) {
                Operation target = symbols.lookup(ref.leafReference());
                if (target != null && target.is(FuncDialect.FUNC) && !FuncDialect.isDeclaration(target)
                        && !out.contains(target)) {
                    out.add(target);
                }
            }
        }
        return out;
    }

    /** One function of {@code among} that {@code op} names, or {@code null}. */
    private static Operation calleeAmong(Operation op, SymbolTable symbols, Set<Operation> among) {
        for (Operation callee : callees(op, symbols)) {
            if (among.contains(callee)) {
                return callee;
            }
        }
        return null;
    }

    private static boolean isPublic(Operation f) {
        return !(f.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr v) || v.value().equals("public");
    }

    /** Whether argument 0 of {@code f} already is a {@code !hip.context}. */
    static boolean startsWithContext(Operation f) {
        FunctionType ft = FuncDialect.functionType(f);
        return ft != null && !ft.inputs().isEmpty() && ft.inputs().get(0) instanceof ContextType;
    }

    private static void insertContextArgument(Operation f) {
        Type context = f.context().intern(ContextType.INSTANCE);
        Block entry = f.region(0).front();
        entry.insertArgument(0, context, f.location());
        FunctionType ft = FuncDialect.functionType(f);
        List<Type> inputs = new ArrayList<>();
        inputs.add(context);
        inputs.addAll(ft.inputs());
        f.setAttribute(FuncDialect.FUNCTION_TYPE, new TypeAttr(new FunctionType(inputs, ft.results())));
        shiftArgAttrs(f);
    }

    /** Puts an empty dictionary in front of {@code op}'s {@code arg_attrs}, when it has them. */
    private static void shiftArgAttrs(Operation op) {
        if (op.attribute(FuncDialect.ARG_ATTRS) instanceof ArrayAttr attrs) {
            List<Attribute> shifted = new ArrayList<>();
            shifted.add(DictionaryAttr.EMPTY);
            shifted.addAll(attrs.elements());
            op.setAttribute(FuncDialect.ARG_ATTRS, new ArrayAttr(shifted));
        }
    }
}
