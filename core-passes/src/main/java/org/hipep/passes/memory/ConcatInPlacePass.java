package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.dialects.memref.MemRefLayouts;
import org.hipep.dialects.memref.ShapedSyntax;
import org.hipep.ir.OpBuilder;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.pass.Pass;

/**
 * {@code hip-concat-in-place} (ours, on {@code func.func}, right after
 * {@code hip-use-output-allocator}): a {@code hip.concat} whose every input is a buffer that one
 * {@code hip.conv} wrote and nothing but the concat reads goes away; each conv writes its result
 * straight into its part of the concat's destination, through a {@code memref.subview} of it
 * (SqueezeNet's fire modules, Inception's branches: the copy of every channel into the joined
 * tensor was 4% of a SqueezeNet run).
 *
 * <p>For a concat of inputs {@code %in_i} along {@code axis} into {@code %dst}, all of:
 * <ul>
 *   <li>every {@code %in_i} is a {@code memref.alloc} of a static shape whose users are one
 *       {@link #WRITERS writer} (its destination, the last operand), the concat (once) and
 *       {@code memref.dealloc}s, the writer before the concat in its block;</li>
 *   <li>{@code %dst} (static) is a {@code memref.alloc} or {@code hip.alloc_output} of the same
 *       block with no use before the concat, and its operands are defined before the first
 *       writer (then it moves right before that writer when it comes later).</li>
 * </ul>
 * Then writer {@code i} writes into {@code memref.subview %dst} at offset {@code sum of the sizes
 * of the inputs before it} along {@code axis} (its sizes, unit strides), and the allocs, their
 * deallocs and the concat are erased. A concat that does not qualify stays as it is.
 *
 * <p>The writers are the convolutions only: their runtime kernels read the destination's strides
 * from its descriptor (channels-last f32 ones write the channel slice in place, oneDNN and
 * Winograd alike; every other path computes into a dense buffer and copies through the view).
 */
public final class ConcatInPlacePass extends Pass {
    /** The ops that may write into a strided part of a concat's destination. */
    static final List<String> WRITERS = List.of("hip.conv");

    @Override
    public String argument() {
        return "hip-concat-in-place";
    }

    @Override
    public String name() {
        return "HipConcatInPlace";
    }

    @Override
    public String description() {
        return "Let the convolutions feeding a concat write into its destination (no copies)";
    }

    @Override
    public String anchorName() {
        return FuncDialect.FUNC;
    }

    @Override
    protected void runOnOperation() {
        Operation func = getOperation();
        List<Operation> concats = new ArrayList<>();
        func.walk(op -> {
            if (op.is("hip.concat")) {
                concats.add(op);
            }
        });
        for (Operation concat : concats) {
            List<Operation> writers = writers(concat);
            if (writers != null) {
                rewrite(concat, writers);
            }
        }
    }

    /** The writer of each input of {@code concat} when the concat qualifies (see the class), else null. */
    private static List<Operation> writers(Operation concat) {
        int inputs = concat.numOperands() - 1;
        Value dst = concat.operand(inputs);
        if (inputs < 1 || !(dst.type() instanceof MemRefType dt) || !dt.hasIdentityLayout() || !dt.hasStaticShape()
                || !(concat.attribute("axis") instanceof IntegerAttr axisAttr)) {
            return null;
        }
        long axis = axisAttr.longValue();
        if (axis < 0 || axis >= dt.rank()) {
            return null;
        }
        List<Operation> writers = new ArrayList<>();
        for (int i = 0; i < inputs; i++) {
            Value in = concat.operand(i);
            Operation alloc = in.definingOp();
            if (alloc == null || !alloc.is("memref.alloc") || alloc.block() != concat.block()
                    || !(in.type() instanceof MemRefType t) || !t.hasIdentityLayout() || !t.hasStaticShape()
                    || !t.elementType().equals(dt.elementType())) {
                return null;
            }
            int reads = 0;
            for (int k = 0; k < inputs; k++) {
                reads += concat.operand(k) == in ? 1 : 0;
            }
            Operation writer = null;
            for (Operation user : in.users()) {
                if (user == concat) {
                    continue;
                } else if (WRITERS.contains(user.nameString()) && user.operand(user.numOperands() - 1) == in
                        && writer == null && user.block() == concat.block() && user.isBeforeInBlock(concat)
                        && !MemoryViews.readsValue(user, in)) {
                    writer = user;
                } else if (!user.is("memref.dealloc")) {
                    return null;
                }
            }
            if (writer == null || reads != 1) {
                return null;
            }
            writers.add(writer);
        }
        Operation def = dst.definingOp();
        if (def == null || !(def.is("memref.alloc") || def.is("hip.alloc_output")) || def.block() != concat.block()) {
            return null;
        }
        Operation first = earliest(writers);
        for (Value operand : def.operands()) {
            Operation d = operand.definingOp();
            if (d != null && (d.block() != first.block() || !d.isBeforeInBlock(first))) {
                return null;
            }
        }
        for (Operation user : dst.users()) {
            if (user != concat && (user.block() != concat.block() || user.isBeforeInBlock(concat))) {
                return null;
            }
        }
        return writers;
    }

    /** The first of {@code ops} (all in one block) in block order. */
    private static Operation earliest(List<Operation> ops) {
        Operation first = ops.get(0);
        for (Operation op : ops) {
            if (op.isBeforeInBlock(first)) {
                first = op;
            }
        }
        return first;
    }

    private static void rewrite(Operation concat, List<Operation> writers) {
        int inputs = concat.numOperands() - 1;
        Value dst = concat.operand(inputs);
        MemRefType dt = (MemRefType) dst.type();
        int axis = (int) ((IntegerAttr) concat.attribute("axis")).longValue();
        Operation def = dst.definingOp();
        Operation first = earliest(writers);
        if (first.isBeforeInBlock(def)) {
            def.moveBefore(first);
        }
        int rank = dt.rank();
        long[] layout = MemRefLayouts.stridesAndOffset(dt); // identity: offset 0, row-major strides
        List<Long> strides = new ArrayList<>(rank);
        for (int d = 0; d < rank; d++) {
            strides.add(layout[d + 1]);
        }
        long offset = 0;
        for (int i = 0; i < inputs; i++) {
            Value in = concat.operand(i);
            MemRefType t = (MemRefType) in.type();
            Operation writer = writers.get(i);
            long[] offsets = new long[rank];
            offsets[axis] = offset;
            long[] sizes = new long[rank];
            long[] ones = new long[rank];
            for (int d = 0; d < rank; d++) {
                sizes[d] = t.shape().get(d);
                ones[d] = 1;
            }
            MemRefType view = new MemRefType(t.shape(), t.elementType(),
                    new StridedLayoutAttr(offset * strides.get(axis), strides), null);
            Operation subview = OpBuilder.before(writer).create(writer.location(), "memref.subview", List.of(dst),
                    List.of(view), Map.of(ShapedSyntax.SEGMENTS, DenseArrayAttr.ofLongs(IntegerType.I32, 1, 0, 0, 0),
                            "static_offsets", DenseArrayAttr.i64(offsets), "static_sizes", DenseArrayAttr.i64(sizes),
                            "static_strides", DenseArrayAttr.i64(ones)));
            writer.setOperand(writer.numOperands() - 1, subview.result(0));
            offset += t.shape().get(axis);
        }
        List<Operation> allocs = new ArrayList<>();
        for (int i = 0; i < inputs; i++) {
            allocs.add(concat.operand(i).definingOp());
        }
        concat.erase();
        for (Operation alloc : allocs) {
            for (Operation user : List.copyOf(alloc.result(0).users())) {
                user.erase(); // the deallocs: the writer now writes the subview, the concat is gone
            }
            alloc.erase();
        }
    }
}
