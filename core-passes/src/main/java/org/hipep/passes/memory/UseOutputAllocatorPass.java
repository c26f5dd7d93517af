package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.pass.Pass;

/**
 * {@code hip-use-output-allocator} (hip-ep-contracts §3.1 row 15, §4.4 "Output allocation
 * callback", on {@code func.func}): in a public function with a body whose argument 0 is a
 * {@code !hip.context}, every returned buffer is placed in memory the caller's output allocator
 * hands out, so that outputs need no copy after the graph ran:
 * <ul>
 *   <li>a returned value that is a {@code memref.alloc}, directly or through a chain of
 *       {@code memref.cast}, {@code collapse_shape}, {@code expand_shape} and {@code subview}
 *       ({@link MemoryViews}), has that alloc replaced by
 *       {@code hip.alloc_output(%ctx, %dyn...) {out_idx = i}} of the same type, {@code i} being
 *       the result index; the alloc's {@code memref.dealloc}s go (the graph never frees an
 *       output);</li>
 *   <li>any other returned buffer — a function argument (an output that aliases an input), a
 *       {@code memref.get_global} (a constant), an alloc already given to another result —
 *       is copied with {@code memref.copy} into a fresh {@code hip.alloc_output} of the returned
 *       type (dynamic sizes from {@code memref.dim}), built right before the return, which then
 *       returns the copy;</li>
 *   <li>a returned memref without the identity layout cannot be allocated that way: it stays,
 *       with a warning.</li>
 * </ul>
 * Functions of any other kind are left alone.
 */
public final class UseOutputAllocatorPass extends Pass {
    @Override
    public String argument() {
        return "hip-use-output-allocator";
    }

    @Override
    public String name() {
        return "HipUseOutputAllocator";
    }

    @Override
    public String description() {
        return "Allocate returned buffers with hip.alloc_output (the caller's output allocator)";
    }

    @Override
    public String anchorName() {
        return FuncDialect.FUNC;
    }

    @Override
    protected void runOnOperation() {
        Operation func = getOperation();
        if (!MemoryViews.isDeviceFunction(func) || !MemoryViews.isPublic(func)) {
            return;
        }
        Value context = func.region(0).front().argument(0);
        List<Operation> returns = new ArrayList<>();
        func.walk(op -> {
            if (op.is(FuncDialect.RETURN) && op.parentOp() == func) {
                returns.add(op);
            }
        });
        Map<Operation, Integer> claimed = new IdentityHashMap<>();
        for (Operation ret : returns) {
            for (int i = 0; i < ret.numOperands(); i++) {
                Value v = ret.operand(i);
                if (!(v.type() instanceof MemRefType)) {
                    continue;
                }
                Value root = MemoryViews.root(v);
                Operation alloc = root.definingOp();
                if (alloc != null && alloc.is("memref.alloc") && claimed.getOrDefault(alloc, i) == i) {
                    if (claimed.put(alloc, i) == null) {
                        toOutput(alloc, context, i);
                    }
                    continue;
                }
                copyIntoOutput(ret, i, context);
            }
        }
    }

    /** Replaces {@code alloc} by {@code hip.alloc_output} and drops its deallocs. */
    private void toOutput(Operation alloc, Value context, int index) {
        OpBuilder b = OpBuilder.before(alloc);
        List<Value> operands = new ArrayList<>();
        operands.add(context);
        operands.addAll(alloc.operands());
        Operation out = b.create(alloc.location(), "hip.alloc_output", operands, List.of(alloc.result(0).type()),
                Map.of("out_idx", IntegerAttr.of(IntegerType.I64, index)));
        for (Value alias : MemoryViews.aliases(alloc.result(0))) {
            for (Operation user : alias.users()) {
                if (user.is("memref.dealloc")) {
                    user.erase();
                }
            }
        }
        alloc.result(0).replaceAllUsesWith(out.result(0));
        alloc.erase();
    }

    /** Copies returned value {@code i} of {@code ret} into a fresh output buffer. */
    private void copyIntoOutput(Operation ret, int index, Value context) {
        Value v = ret.operand(index);
        MemRefType type = (MemRefType) v.type();
        if (!type.hasIdentityLayout() || type.memorySpace() != null) {
            ret.emitWarning("result #" + index + " of type " + AttrTypePrinter.typeToString(v.type())
                    + " has no identity layout: it cannot come from the output allocator and is returned as is");
            return;
        }
        OpBuilder b = OpBuilder.before(ret);
        List<Value> operands = new ArrayList<>();
        operands.add(context);
        for (int d = 0; d < type.rank(); d++) {
            if (type.shape().get(d) == ShapedType.DYNAMIC) {
                Value dim = b.create(ret.location(), "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                        Map.of("value", IntegerAttr.index(d))).result(0);
                operands.add(b.create(ret.location(), "memref.dim", List.of(v, dim), List.of(IndexType.INSTANCE),
                        Map.of()).result(0));
            }
        }
        Operation out = b.create(ret.location(), "hip.alloc_output", operands, List.of(type),
                Map.of("out_idx", IntegerAttr.of(IntegerType.I64, index)));
        b.create(ret.location(), "memref.copy", List.of(v, out.result(0)), List.of(), Map.of());
        ret.setOperand(index, out.result(0));
    }
}
