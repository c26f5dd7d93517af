package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.interfaces.MemoryEffects;
import org.hipep.pass.Pass;
import org.hipep.passes.llvm.HipKernelAbi;

/**
 * {@code hip-conv-bound-slots} (ours, on {@code builtin.module}, after {@code hip-conv-add-in-place}
 * and {@code hip-reshape-transpose-views}): tells a clamped convolution which of its operands a
 * clamped convolution before it wrote, so that its kernel can take a bound of their values from
 * that kernel instead of reading them.
 *
 * <p>The kernel of a clamped f32 conv may let oneDNN apply the clamp (its clip post-op, which turns
 * NaN into the lower bound where ONNX keeps NaN) only once it has proved that no output can be NaN
 * or infinite: from the largest {@code |X|}, the weights and, with {@code accumulate}, the largest
 * of the destination's old values. It reads X and those old values for it (in light-resnet50, each
 * residual buffer once per block). The kernel that wrote that buffer through the same proof knows
 * a bound of what it wrote; this pass gives each such writer a {@code bound_slot} (numbered over
 * the module from 0, in walk order) where its kernel leaves that bound for the run, and the reader
 * the slot as {@code x_bound_slot} (its X) or {@code acc_bound_slot} (its destination, with
 * {@code accumulate}). A kernel that proves no bound leaves +inf there, and the reader reads the
 * buffer as before.
 *
 * <p>For a {@code hip.conv} {@code C} with a fused clamp and f32 data, and {@code v} its X (or
 * its destination when it accumulates), {@code v} gets a slot when all of:
 * <ul>
 *   <li>{@code v} is a {@code memref.alloc} with no aliases (no view of it, no call or region op
 *       that takes it and returns a memref: {@code MemoryViews.aliases});</li>
 *   <li>the nearest op before {@code C} in {@code C}'s block that may write {@code v} is a
 *       {@code hip.conv} {@code P} with a fused clamp, f32 data and {@code v} as its destination
 *       (it writes all of it); an op may write {@code v} when it or an op nested in it takes
 *       {@code v} and does not report, through {@link MemoryEffects}, that it only reads or frees
 *       it.</li>
 * </ul>
 * Then {@code P} runs before {@code C} whenever {@code C} runs (one block), and nothing between
 * them changes {@code v}. The runtime keeps the slots per state and trusts a slot only within the
 * run that wrote it.
 */
public final class ConvBoundSlotsPass extends Pass {
    @Override
    public String argument() {
        return "hip-conv-bound-slots";
    }

    @Override
    public String name() {
        return "HipConvBoundSlots";
    }

    @Override
    public String description() {
        return "Let a clamped convolution take a bound of its inputs from the clamped convolution that wrote them";
    }

    @Override
    public String anchorName() {
        return "builtin.module";
    }

    @Override
    protected void runOnOperation() {
        List<Operation> convs = new ArrayList<>();
        getOperation().walk(op -> {
            if (clampedF32Conv(op)) {
                convs.add(op);
            }
        });
        Map<Operation, Long> slots = new IdentityHashMap<>();
        for (Operation conv : convs) {
            Operation x = writer(conv, conv.operand(0));
            if (x != null) {
                conv.setAttribute(HipKernelAbi.X_BOUND_SLOT, IntegerAttr.i64(slot(slots, x)));
            }
            if (HipKernelAbi.accumulates(conv)) {
                Operation acc = writer(conv, conv.operand(conv.numOperands() - 1));
                if (acc != null) {
                    conv.setAttribute(HipKernelAbi.ACC_BOUND_SLOT, IntegerAttr.i64(slot(slots, acc)));
                }
            }
        }
    }

    private static long slot(Map<Operation, Long> slots, Operation writer) {
        return slots.computeIfAbsent(writer, w -> {
            long n = slots.size();
            w.setAttribute(HipKernelAbi.BOUND_SLOT, IntegerAttr.i64(n));
            return n;
        });
    }

    private static boolean clampedF32Conv(Operation op) {
        return op.is("hip.conv") && op.numResults() == 0 && HipKernelAbi.clamped(op)
                && op.operand(0).type() instanceof MemRefType x && x.elementType().equals(FloatType.F32)
                && op.operand(op.numOperands() - 1).type() instanceof MemRefType y
                && y.elementType().equals(FloatType.F32);
    }

    /** The clamped conv that last wrote {@code v} before {@code conv} (see the class), or null. */
    private static Operation writer(Operation conv, Value v) {
        Operation def = v.definingOp();
        if (def == null || !def.is("memref.alloc") || MemoryViews.aliases(v).size() != 1) {
            return null;
        }
        Operation last = null; // the last op before conv in its block that is or holds a writer of v
        for (Operation user : v.users()) {
            Operation at = MemoryViews.ancestorIn(conv.block(), user);
            if (at != null && at != conv && at.isBeforeInBlock(conv) && mayWrite(user, v)
                    && (last == null || last.isBeforeInBlock(at))) {
                last = at;
            }
        }
        // a conv holds no ops: when last is one, it is the writer itself
        return last != null && clampedF32Conv(last) && last.operand(last.numOperands() - 1) == v ? last : null;
    }

    /** Whether {@code user} may write {@code v}: unknown effects, or an effect on it other than a read or a free. */
    private static boolean mayWrite(Operation user, Value v) {
        MemoryEffects effects = user.getInterface(MemoryEffects.class);
        if (effects == null) {
            return true;
        }
        for (MemoryEffects.Effect e : effects.effects(user)) {
            if (e.value() == v && e.kind() != MemoryEffects.Kind.READ && e.kind() != MemoryEffects.Kind.FREE) {
                return true;
            }
        }
        return false;
    }
}
