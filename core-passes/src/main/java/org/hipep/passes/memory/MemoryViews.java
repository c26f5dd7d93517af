package org.hipep.passes.memory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.hip.ContextType;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTable;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.StringAttr;

/**
 * How buffers flow through view ops, for the memory passes: the view chain back to the buffer a
 * returned value comes from, and every value that aliases a buffer.
 */
final class MemoryViews {
    /** Ops whose result views their operand 0 and that hip-use-output-allocator looks through. */
    static final Set<String> RESHAPING_VIEWS = Set.of("memref.cast", "memref.collapse_shape",
            "memref.expand_shape", "memref.subview");

    /** Ops that only re-describe a buffer: their result aliases operand 0 (the reshaping ones and more). */
    static final Set<String> VIEWS = Set.of("memref.cast", "memref.collapse_shape", "memref.expand_shape",
            "memref.subview", "memref.reinterpret_cast", "memref.view");

    /** Ops known to return no alias of a memref operand (they have no memref result that views one). */
    private static final Set<String> NON_ALIASING = Set.of("memref.dim", "memref.load", "memref.store",
            "memref.copy", "memref.dealloc", "memref.extract_strided_metadata",
            "memref.extract_aligned_pointer_as_index", FuncDialect.RETURN);

    private MemoryViews() {
    }

    /**
     * Whether destination-style {@code op} (its last operand the buffer it writes) reads {@code v}
     * as one of its other operands.
     */
    static boolean readsValue(Operation op, Value v) {
        for (int i = 0; i < op.numOperands() - 1; i++) {
            if (op.operand(i) == v) {
                return true;
            }
        }
        return false;
    }

    /** A {@code func.func} with a body whose argument 0 is a {@code !hip.context}. */
    static boolean isDeviceFunction(Operation func) {
        if (!func.is(FuncDialect.FUNC) || FuncDialect.isDeclaration(func)) {
            return false;
        }
        var entry = func.region(0).front();
        return entry.numArguments() > 0 && entry.argument(0).type() instanceof ContextType;
    }

    /** Whether {@code func} is public (no visibility or {@code "public"}). */
    static boolean isPublic(Operation func) {
        return !(func.attribute(SymbolTable.VISIBILITY_ATTR) instanceof StringAttr v) || v.value().equals("public");
    }

    /** The value at the start of {@code v}'s chain of {@link #RESHAPING_VIEWS}. */
    static Value root(Value v) {
        Value cur = v;
        while (cur.definingOp() != null && RESHAPING_VIEWS.contains(cur.definingOp().nameString())) {
            cur = cur.definingOp().operand(0);
        }
        return cur;
    }

    /** The buffer {@code v} views: the start of its chain of {@link #VIEWS}. */
    static Value base(Value v) {
        Value cur = v;
        while (cur.definingOp() != null && VIEWS.contains(cur.definingOp().nameString())) {
            cur = cur.definingOp().operand(0);
        }
        return cur;
    }

    /** The op of {@code block} that is or holds {@code op}, or null. */
    static Operation ancestorIn(Block block, Operation op) {
        for (Operation at = op; at != null; at = at.parentOp()) {
            if (at.block() == block) {
                return at;
            }
        }
        return null;
    }

    /**
     * {@code buffer} and every value that may alias it: results of views of an alias, and,
     * conservatively, the memref results of any other op that takes an alias (a call, a region
     * op), except ops known not to return one.
     */
    static List<Value> aliases(Value buffer) {
        Set<Value> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Value> out = new ArrayList<>();
        Deque<Value> work = new ArrayDeque<>();
        work.add(buffer);
        seen.add(buffer);
        while (!work.isEmpty()) {
            Value v = work.poll();
            out.add(v);
            for (Operation user : v.users()) {
                if (NON_ALIASING.contains(user.nameString())) {
                    continue;
                }
                for (Value r : user.results()) {
                    if (r.type() instanceof MemRefType && seen.add(r)) {
                        work.add(r);
                    }
                }
            }
        }
        return out;
    }
}
