package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.hip.ContextType;
import org.hipep.ir.Attribute;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.pass.Pass;

/**
 * {@code hip-resolve-extern-constants} (hip-ep-contracts §3.1 row 29, on {@code builtin.module}):
 * the constants {@code hip-externalize-constants} moved into the sidecar are private
 * {@code memref.global}s without data, marked {@code hip.external_data = {index, ...}}; the runtime
 * loads them at {@code inference_init}. Each {@code memref.get_global} of such a global, in a
 * function whose argument 0 is the {@code !hip.context}, becomes
 * {@code hip.get_constant(%ctx) {index = i}} of the same type; the globals left without a use are
 * erased (the module attributes {@code hipdnn.constant_offsets}/{@code hipdnn.constant_sizes}
 * keep what the metadata needs). A use from a function without a context is an error naming the
 * function and the global; the module is left as it was. Idempotent.
 */
public final class ResolveExternConstantsPass extends Pass {
    @Override
    public String argument() {
        return "hip-resolve-extern-constants";
    }

    @Override
    public String name() {
        return "HipResolveExternConstants";
    }

    @Override
    public String description() {
        return "Read externalized constants through the runtime (hip.get_constant) instead of data-less globals";
    }

    @Override
    protected void runOnOperation() {
        Operation module = getOperation();
        Map<String, Operation> external = new HashMap<>();
        for (Operation op : module.region(0).front()) {
            if (op.is("memref.global")
                    && op.attribute(ExternalizeConstantsPass.EXTERNAL_DATA_ATTR) instanceof DictionaryAttr) {
                external.put(SymbolTable.symbolName(op), op);
            }
        }
        if (external.isEmpty()) {
            return;
        }
        List<Operation> uses = new ArrayList<>();
        module.walk(op -> {
            if (op.is("memref.get_global") && op.attribute("name") instanceof SymbolRefAttr ref
                    && external.containsKey(ref.rootReference())) {
                uses.add(op);
            }
        });
        // Check every use first, so that an error leaves the module untouched.
        for (Operation use : uses) {
            Operation func = use.parentOfName("func.func");
            if (func == null || func.region(0).isEmpty() || func.region(0).front().numArguments() == 0
                    || !(func.region(0).front().argument(0).type() instanceof ContextType)) {
                String fname = func == null ? "<no function>" : "@" + SymbolTable.symbolName(func);
                use.emitError("cannot resolve the external constant @" + ((SymbolRefAttr) use.attribute("name"))
                        .rootReference() + " in " + fname + ": the function has no !hip.context argument"
                        + " (run hip-add-context-arg first)");
                signalPassFailure();
                return;
            }
        }
        for (Operation use : uses) {
            Operation global = external.get(((SymbolRefAttr) use.attribute("name")).rootReference());
            Attribute index = ((DictionaryAttr) global.attribute(ExternalizeConstantsPass.EXTERNAL_DATA_ATTR))
                    .get("index");
            Operation func = use.parentOfName("func.func");
            Operation read = OpBuilder.before(use).create(use.location(), "hip.get_constant",
                    List.of(func.region(0).front().argument(0)), List.of(use.result(0).type()),
                    Map.of("index", index instanceof IntegerAttr i ? i : IntegerAttr.of(IntegerType.I64, 0)));
            use.result(0).replaceAllUsesWith(read.result(0));
            use.erase();
        }
        for (Operation global : external.values()) {
            String name = SymbolTable.symbolName(global);
            boolean[] used = {false};
            module.walk(op -> {
                if (op.attribute("name") instanceof SymbolRefAttr r && r.rootReference().equals(name)
                        && !op.is("memref.global")) {
                    used[0] = true;
                }
            });
            if (!used[0]) {
                global.erase();
            }
        }
    }
}
