package org.hipep.ir.rewrite;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.hipep.ir.Operation;

/**
 * Which ops are legal after a dialect conversion (MLIR's {@code ConversionTarget}). Legality is
 * declared per op name or per dialect namespace: legal, illegal, or dynamically legal (a
 * predicate decides). An op-specific declaration takes precedence over its dialect's; a later
 * declaration for the same name replaces an earlier one. Ops that nothing mentions are
 * {@link Legality#UNKNOWN}, unless {@link #markUnknownOpDynamicallyLegal} says they are legal.
 */
public final class ConversionTarget {
    /** The legality of an op. */
    public enum Legality {
        /** The op may stay. */
        LEGAL,
        /** The op must be converted (declared illegal, or its dynamic predicate rejects it). */
        ILLEGAL,
        /** Nothing declares the op legal or illegal. */
        UNKNOWN
    }

    private enum Action {
        LEGAL, DYNAMIC, ILLEGAL
    }

    private record Info(Action action, Predicate<Operation> predicate) {
    }

    private final Map<String, Info> ops = new HashMap<>();
    private final Map<String, Info> dialects = new HashMap<>();
    private Predicate<Operation> unknownOpPredicate;

    /** A target that declares nothing. */
    public ConversionTarget() {
    }

    /** Declares every op of these dialects legal. */
    public ConversionTarget addLegalDialect(String... namespaces) {
        return put(dialects, namespaces, new Info(Action.LEGAL, null));
    }

    /** Declares every op of these dialects illegal. */
    public ConversionTarget addIllegalDialect(String... namespaces) {
        return put(dialects, namespaces, new Info(Action.ILLEGAL, null));
    }

    /** Declares these ops legal. */
    public ConversionTarget addLegalOp(String... opNames) {
        return put(ops, opNames, new Info(Action.LEGAL, null));
    }

    /** Declares these ops illegal. */
    public ConversionTarget addIllegalOp(String... opNames) {
        return put(ops, opNames, new Info(Action.ILLEGAL, null));
    }

    /** Declares an op legal when {@code isLegal} accepts it, illegal otherwise. */
    public ConversionTarget addDynamicallyLegalOp(String opName, Predicate<Operation> isLegal) {
        return put(ops, new String[] {opName}, new Info(Action.DYNAMIC, Objects.requireNonNull(isLegal)));
    }

    /** Declares the ops of a dialect legal when {@code isLegal} accepts them, illegal otherwise. */
    public ConversionTarget addDynamicallyLegalDialect(String namespace, Predicate<Operation> isLegal) {
        return put(dialects, new String[] {namespace}, new Info(Action.DYNAMIC, Objects.requireNonNull(isLegal)));
    }

    /**
     * Makes ops that no declaration covers legal when {@code isLegal} accepts them (they stay
     * {@link Legality#UNKNOWN} otherwise).
     */
    public ConversionTarget markUnknownOpDynamicallyLegal(Predicate<Operation> isLegal) {
        this.unknownOpPredicate = Objects.requireNonNull(isLegal);
        return this;
    }

    private ConversionTarget put(Map<String, Info> map, String[] names, Info info) {
        for (String n : names) {
            map.put(Objects.requireNonNull(n), info);
        }
        return this;
    }

    /**
     * The legality of {@code op}: the declaration for its name if any, else its dialect's, else
     * the unknown-op predicate.
     */
    public Legality isLegal(Operation op) {
        Info info = ops.get(op.nameString());
        if (info == null) {
            info = dialects.get(op.name().dialectNamespace());
        }
        if (info == null) {
            return unknownOpPredicate != null && unknownOpPredicate.test(op) ? Legality.LEGAL : Legality.UNKNOWN;
        }
        return switch (info.action()) {
            case LEGAL -> Legality.LEGAL;
            case ILLEGAL -> Legality.ILLEGAL;
            case DYNAMIC -> info.predicate().test(op) ? Legality.LEGAL : Legality.ILLEGAL;
        };
    }

    /** Whether {@code op} is {@link Legality#ILLEGAL}. */
    public boolean isIllegal(Operation op) {
        return isLegal(op) == Legality.ILLEGAL;
    }
}
