package org.hipep.passes.llvm;

import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BuiltinDialect;
import org.hipep.pass.Pass;

/**
 * {@code reconcile-unrealized-casts} (MLIR's {@code ReconcileUnrealizedCasts.cpp}): removes the
 * {@code builtin.unrealized_conversion_cast}s that a sequence of conversions made redundant: a
 * cast whose chain of cast inputs starts from values of its own result types ({@code A -> B ->
 * A}, {@code A -> B -> C -> A}) is replaced by those values, and unused casts are erased. Casts
 * that still bridge two types stay as they are, as upstream leaves them (the IR is then not
 * fully lowered; the LLVM translation rejects it).
 */
public final class ReconcileUnrealizedCastsPass extends Pass {
    @Override
    public String argument() {
        return "reconcile-unrealized-casts";
    }

    @Override
    public String name() {
        return "ReconcileUnrealizedCastsPass";
    }

    @Override
    public String description() {
        return "Simplify and eliminate unrealized conversion casts";
    }

    @Override
    protected void runOnOperation() {
        boolean changed = true;
        while (changed) {
            changed = false;
            List<Operation> casts = new ArrayList<>();
            getOperation().walk(op -> {
                if (op != getOperation() && op.is(BuiltinDialect.UNREALIZED_CONVERSION_CAST)) {
                    casts.add(op);
                }
            });
            for (Operation cast : casts) {
                if (cast.block() == null) {
                    continue;
                }
                changed |= simplify(cast);
            }
        }
    }

    /** One step on {@code cast}; whether it changed the IR. */
    private static boolean simplify(Operation cast) {
        if (cast.useEmpty()) {
            cast.erase();
            return true;
        }
        List<Value> source = cast.operands();
        for (Operation cur = cast; source != null; ) {
            if (!source.isEmpty() && valueTypes(source).equals(cast.resultTypes())) {
                cast.replaceAllUsesWith(List.copyOf(source));
                cast.erase();
                return true;
            }
            cur = castOfAllInputs(cur);
            source = cur == null ? null : cur.operands();
        }
        return false;
    }

    private static List<org.hipep.ir.Type> valueTypes(List<Value> values) {
        return values.stream().map(Value::type).toList();
    }

    /** The cast whose results, all of them in order, are {@code cast}'s operands, or {@code null}. */
    private static Operation castOfAllInputs(Operation cast) {
        Operation def = cast.numOperands() == 0 ? null : cast.operand(0).definingOp();
        if (def == null || !def.is(BuiltinDialect.UNREALIZED_CONVERSION_CAST) || def.numResults() != cast.numOperands()) {
            return null;
        }
        for (int i = 0; i < cast.numOperands(); i++) {
            if (cast.operand(i) != def.result(i)) {
                return null;
            }
        }
        return def;
    }
}
