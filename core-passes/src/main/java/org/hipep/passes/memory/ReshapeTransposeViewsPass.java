package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.memref.MemRefLayouts;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.Attribute;
import org.hipep.ir.Block;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.pass.Pass;

/**
 * {@code hip-reshape-transpose-views} (ours, on {@code func.func}, right after
 * {@code hip-conv-add-in-place}): data movement that only renames elements becomes a view of the
 * source, so the copy goes.
 * <ul>
 *   <li>A {@code hip.reshape} of a buffer with the identity layout: its result is the same bytes
 *       in the same order, so its destination becomes a {@code memref.reinterpret_cast} of the
 *       source with the destination's type (identity layout: every reader sees what it saw).</li>
 *   <li>A {@code hip.transpose} whose destination only {@link #STRIDED_READERS} read: its
 *       destination becomes a {@code memref.reinterpret_cast} of the source with the source's
 *       strides permuted (a strided layout), which the readers' kernels take as they are.
 *       Attention's head split ({@code Reshape} to {@code [B, S, H, D]}, {@code Transpose} to
 *       {@code [B, H, S, D]} or {@code [B, H, D, S]}, then the score and context products) then
 *       reads the projections' outputs in place. So does a {@link #PLANAR_MAX_CHANNELS few-channel}
 *       channels-last f32 {@code hip.conv} reading the destination as its input {@code X} only:
 *       a CNN's first convolution then reads the NCHW image in place (the runtime's direct kernel
 *       for few input channels copies the rows each band of its output reads channels-last itself;
 *       its other paths copy the whole X channels-last first, as the transpose did).</li>
 *   <li>A {@code hip.transpose} of a buffer that only a {@link #STRIDED_WRITERS} op wrote: that
 *       op writes the transpose's destination instead, through a {@code memref.reinterpret_cast}
 *       of it with the source's shape and the destination's strides permuted back (attention's
 *       context products write the merged heads' {@code [B, S, H, D]} layout directly).</li>
 * </ul>
 *
 * <p>For {@code hip.reshape %src[, %shape], %dst} or {@code hip.transpose %src, %dst}, all of:
 * <ul>
 *   <li>{@code %dst} is a static {@code memref.alloc} with the identity layout, in the op's block,
 *       and every other user of it comes after the op and only reads it (a hip op whose memory
 *       effects read it, without memref results) or is a {@code memref.dealloc}; for a transpose
 *       these readers are {@link #STRIDED_READERS} only;</li>
 *   <li>{@code %src} is static (the identity layout for a reshape, static strides and offset for a
 *       transpose) with {@code %dst}'s element type (and element count);</li>
 *   <li>nothing that comes after the op writes {@code %src}'s buffer, through any view of it
 *       (an op whose effects are unknown counts as a writer), and the buffer has no
 *       {@code memref.dealloc}.</li>
 * </ul>
 * Then the uses of {@code %dst} become the view, and the op, {@code %dst}'s alloc and its deallocs
 * go. {@code hip-pool-allocs} counts the view's uses in the source buffer's lifetime.
 *
 * <p>A transpose that does not qualify so may still fold into its source's writer, when all of:
 * {@code %src} is a static identity-layout {@code memref.alloc} of the block whose users are one
 * {@link #STRIDED_WRITERS} op before the transpose with two inputs, {@code %src} as its
 * destination and no attributes, the transpose and {@code memref.dealloc}s; {@code %dst} is a
 * static identity-layout {@code memref.alloc} or {@code hip.alloc_output} of the block, none of
 * whose users comes before the transpose, whose operands are defined before the writer (it moves
 * right before the writer when it came later). Then the writer writes the view of {@code %dst},
 * and the transpose, {@code %src}'s alloc and its deallocs go. An op that qualifies for neither
 * stays as it is.
 */
public final class ReshapeTransposeViewsPass extends Pass {
    /** The ops whose kernels read operands of any static strides as they are (no dense copy). */
    static final List<String> STRIDED_READERS = List.of("hip.matmul");

    /**
     * A channels-last {@code hip.conv} of at most this many f32 input channels reads a strided
     * {@code X} (the runtime's direct kernel of few input channels, up to its LA_FC_MAX_C, takes
     * an X in planes): an image's NCHW to NHWC transpose before a CNN's first convolution (600 KB
     * for a 224x224 RGB image) goes.
     */
    static final long PLANAR_MAX_CHANNELS = 4;

    /**
     * The ops whose kernels write a strided destination in place when they have just two inputs
     * and no attributes (the f32 batched product through oneDNN; any other path computes into a
     * dense scratch and copies through the view, as the transpose did).
     */
    static final List<String> STRIDED_WRITERS = List.of("hip.matmul");

    @Override
    public String argument() {
        return "hip-reshape-transpose-views";
    }

    @Override
    public String name() {
        return "HipReshapeTransposeViews";
    }

    @Override
    public String description() {
        return "Turn reshapes and transposes into views of their source or, after a product, of their destination";
    }

    @Override
    public String anchorName() {
        return FuncDialect.FUNC;
    }

    @Override
    protected void runOnOperation() {
        List<Operation> ops = new ArrayList<>();
        getOperation().walk(op -> {
            if (op.is("hip.reshape") || op.is("hip.transpose")) {
                ops.add(op);
            }
        });
        // Program order: a reshape's view may then be the source of the transpose that follows it.
        for (Operation op : ops) {
            MemRefType view = op.is("hip.reshape") ? reshapeView(op) : transposeView(op);
            if (view != null && sourceUnchangedAfter(op)) {
                rewrite(op, view);
            } else if (op.is("hip.transpose")) {
                Operation writer = producer(op);
                if (writer != null) {
                    rewriteProducer(op, writer);
                }
            }
        }
    }

    /**
     * The product that writes a transpose's source when it can write the transpose's destination
     * instead (see the class), else null.
     */
    private static Operation producer(Operation transpose) {
        Value src = transpose.operand(0);
        Value dst = transpose.operand(transpose.numOperands() - 1);
        Block block = transpose.block();
        Operation srcAlloc = src.definingOp();
        if (transpose.numOperands() != 2 || srcAlloc == null || !srcAlloc.is("memref.alloc")
                || srcAlloc.block() != block || srcAlloc.numOperands() != 0 || !(src.type() instanceof MemRefType st)
                || !st.hasStaticShape() || !st.hasIdentityLayout() || st.memorySpace() != null
                || !(dst.type() instanceof MemRefType dt) || !dt.hasStaticShape() || !dt.hasIdentityLayout()
                || dt.memorySpace() != null || !dt.elementType().equals(st.elementType())
                || perm(transpose.attribute("perm"), st.rank()) == null) {
            return null;
        }
        Operation writer = null;
        for (Operation user : src.users()) {
            if (user == transpose || user.is("memref.dealloc")) {
                continue;
            }
            boolean attributes = !user.attributes().isEmpty()
                    || (user.properties() instanceof DictionaryAttr p && !p.entries().isEmpty());
            if (!STRIDED_WRITERS.contains(user.nameString()) || writer != null || user.numOperands() != 3 || attributes
                    || user.block() != block || !user.isBeforeInBlock(transpose)
                    || user.operand(2) != src || MemoryViews.readsValue(user, src)) {
                return null;
            }
            writer = user;
        }
        Operation def = dst.definingOp();
        if (writer == null || def == null || !(def.is("memref.alloc") || def.is("hip.alloc_output"))
                || def.block() != block || MemoryViews.readsValue(writer, dst)) {
            return null;
        }
        for (Value operand : def.operands()) {
            Operation d = operand.definingOp();
            if (d != null && (d.block() != block || !d.isBeforeInBlock(writer))) {
                return null;
            }
        }
        for (Operation user : dst.users()) {
            if (user != transpose && (user.block() != block || !transpose.isBeforeInBlock(user))) {
                return null;
            }
        }
        return writer;
    }

    /** {@code writer} writes the transpose's destination through a view with the source's shape. */
    private static void rewriteProducer(Operation transpose, Operation writer) {
        Value src = transpose.operand(0);
        Value dst = transpose.operand(1);
        MemRefType st = (MemRefType) src.type();
        MemRefType dt = (MemRefType) dst.type();
        int rank = st.rank();
        int[] perm = perm(transpose.attribute("perm"), rank);
        long[] dstLayout = MemRefLayouts.stridesAndOffset(dt);
        // destination dimension d is source dimension perm[d]: source dimension j steps like
        // destination dimension d where perm[d] == j
        Long[] strides = new Long[rank];
        for (int d = 0; d < rank; d++) {
            strides[perm[d]] = dstLayout[d + 1];
        }
        Operation def = dst.definingOp();
        if (writer.isBeforeInBlock(def)) {
            def.moveBefore(writer);
        }
        MemRefType view = new MemRefType(st.shape(), st.elementType(), new StridedLayoutAttr(0, List.of(strides)),
                null);
        writer.setOperand(writer.numOperands() - 1, reinterpretCast(writer, dst, view));
        transpose.erase();
        Operation srcAlloc = src.definingOp();
        for (Operation user : List.copyOf(src.users())) {
            user.erase(); // the deallocs: nothing else uses the source now
        }
        srcAlloc.erase();
    }

    /** The view type a reshape's destination becomes, when the reshape qualifies; else null. */
    private static MemRefType reshapeView(Operation reshape) {
        Value src = reshape.operand(0);
        Value dst = reshape.operand(reshape.numOperands() - 1);
        if (reshape.numOperands() < 2 || reshape.numOperands() > 3 || !(src.type() instanceof MemRefType st)
                || !st.hasStaticShape() || !st.hasIdentityLayout() || st.memorySpace() != null
                || !destinationQualifies(reshape, dst, false)) {
            return null;
        }
        MemRefType dt = (MemRefType) dst.type();
        return st.elementType().equals(dt.elementType()) && st.numElements() == dt.numElements() ? dt : null;
    }

    /** The strided view type a transpose's destination becomes, when the transpose qualifies; else null. */
    private static MemRefType transposeView(Operation transpose) {
        Value src = transpose.operand(0);
        Value dst = transpose.operand(transpose.numOperands() - 1);
        if (transpose.numOperands() != 2 || !(src.type() instanceof MemRefType st) || !st.hasStaticShape()
                || st.memorySpace() != null || !destinationQualifies(transpose, dst, true)) {
            return null;
        }
        MemRefType dt = (MemRefType) dst.type();
        long[] layout = MemRefLayouts.stridesAndOffset(st);
        int rank = st.rank();
        if (layout == null || dt.rank() != rank || !st.elementType().equals(dt.elementType())) {
            return null;
        }
        for (long v : layout) {
            if (v == ShapedType.DYNAMIC) {
                return null;
            }
        }
        int[] perm = perm(transpose.attribute("perm"), rank);
        if (perm == null) {
            return null;
        }
        List<Long> strides = new ArrayList<>(rank);
        for (int d = 0; d < rank; d++) {
            if (!st.shape().get(perm[d]).equals(dt.shape().get(d))) {
                return null;
            }
            strides.add(layout[perm[d] + 1]);
        }
        MemRefType identity = new MemRefType(dt.shape(), dt.elementType(), null, null);
        long[] row = MemRefLayouts.stridesAndOffset(identity);
        boolean rowMajor = layout[0] == 0;
        for (int d = 0; d < rank && rowMajor; d++) {
            rowMajor = dt.shape().get(d) == 1 || strides.get(d) == row[d + 1];
        }
        // A permutation of unit dimensions only (or of a dense source into row-major order) keeps
        // the identity layout, so the readers' types do not change.
        return rowMajor ? identity : new MemRefType(dt.shape(), dt.elementType(),
                new StridedLayoutAttr(layout[0], strides), null);
    }

    /** The transpose's permutation ({@code perm}, or reversed when absent), or null when malformed. */
    private static int[] perm(Attribute attr, int rank) {
        int[] perm = new int[rank];
        if (attr == null) {
            for (int d = 0; d < rank; d++) {
                perm[d] = rank - 1 - d;
            }
            return perm;
        }
        if (!(attr instanceof DenseArrayAttr a) || a.size() != rank) {
            return null;
        }
        boolean[] seen = new boolean[rank];
        long[] values = a.asLongs();
        for (int d = 0; d < rank; d++) {
            long p = values[d];
            if (p < 0 || p >= rank || seen[(int) p]) {
                return null;
            }
            seen[(int) p] = true;
            perm[d] = (int) p;
        }
        return perm;
    }

    /**
     * Whether {@code dst}, which {@code op} writes, is a static identity-layout alloc of op's block
     * whose other users come after {@code op} and only read it (only {@link #STRIDED_READERS} when
     * {@code strided}) or free it.
     */
    private static boolean destinationQualifies(Operation op, Value dst, boolean strided) {
        Operation alloc = dst.definingOp();
        if (alloc == null || !alloc.is("memref.alloc") || alloc.block() != op.block() || alloc.numOperands() != 0
                || !(dst.type() instanceof MemRefType dt) || !dt.hasStaticShape() || !dt.hasIdentityLayout()
                || dt.memorySpace() != null || MemoryViews.readsValue(op, dst)) {
            return false;
        }
        for (Operation user : dst.users()) {
            if (user == op || user.is("memref.dealloc")) {
                continue;
            }
            if (user.block() != op.block() || !op.isBeforeInBlock(user) || user.numResults() != 0
                    || (strided && !stridedReader(user, dst)) || !onlyReads(user, dst)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code user}'s kernel reads {@code v} through any static strides in place: a
     * {@link #STRIDED_READERS} op, or a channels-last f32 {@code hip.conv} of at most
     * {@link #PLANAR_MAX_CHANNELS} input channels that reads {@code v} as its X and nothing else.
     */
    private static boolean stridedReader(Operation user, Value v) {
        if (STRIDED_READERS.contains(user.nameString())) {
            return true;
        }
        if (!user.is("hip.conv") || user.numOperands() < 3 || user.operand(0) != v
                || !(user.attribute("channels_last") instanceof BoolAttr last) || !last.value()
                || !(v.type() instanceof MemRefType x) || x.rank() != 4 || !x.elementType().equals(FloatType.F32)
                || x.shape().get(3) > PLANAR_MAX_CHANNELS) {
            return false;
        }
        for (int i = 1; i < user.numOperands(); i++) {
            if (user.operand(i) == v) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code user}'s memory effects read {@code v} and never write it. */
    private static boolean onlyReads(Operation user, Value v) {
        MemoryEffects model = user.getInterface(MemoryEffects.class);
        if (model == null || !user.nameString().startsWith("hip.")) {
            return false;
        }
        boolean reads = false;
        for (MemoryEffects.Effect e : model.effects(user)) {
            if (e.value() == v) {
                if (e.kind() != MemoryEffects.Kind.READ) {
                    return false;
                }
                reads = true;
            }
        }
        return reads;
    }

    /**
     * Whether nothing after {@code op} (in its block, or nested in an op after it) writes the buffer
     * {@code op}'s source views, and nothing frees it.
     */
    private static boolean sourceUnchangedAfter(Operation op) {
        Block block = op.block();
        for (Value alias : MemoryViews.aliases(MemoryViews.base(op.operand(0)))) {
            for (Operation user : alias.users()) {
                if (user == op || MemoryViews.VIEWS.contains(user.nameString())) {
                    continue;
                }
                if (user.is("memref.dealloc")) {
                    return false;
                }
                Operation at = MemoryViews.ancestorIn(block, user);
                boolean after = at == null || (at != op && op.isBeforeInBlock(at));
                if (after && !onlyReadsOrReturns(user, alias)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean onlyReadsOrReturns(Operation user, Value v) {
        return user.is(FuncDialect.RETURN) || onlyReads(user, v);
    }

    private static void rewrite(Operation op, MemRefType view) {
        Value dst = op.operand(op.numOperands() - 1);
        Value cast = reinterpretCast(op, op.operand(0), view);
        Operation alloc = dst.definingOp();
        op.erase();
        for (Operation user : List.copyOf(dst.users())) {
            if (user.is("memref.dealloc")) {
                user.erase();
            }
        }
        dst.replaceAllUsesWith(cast);
        alloc.erase();
    }

    /**
     * A {@code memref.reinterpret_cast} of {@code source}, built right before {@code at}, to
     * {@code view} (static; its offset, sizes and strides are the cast's).
     */
    private static Value reinterpretCast(Operation at, Value source, MemRefType view) {
        int rank = view.rank();
        long[] layout = MemRefLayouts.stridesAndOffset(view);
        long[] sizes = new long[rank];
        long[] strides = new long[rank];
        for (int d = 0; d < rank; d++) {
            sizes[d] = view.shape().get(d);
            strides[d] = layout[d + 1];
        }
        return OpBuilder.before(at).create(at.location(), "memref.reinterpret_cast", List.of(source), List.of(view),
                Map.of(ShapedSyntax.SEGMENTS, DenseArrayAttr.ofLongs(IntegerType.I32, 1, 0, 0, 0), "static_offsets",
                        DenseArrayAttr.i64(layout[0]), "static_sizes", DenseArrayAttr.i64(sizes), "static_strides",
                        DenseArrayAttr.i64(strides))).result(0);
    }
}
