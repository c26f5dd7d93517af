package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.pass.Pass;

/**
 * {@code hip-materialize-host-scalars} (hip-ep-contracts §3.1 row 21, §4.4 "Host-mapped
 * scratch", on {@code func.func}; runs before {@code hip-pool-allocs}): in a function with a body
 * whose argument 0 is a {@code !hip.context}, the small integer buffers the host itself reads or
 * writes — entry-block {@code memref.alloc}s of a static shape of at most
 * {@value #MAX_ELEMENTS} elements of an integer or {@code index} type, identity layout, that a
 * {@code memref.load} or {@code memref.store} touches (directly or through a view) and that do
 * not reach {@code func.return} — become {@code memref.view}s into one
 * {@code hip.get_host_scratch(%ctx, %bytes)} built at the start of the function, at offsets that
 * are multiples of {@value #ALIGNMENT} bytes; their deallocs go. The scratch is host-mapped
 * memory, so the host reads these values without a copy back from the device.
 *
 * <p>The scratch buffer is one per run-time state: so that a function never overwrites the
 * values of another (a loop body called while its caller's values are live), offsets are
 * module-wide. The module attribute {@code hipdnn.host_scratch_size} keeps the bytes handed out so
 * far; each function's buffers follow it, and its {@code get_host_scratch} asks for its own end.
 * With several such functions the order is the order in which they are processed: the same
 * every time on one thread ({@code --mlir-disable-threading}), possibly not when functions run in
 * parallel (the offsets are then still disjoint).
 */
public final class MaterializeHostScalarsPass extends Pass {
    /** The most elements a buffer may have to move to the scratch. */
    public static final int MAX_ELEMENTS = 16;
    /** The alignment of every offset in the scratch. */
    public static final long ALIGNMENT = 64;
    /** The module attribute with the scratch bytes used so far. */
    public static final String SCRATCH_SIZE = "hipdnn.host_scratch_size";

    @Override
    public String argument() {
        return "hip-materialize-host-scalars";
    }

    @Override
    public String name() {
        return "HipMaterializeHostScalars";
    }

    @Override
    public String description() {
        return "Place small host-accessed integer buffers in the host-mapped scratch (hip.get_host_scratch)";
    }

    @Override
    public String anchorName() {
        return FuncDialect.FUNC;
    }

    @Override
    protected void runOnOperation() {
        Operation func = getOperation();
        if (!MemoryViews.isDeviceFunction(func)) {
            return;
        }
        Block entry = func.region(0).front();
        List<Operation> selected = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        for (Operation op : entry) {
            long bytes = hostScalarBytes(op);
            if (bytes >= 0) {
                selected.add(op);
                sizes.add(bytes);
            }
        }
        if (selected.isEmpty()) {
            return;
        }
        long base = reserve(func, sizes);
        OpBuilder b = OpBuilder.atBlockEnd(getContext(), entry);
        b.setInsertionPointToStart(entry);
        var loc = func.location();
        long end = base;
        List<Long> offsets = new ArrayList<>();
        for (long size : sizes) {
            offsets.add(end);
            end = PoolAllocsPass.alignUp(end + size, ALIGNMENT);
        }
        Value total = constant(b, loc, end);
        Value scratch = b.create(loc, "hip.get_host_scratch", List.of(entry.argument(0), total),
                List.of(MemRefType.of(List.of(ShapedType.DYNAMIC), IntegerType.I8)), Map.of()).result(0);
        for (int i = 0; i < selected.size(); i++) {
            Operation alloc = selected.get(i);
            OpBuilder at = OpBuilder.before(alloc);
            Value offset = constant(at, alloc.location(), offsets.get(i));
            Operation view = at.create(alloc.location(), "memref.view", List.of(scratch, offset),
                    List.of(alloc.result(0).type()), Map.of());
            for (Value alias : MemoryViews.aliases(alloc.result(0))) {
                for (Operation user : alias.users()) {
                    if (user.is("memref.dealloc")) {
                        user.erase();
                    }
                }
            }
            alloc.result(0).replaceAllUsesWith(view.result(0));
            alloc.erase();
        }
    }

    /** The byte size of {@code op} when it is a host scalar buffer, else -1. */
    private static long hostScalarBytes(Operation op) {
        if (!op.is("memref.alloc") || !(op.result(0).type() instanceof MemRefType type) || !type.hasStaticShape()
                || !type.hasIdentityLayout() || type.memorySpace() != null
                || !(type.elementType() instanceof IntegerType || type.elementType() instanceof IndexType)) {
            return -1;
        }
        long elements = 1;
        for (long d : type.shape()) {
            elements *= d;
        }
        if (elements > MAX_ELEMENTS) {
            return -1;
        }
        boolean host = false;
        for (Value alias : MemoryViews.aliases(op.result(0))) {
            for (Operation user : alias.users()) {
                if (user.is(FuncDialect.RETURN)) {
                    return -1;
                }
                host |= user.is("memref.load") || user.is("memref.store");
            }
        }
        return host ? elements * PoolAllocsPass.elementBytes(type.elementType()) : -1;
    }

    /** Takes the module-wide scratch bytes used so far and records this function's share after them. */
    private static long reserve(Operation func, List<Long> sizes) {
        Operation module = func.parentOp();
        if (module == null) {
            return 0;
        }
        synchronized (module) {
            long base = module.attribute(SCRATCH_SIZE) instanceof IntegerAttr a ? a.longValue() : 0;
            long end = base;
            for (long size : sizes) {
                end = PoolAllocsPass.alignUp(end + size, ALIGNMENT);
            }
            module.setAttribute(SCRATCH_SIZE, IntegerAttr.i64(end));
            return base;
        }
    }

    private static Value constant(OpBuilder b, org.hipep.ir.Location loc, long v) {
        return b.create(loc, "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                Map.of("value", IntegerAttr.index(v))).result(0);
    }
}
