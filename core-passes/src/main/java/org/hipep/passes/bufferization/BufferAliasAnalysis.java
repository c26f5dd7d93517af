package org.hipep.passes.bufferization;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hipep.ir.OpOperand;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.interfaces.BufferizableOpInterface;
import org.hipep.ir.interfaces.BufferizationState;

/**
 * The in-place analysis of one function body, in program order. Tensor values that will share a
 * buffer are kept in alias sets (union-find): a view and its source always, a written operand
 * and its aliasing results once the write is decided in place. A write goes in place unless
 * <ul>
 *   <li>{@code copy-before-write} is on,</li>
 *   <li>the set's buffer is read-only (a constant, a non-writable {@code to_tensor}, a function
 *       argument marked {@code bufferization.writable = false}), or</li>
 *   <li>it would clobber a value that is still read: some value of the set is read by a later
 *       op, or by another operand of the writing op itself.</li>
 * </ul>
 * An out-of-place write gets a new buffer, and a copy of the old contents only when the op also
 * reads the operand and those contents are defined (not a fresh {@code tensor.empty}).
 */
final class BufferAliasAnalysis {
    private final BufferizationState state;
    private final boolean copyBeforeWrite;
    private final Map<Operation, Integer> position = new IdentityHashMap<>();
    private final Map<Value, Value> parent = new IdentityHashMap<>();
    private final Map<Value, List<Value>> members = new IdentityHashMap<>();
    private final Set<Value> readOnlyRoots = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Operation, BitSet> outOfPlace;
    private final Map<Operation, BitSet> needsCopy;
    private final List<OpOperand> inPlaceWrites = new ArrayList<>();

    BufferAliasAnalysis(BufferizationState state, boolean copyBeforeWrite, Map<Operation, BitSet> outOfPlace,
            Map<Operation, BitSet> needsCopy) {
        this.state = state;
        this.copyBeforeWrite = copyBeforeWrite;
        this.outOfPlace = outOfPlace;
        this.needsCopy = needsCopy;
    }

    /**
     * Analyses {@code ops} (the function's ops in program order); {@code readOnlyArgs} are the
     * entry arguments whose buffers must not be written. Returns, per entry argument, whether the
     * function writes it in place.
     */
    BitSet analyze(List<Operation> ops, List<? extends Value> arguments, BitSet readOnlyArgs) {
        for (int i = 0; i < ops.size(); i++) {
            position.put(ops.get(i), i);
        }
        for (int i = 0; i < arguments.size(); i++) {
            if (readOnlyArgs.get(i)) {
                readOnlyRoots.add(find(arguments.get(i)));
            }
        }
        for (Operation op : ops) {
            BufferizableOpInterface model = model(op);
            if (model == null) {
                continue;
            }
            for (Value r : op.results()) {
                if (OneShotBufferizePass.isTensor(r.type()) && !model.isWritable(r, state)) {
                    readOnlyRoots.add(find(r));
                }
            }
            for (OpOperand o : op.opOperands()) {
                if (OneShotBufferizePass.isTensor(o.get().type()) && !model.bufferizesToMemoryWrite(o, state)) {
                    for (Value alias : model.getAliasingValues(o, state)) {
                        union(o.get(), alias);
                    }
                }
            }
        }
        for (Operation op : ops) {
            BufferizableOpInterface model = model(op);
            if (model == null) {
                continue;
            }
            for (OpOperand o : op.opOperands()) {
                if (!OneShotBufferizePass.isTensor(o.get().type()) || !model.bufferizesToMemoryWrite(o, state)) {
                    continue;
                }
                Value root = find(o.get());
                if (!copyBeforeWrite && !readOnlyRoots.contains(root) && !conflicts(o)) {
                    for (Value alias : model.getAliasingValues(o, state)) {
                        union(o.get(), alias);
                    }
                    inPlaceWrites.add(o);
                    continue;
                }
                outOfPlace.computeIfAbsent(op, k -> new BitSet()).set(o.index());
                if (model.bufferizesToMemoryRead(o, state) && !hasUndefinedContents(o.get())) {
                    needsCopy.computeIfAbsent(op, k -> new BitSet()).set(o.index());
                }
            }
        }
        BitSet written = new BitSet();
        Set<Value> writtenRoots = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (OpOperand o : inPlaceWrites) {
            writtenRoots.add(find(o.get()));
        }
        for (int i = 0; i < arguments.size(); i++) {
            if (writtenRoots.contains(find(arguments.get(i)))) {
                written.set(i);
            }
        }
        return written;
    }

    private static BufferizableOpInterface model(Operation op) {
        return op.getInterface(BufferizableOpInterface.class);
    }

    /** Whether writing {@code write}'s buffer in place would clobber a value read afterwards. */
    private boolean conflicts(OpOperand write) {
        Operation writer = write.owner();
        int at = position.getOrDefault(writer, -1);
        for (Value member : members.getOrDefault(find(write.get()), List.of(write.get()))) {
            for (OpOperand use : member.useList()) {
                Operation user = use.owner();
                boolean later = user == writer ? use.index() != write.index()
                        : position.getOrDefault(user, Integer.MAX_VALUE) > at;
                if (later && reads(use)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean reads(OpOperand use) {
        BufferizableOpInterface model = model(use.owner());
        return model == null || model.bufferizesToMemoryRead(use, state);
    }

    private static boolean hasUndefinedContents(Value v) {
        Operation def = v.definingOp();
        BufferizableOpInterface model = def == null ? null : model(def);
        return model != null && model.bufferizesToAllocation(v);
    }

    private Value find(Value v) {
        Value p = parent.get(v);
        if (p == null) {
            return v;
        }
        Value root = find(p);
        parent.put(v, root);
        return root;
    }

    private void union(Value a, Value b) {
        Value ra = find(a);
        Value rb = find(b);
        if (ra == rb) {
            return;
        }
        parent.put(rb, ra);
        List<Value> into = members.computeIfAbsent(ra, k -> new ArrayList<>(List.of(ra)));
        into.addAll(members.getOrDefault(rb, List.of(rb)));
        members.remove(rb);
        if (readOnlyRoots.remove(rb)) {
            readOnlyRoots.add(ra);
        }
    }
}
