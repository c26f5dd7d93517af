package org.hipep.passes.memory;

import java.util.ArrayList;
import java.util.List;
import org.hipep.dialects.func.FuncDialect;
import org.hipep.ir.Block;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.FusedLoc;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.pass.Pass;
import org.hipep.passes.llvm.HipKernelAbi;

/**
 * {@code hip-conv-add-in-place} (ours, on {@code func.func}, right after
 * {@code hip-concat-in-place}): a float {@code hip.add} of a convolution's result and a buffer
 * that nothing reads after it -- a residual connection, ResNet's {@code Relu(Add(conv(x),
 * shortcut))} -- goes away: the convolution adds its result to the shortcut's buffer
 * ({@code accumulate}), takes over the add's fused clamp, and what read the add's destination
 * reads that buffer. The add's own pass over memory (both operands read, the sum written: 4.5% of
 * a light-resnet50 run) goes; the conv kernels add as they write (oneDNN's sum post-op, Winograd's
 * output transform), with the separate Add's values.
 *
 * <p>For {@code hip.add %a, %b, %d} whose three operands have one type (a static f32 memref with
 * the identity layout: no broadcasting) and no other attributes than the clamp's, with
 * {@code %s} one of {@code %a}, {@code %b} and {@code %r} the other, all of:
 * <ul>
 *   <li>{@code %s} is a {@code memref.alloc} of the add's block whose users are one
 *       {@code hip.conv} writing it (its destination, not also an input) without
 *       {@code accumulate}, a clamp or a fused {@code max_pool}, before the add, the add and
 *       {@code memref.dealloc}s;</li>
 *   <li>{@code %r} is another {@code memref.alloc} of that block, before the conv, whose users are the add,
 *       {@code memref.dealloc}s and ops of that block before the conv that have no results (its
 *       writers and readers, no views of it);</li>
 *   <li>{@code %d} is a third {@code memref.alloc} of that block whose users other than the add
 *       come after the add (or lie in ops that do).</li>
 * </ul>
 * Then the conv writes {@code %r} with {@code accumulate = true} and the add's
 * {@code clamp_min} / {@code clamp_max}, the uses of {@code %d} become {@code %r}, and the add,
 * the allocs of {@code %s} and {@code %d}, and the deallocs of {@code %s} and {@code %r} are
 * erased ({@code %d}'s deallocs now free {@code %r}). {@code %a} is tried as {@code %s} first,
 * then {@code %b} (of two convolutions' results, only the later conv's qualifies). An add that
 * does not qualify stays as it is. The conv's location becomes the fusion of its own and the
 * add's ({@code FusedLoc.of}).
 */
public final class ConvAddInPlacePass extends Pass {
    private static final List<String> CLAMPS = List.of("clamp_min", "clamp_max");

    @Override
    public String argument() {
        return "hip-conv-add-in-place";
    }

    @Override
    public String name() {
        return "HipConvAddInPlace";
    }

    @Override
    public String description() {
        return "Let a convolution add its result into a residual buffer read by nothing after it (no separate Add)";
    }

    @Override
    public String anchorName() {
        return FuncDialect.FUNC;
    }

    @Override
    protected void runOnOperation() {
        List<Operation> adds = new ArrayList<>();
        getOperation().walk(op -> {
            if (op.is("hip.add")) {
                adds.add(op);
            }
        });
        for (Operation add : adds) {
            if (!candidate(add)) {
                continue;
            }
            for (int i = 0; i < 2; i++) {
                Operation conv = writer(add, add.operand(i), add.operand(1 - i));
                if (conv != null) {
                    rewrite(add, conv, add.operand(i), add.operand(1 - i));
                    break;
                }
            }
        }
    }

    /** Whether {@code add} has the shape of one (see the class): three distinct operands of one type, a dest alloc. */
    private static boolean candidate(Operation add) {
        if (add.numOperands() != 3 || add.numResults() != 0) {
            return false;
        }
        for (String name : add.attributes().keySet()) {
            if (!CLAMPS.contains(name)) {
                return false;
            }
        }
        Value a = add.operand(0);
        Value b = add.operand(1);
        Value d = add.operand(2);
        if (a == b || a == d || b == d || !(d.type() instanceof MemRefType t) || !t.hasIdentityLayout()
                || !t.hasStaticShape() || !t.elementType().equals(FloatType.F32) || !a.type().equals(t)
                || !b.type().equals(t) || !isAllocIn(d, add.block())) {
            return false;
        }
        for (Operation user : d.users()) {
            Operation at = user == add ? add : MemoryViews.ancestorIn(add.block(), user);
            if (at == null || (at != add && !add.isBeforeInBlock(at))) {
                return false;
            }
        }
        return true;
    }

    /** The conv that writes {@code s} when {@code s} and {@code r} qualify (see the class), else null. */
    private static Operation writer(Operation add, Value s, Value r) {
        Block block = add.block();
        if (!isAllocIn(s, block) || !isAllocIn(r, block)) {
            return null;
        }
        Operation conv = null;
        int reads = 0;
        for (Operation user : s.users()) {
            if (user == add) {
                reads++;
            } else if (user.is("hip.conv") && conv == null && user.block() == block && user.isBeforeInBlock(add)
                    && user.operand(user.numOperands() - 1) == s && !MemoryViews.readsValue(user, s)
                    && user.attribute(HipKernelAbi.ACCUMULATE) == null && user.attribute(HipKernelAbi.MAX_POOL) == null
                    && CLAMPS.stream().allMatch(c -> user.attribute(c) == null)) {
                conv = user;
            } else if (!user.is("memref.dealloc")) {
                return null;
            }
        }
        if (conv == null || reads != 1 || !r.definingOp().isBeforeInBlock(conv)) {
            return null;
        }
        for (Operation user : r.users()) {
            if (user != add && !user.is("memref.dealloc")
                    && (user.block() != block || user.numResults() != 0 || !user.isBeforeInBlock(conv))) {
                return null;
            }
        }
        return conv;
    }

    private static void rewrite(Operation add, Operation conv, Value s, Value r) {
        Value d = add.operand(2);
        conv.setOperand(conv.numOperands() - 1, r);
        conv.setAttribute(HipKernelAbi.ACCUMULATE, BoolAttr.TRUE);
        conv.setLocation(FusedLoc.of(List.of(conv.location(), add.location())));
        for (String clamp : CLAMPS) {
            if (add.attribute(clamp) != null) {
                conv.setAttribute(clamp, add.attribute(clamp));
            }
        }
        add.erase();
        for (Operation user : List.copyOf(r.users())) {
            if (user.is("memref.dealloc")) {
                user.erase(); // r now lives as long as d did: d's deallocs free it
            }
        }
        d.replaceAllUsesWith(r);
        d.definingOp().erase();
        for (Operation user : List.copyOf(s.users())) {
            user.erase(); // s's deallocs: the conv writes r now
        }
        s.definingOp().erase();
    }

    private static boolean isAllocIn(Value v, Block block) {
        Operation def = v.definingOp();
        return def != null && def.is("memref.alloc") && def.block() == block;
    }
}
