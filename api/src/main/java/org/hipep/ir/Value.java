package org.hipep.ir;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Predicate;

/**
 * An SSA value: the result of an operation ({@link OpResult}) or an argument of a block
 * ({@link BlockArgument}). Every value keeps the list of its uses ({@link OpOperand}s), so
 * replacing a value everywhere is a walk over that list.
 */
public abstract sealed class Value permits OpResult, BlockArgument {
    private Type type;
    OpOperand firstUse;

    Value(Type type) {
        this.type = requireType(type);
    }

    /** The value's type. */
    public final Type type() {
        return type;
    }

    /** Changes the type in place (the caller keeps the IR valid). */
    public final void setType(Type type) {
        this.type = requireType(type);
    }

    /** The operation that defines this value, or {@code null} for a block argument. */
    public abstract Operation definingOp();

    /** The block in which this value is defined. */
    public abstract Block parentBlock();

    /** The location of the value: its defining op's, or the argument's own. */
    public abstract Location location();

    /** The region in which this value is defined, or {@code null} when detached. */
    public final Region parentRegion() {
        Block b = parentBlock();
        return b == null ? null : b.parent();
    }

    /** The uses of this value, most recent first (like MLIR's use lists). */
    public final Iterable<OpOperand> uses() {
        return () -> new Iterator<>() {
            private OpOperand next = firstUse;

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public OpOperand next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                OpOperand r = next;
                next = r.nextUse;
                return r;
            }
        };
    }

    /** A snapshot of the uses, safe to iterate while the uses change. */
    public final List<OpOperand> useList() {
        List<OpOperand> out = new ArrayList<>();
        for (OpOperand u = firstUse; u != null; u = u.nextUse) {
            out.add(u);
        }
        return out;
    }

    /** The distinct operations that use this value, in use-list order. */
    public final List<Operation> users() {
        LinkedHashSet<Operation> out = new LinkedHashSet<>();
        for (OpOperand u = firstUse; u != null; u = u.nextUse) {
            out.add(u.owner());
        }
        return List.copyOf(out);
    }

    /** Whether nothing uses this value. */
    public final boolean useEmpty() {
        return firstUse == null;
    }

    /** Whether exactly one operand uses this value. */
    public final boolean hasOneUse() {
        return firstUse != null && firstUse.nextUse == null;
    }

    /** Makes every use of this value use {@code replacement} instead. */
    public final void replaceAllUsesWith(Value replacement) {
        if (replacement == this) {
            return;
        }
        while (firstUse != null) {
            firstUse.set(replacement);
        }
    }

    /** Replaces the uses that satisfy {@code filter}. */
    public final void replaceUsesWithIf(Value replacement, Predicate<OpOperand> filter) {
        for (OpOperand u : useList()) {
            if (filter.test(u)) {
                u.set(replacement);
            }
        }
    }

    /** Replaces every use except those owned by {@code except}. */
    public final void replaceAllUsesExcept(Value replacement, Operation except) {
        replaceUsesWithIf(replacement, u -> u.owner() != except);
    }

    void addUse(OpOperand u) {
        u.prevUse = null;
        u.nextUse = firstUse;
        if (firstUse != null) {
            firstUse.prevUse = u;
        }
        firstUse = u;
    }

    void removeUse(OpOperand u) {
        if (u.prevUse != null) {
            u.prevUse.nextUse = u.nextUse;
        } else {
            firstUse = u.nextUse;
        }
        if (u.nextUse != null) {
            u.nextUse.prevUse = u.prevUse;
        }
        u.prevUse = null;
        u.nextUse = null;
    }

    private static Type requireType(Type t) {
        if (t == null) {
            throw new IllegalArgumentException("a value needs a type");
        }
        return t;
    }
}
