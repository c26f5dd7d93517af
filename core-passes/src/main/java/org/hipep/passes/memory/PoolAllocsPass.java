package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.Type;
import org.hipep.pass.Pass;
import org.hipep.pass.options.Option;

/**
 * {@code hip-pool-allocs} (hip-ep-contracts §3.1 row 25, §4.4 "Memory planning / pool domains",
 * on {@code func.func}): in a single-block function whose argument 0 is a {@code !hip.context},
 * the transient buffers — used {@code memref.alloc}s of the entry block that do not escape
 * through {@code func.return} — become {@code memref.view}s into a pool the runtime owns, and
 * their {@code memref.dealloc}s go.
 *
 * <p><b>Lifetimes.</b> A buffer lives from its alloc to the last op (of the entry block; a use in
 * a nested region counts as its ancestor there) that uses it or any alias of it
 * ({@link MemoryViews#aliases}: views of it, and the memref results of ops that take it). A hip
 * op's memref operands are uses like any other. Two buffers may share bytes only when their
 * lifetimes are disjoint.
 *
 * <p><b>Domains.</b> Each domain is one {@code hip.get_pool(%ctx, %size) {domain_id = N}} built
 * right before its first buffer's alloc; its size must be computable there. A buffer joins the
 * first domain before whose acquisition point all its dynamic sizes are defined; a buffer whose
 * size is defined only later starts a new domain at its own alloc. Static buffers all fit domain
 * 0.
 *
 * <p><b>Placement.</b> Static buffers: largest first, each into the smallest gap between the
 * buffers already placed whose lifetimes overlap its own (greedy best fit), else after them;
 * offsets are multiples of {@code alignment}. Dynamic buffers go after that static prefix, in
 * slabs: a slab is a group of buffers with pairwise disjoint lifetimes sized at run time by the
 * largest member ({@code arith.maxui}); with {@code lifetime-only=false} a group also needs one
 * size (the same static bytes and the same size values), so no maximum is computed. Slabs are
 * laid end to end, each aligned.
 *
 * <p><b>Module attributes</b> (read by generate-interface): {@code hipdnn.pool_size} (domain 0's
 * static prefix in bytes), {@code hipdnn.buffer_count}, {@code hipdnn.buffer_offsets} (per
 * buffer, {@code -1} when the offset is computed at run time), and when there are several
 * domains {@code hipdnn.domain_count}, {@code hipdnn.pool_sizes} (each domain's static prefix)
 * and {@code hipdnn.buffer_domains}. Domain ids are module-wide: a second function's domains
 * follow the first's, and its buffers are appended, in the order functions are processed (fixed
 * on one thread; with functions in parallel the ids are still unique but their order may vary).
 *
 * <p>Options: {@code alignment} (256, a power of two), {@code emit-fragmentation-report}
 * (false: a remark per function comparing the pool with the sum of its transient buffers),
 * {@code lifetime-only} (true). More than 8 domains in a function draws a performance remark.
 * Buffers that are not pooled: a non-identity layout or a memory space, an element type of no
 * known byte size, an {@code alignment} above the pool's.
 */
public final class PoolAllocsPass extends Pass {
    /** Module attribute names. */
    public static final String POOL_SIZE = "hipdnn.pool_size";
    public static final String BUFFER_COUNT = "hipdnn.buffer_count";
    public static final String BUFFER_OFFSETS = "hipdnn.buffer_offsets";
    public static final String DOMAIN_COUNT = "hipdnn.domain_count";
    public static final String POOL_SIZES = "hipdnn.pool_sizes";
    public static final String BUFFER_DOMAINS = "hipdnn.buffer_domains";

    private final Option<Long> alignment = options().longOption("alignment",
            "Alignment in bytes of every buffer's offset in the pool (a power of two)", 256);
    private final Option<Boolean> emitFragmentationReport = options().boolOption("emit-fragmentation-report",
            "Emit a remark comparing each function's pool with the sum of its transient buffers", false);
    private final Option<Boolean> lifetimeOnly = options().boolOption("lifetime-only",
            "Group dynamic buffers into slabs by lifetime alone (else also by equal size)", true);

    /** A pass from the textual pipeline (options from its text). */
    public PoolAllocsPass() {
    }

    /** The pass with the given options. */
    public static PoolAllocsPass create(long alignment, boolean emitFragmentationReport, boolean lifetimeOnly) {
        PoolAllocsPass p = new PoolAllocsPass();
        p.alignment.set(alignment);
        p.emitFragmentationReport.set(emitFragmentationReport);
        p.lifetimeOnly.set(lifetimeOnly);
        return p;
    }

    @Override
    public String argument() {
        return "hip-pool-allocs";
    }

    @Override
    public String name() {
        return "HipPoolAllocs";
    }

    @Override
    public String description() {
        return "Place transient memref.allocs in pool domains by lifetime (hip.get_pool + memref.view)";
    }

    @Override
    public String anchorName() {
        return FuncDialect.FUNC;
    }

    /** One transient buffer. */
    static final class Buffer {
        final Operation alloc;
        final int start;
        final int end;
        final long staticBytes;
        final List<Operation> deallocs;
        int domain;
        long offset = -1;
        int slab = -1;

        Buffer(Operation alloc, int start, int end, long staticBytes, List<Operation> deallocs) {
            this.alloc = alloc;
            this.start = start;
            this.end = end;
            this.staticBytes = staticBytes;
            this.deallocs = deallocs;
        }

        boolean isDynamic() {
            return alloc.numOperands() > 0;
        }

        boolean overlaps(Buffer o) {
            return start <= o.end && o.start <= end;
        }
    }

    /** One pool domain of the function. */
    static final class Domain {
        final int point;
        final List<Buffer> buffers = new ArrayList<>();
        final List<List<Buffer>> slabs = new ArrayList<>();
        long staticPrefix;

        Domain(int point) {
            this.point = point;
        }
    }

    @Override
    protected void runOnOperation() {
        Operation func = getOperation();
        if (!MemoryViews.isDeviceFunction(func) || func.region(0).blocks().size() != 1) {
            return;
        }
        long align = alignment.get();
        if (align <= 0 || Long.bitCount(align) != 1) {
            func.emitError("hip-pool-allocs: 'alignment' must be a power of two, got " + align);
            signalPassFailure();
            return;
        }
        Block entry = func.region(0).front();
        Map<Operation, Integer> position = new IdentityHashMap<>();
        int k = 0;
        for (Operation op : entry) {
            position.put(op, k++);
        }
        List<Buffer> buffers = collect(entry, position, align);
        if (buffers.isEmpty()) {
            if (emitFragmentationReport.get()) {
                func.emitRemark("fragmentation: no transient buffers");
            }
            return;
        }
        List<Domain> domains = assignDomains(buffers, position);
        for (Domain d : domains) {
            placeStatic(d, align);
            groupDynamic(d);
        }
        int base = recordModuleAttributes(func, domains);
        Value context = entry.argument(0);
        for (int i = 0; i < domains.size(); i++) {
            emit(domains.get(i), base + i, context, align);
        }
        if (domains.size() > 8) {
            func.emitRemark("hip-pool-allocs: " + domains.size() + " pool domains (more than 8): each is acquired"
                    + " at run time on its own; hoisting the size arithmetic (hip-hoist-alloc-size-arith) merges them");
        }
        if (emitFragmentationReport.get()) {
            func.emitRemark(fragmentationReport(buffers, domains));
        }
    }

    // ---------------------------------------------------------------- analysis

    private List<Buffer> collect(Block entry, Map<Operation, Integer> position, long align) {
        List<Buffer> out = new ArrayList<>();
        for (Operation op : entry) {
            if (!op.is("memref.alloc") || op.result(0).useEmpty()
                    || !(op.result(0).type() instanceof MemRefType type) || !type.hasIdentityLayout()
                    || type.memorySpace() != null) {
                continue;
            }
            long dynamic = type.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
            long elem = elementBytes(type.elementType());
            if (elem <= 0 || op.numOperands() != dynamic
                    || (op.attribute("alignment") instanceof IntegerAttr a && a.longValue() > align)) {
                continue;
            }
            long bytes = elem;
            boolean overflow = false;
            for (long d : type.shape()) {
                if (d != ShapedType.DYNAMIC) {
                    try {
                        bytes = Math.multiplyExact(bytes, d);
                    } catch (ArithmeticException e) {
                        overflow = true;
                    }
                }
            }
            int end = position.get(op);
            boolean escapes = false;
            List<Operation> deallocs = new ArrayList<>();
            for (Value alias : MemoryViews.aliases(op.result(0))) {
                for (Operation user : alias.users()) {
                    if (user.is("memref.dealloc")) {
                        deallocs.add(user);
                        continue;
                    }
                    if (user.is(FuncDialect.RETURN)) {
                        escapes = true;
                    }
                    Operation top = user;
                    while (top != null && top.block() != entry) {
                        top = top.parentOp();
                    }
                    if (top != null) {
                        end = Math.max(end, position.get(top));
                    }
                }
            }
            if (!escapes && !overflow) {
                out.add(new Buffer(op, position.get(op), end, bytes, deallocs));
            }
        }
        return out;
    }

    /** Bytes per element of a scalar memref element type, or -1. */
    static long elementBytes(Type t) {
        return t instanceof IndexType || t instanceof IntegerType || t instanceof FloatType
                ? DenseElementsAttr.elementBytes(t) : -1;
    }

    private static List<Domain> assignDomains(List<Buffer> buffers, Map<Operation, Integer> position) {
        List<Domain> domains = new ArrayList<>();
        for (Buffer b : buffers) {
            Domain home = null;
            for (Domain d : domains) {
                if (definedBefore(b.alloc.operands(), d.point, position)) {
                    home = d;
                    break;
                }
            }
            if (home == null) {
                home = new Domain(b.start);
                domains.add(home);
            }
            home.buffers.add(b);
        }
        return domains;
    }

    private static boolean definedBefore(List<Value> values, int point, Map<Operation, Integer> position) {
        for (Value v : values) {
            Operation def = v.definingOp();
            if (def != null && !(position.containsKey(def) && position.get(def) < point)) {
                return false;
            }
        }
        return true;
    }

    /** Greedy best fit of the domain's static buffers, largest first. */
    private static void placeStatic(Domain d, long align) {
        List<Buffer> statics = new ArrayList<>(d.buffers.stream().filter(b -> !b.isDynamic()).toList());
        statics.sort(Comparator.comparingLong((Buffer b) -> -b.staticBytes).thenComparingInt(b -> b.start));
        List<Buffer> placed = new ArrayList<>();
        long prefix = 0;
        for (Buffer b : statics) {
            List<Buffer> live = new ArrayList<>(placed.stream().filter(b::overlaps).toList());
            live.sort(Comparator.comparingLong(p -> p.offset));
            long cursor = 0;
            long best = -1;
            long bestGap = Long.MAX_VALUE;
            for (Buffer p : live) {
                long gapStart = alignUp(cursor, align);
                long gap = p.offset - gapStart;
                if (gap >= b.staticBytes && gap < bestGap) {
                    best = gapStart;
                    bestGap = gap;
                }
                cursor = Math.max(cursor, p.offset + p.staticBytes);
            }
            b.offset = best >= 0 ? best : alignUp(cursor, align);
            placed.add(b);
            prefix = Math.max(prefix, b.offset + b.staticBytes);
        }
        d.staticPrefix = prefix;
    }

    /** Slabs of pairwise lifetime-disjoint dynamic buffers (and one size, unless lifetime-only). */
    private void groupDynamic(Domain d) {
        List<Buffer> dynamics = new ArrayList<>(d.buffers.stream().filter(Buffer::isDynamic).toList());
        dynamics.sort(Comparator.comparingInt(b -> b.start));
        for (Buffer b : dynamics) {
            List<Buffer> home = null;
            for (List<Buffer> slab : d.slabs) {
                boolean fits = slab.stream().noneMatch(b::overlaps)
                        && (lifetimeOnly.get() || sameSize(slab.get(0), b));
                if (fits) {
                    home = slab;
                    break;
                }
            }
            if (home == null) {
                home = new ArrayList<>();
                d.slabs.add(home);
            }
            b.slab = d.slabs.indexOf(home);
            home.add(b);
        }
    }

    private static boolean sameSize(Buffer a, Buffer b) {
        return a.staticBytes == b.staticBytes && a.alloc.operands().equals(b.alloc.operands());
    }

    static long alignUp(long v, long align) {
        return Math.addExact(v, align - 1) & -align;
    }

    // ---------------------------------------------------------------- rewrite

    private void emit(Domain d, int domainId, Value context, long align) {
        Operation first = d.buffers.get(0).alloc;
        OpBuilder b = OpBuilder.before(first);
        var loc = first.location();
        long staticEnd = d.slabs.isEmpty() ? d.staticPrefix : alignUp(d.staticPrefix, align);
        Value total = constant(b, loc, staticEnd);
        List<Value> slabOffsets = new ArrayList<>();
        for (List<Buffer> slab : d.slabs) {
            slabOffsets.add(total);
            Value size = null;
            for (Buffer m : slab) {
                Value bytes = constant(b, loc, m.staticBytes);
                for (Value dim : m.alloc.operands()) {
                    bytes = arith(b, loc, "arith.muli", bytes, dim);
                }
                size = size == null ? bytes : arith(b, loc, "arith.maxui", size, bytes);
            }
            Value aligned = arith(b, loc, "arith.andi", arith(b, loc, "arith.addi", size, constant(b, loc, align - 1)),
                    constant(b, loc, -align));
            total = arith(b, loc, "arith.addi", total, aligned);
        }
        Value pool = b.create(loc, "hip.get_pool", List.of(context, total),
                List.of(MemRefType.of(List.of(ShapedType.DYNAMIC), IntegerType.I8)),
                Map.of("domain_id", IntegerAttr.i64(domainId))).result(0);
        for (Buffer buf : d.buffers) {
            OpBuilder at = OpBuilder.before(buf.alloc);
            Value offset = buf.isDynamic() ? slabOffsets.get(buf.slab) : constant(at, buf.alloc.location(), buf.offset);
            List<Value> operands = new ArrayList<>();
            operands.add(pool);
            operands.add(offset);
            operands.addAll(buf.alloc.operands());
            Operation view = at.create(buf.alloc.location(), "memref.view", operands,
                    List.of(buf.alloc.result(0).type()), Map.of());
            for (Operation dealloc : buf.deallocs) {
                dealloc.erase();
            }
            buf.alloc.result(0).replaceAllUsesWith(view.result(0));
            buf.alloc.erase();
        }
    }

    private static Value constant(OpBuilder b, org.hipep.ir.Location loc, long v) {
        return b.create(loc, "arith.constant", List.of(), List.of(IndexType.INSTANCE),
                Map.of("value", IntegerAttr.index(v))).result(0);
    }

    private static Value arith(OpBuilder b, org.hipep.ir.Location loc, String name, Value x, Value y) {
        return b.create(loc, name, List.of(x, y), List.of(IndexType.INSTANCE), Map.of()).result(0);
    }

    // ---------------------------------------------------------------- module attributes and report

    /** Appends this function's domains and buffers to the module attributes; returns its first domain id. */
    private static int recordModuleAttributes(Operation func, List<Domain> domains) {
        Operation module = func.parentOp();
        if (module == null) {
            return 0;
        }
        synchronized (module) {
            PoolRecord record = PoolRecord.read(module);
            int base = record.poolSizes.size();
            for (int i = 0; i < domains.size(); i++) {
                Domain d = domains.get(i);
                record.poolSizes.add(d.staticPrefix);
                for (Buffer b : d.buffers) {
                    record.offsets.add(b.isDynamic() ? -1 : b.offset);
                    record.domains.add((long) (base + i));
                }
            }
            record.write(module);
            return base;
        }
    }

    private static String fragmentationReport(List<Buffer> buffers, List<Domain> domains) {
        long sum = 0;
        long largest = 0;
        long dynamic = 0;
        for (Buffer b : buffers) {
            if (b.isDynamic()) {
                dynamic++;
            } else {
                sum += b.staticBytes;
                largest = Math.max(largest, b.staticBytes);
            }
        }
        long pool = domains.stream().mapToLong(d -> d.staticPrefix).sum();
        String ratio = sum == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * pool / sum);
        return "fragmentation: pool " + pool + " bytes for " + (buffers.size() - dynamic)
                + " static transient buffers of " + sum + " bytes in total (" + ratio + ", largest " + largest
                + " bytes); " + dynamic + " dynamic buffers in " + domains.stream().mapToLong(d -> d.slabs.size()).sum()
                + " run-time slabs; " + domains.size() + " domain(s)";
    }
}
