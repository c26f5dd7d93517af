package org.hipep.ir.builtin;

import org.hipep.ir.Type;

/**
 * An integer type of any width: signless ({@code i32}), signed ({@code si8}) or unsigned
 * ({@code ui16}). {@code i1} is the boolean type.
 *
 * @param width the number of bits, 1 to 16,777,215 as in MLIR
 * @param signedness how operations interpret the bits
 */
public record IntegerType(int width, Signedness signedness) implements Type {
    /** How the bits of an integer type are interpreted. */
    public enum Signedness {
        /** No sign semantics; operations decide ({@code iN}). */
        SIGNLESS,
        /** Two's complement signed ({@code siN}). */
        SIGNED,
        /** Unsigned ({@code uiN}). */
        UNSIGNED
    }

    /** The largest width MLIR accepts. */
    public static final int MAX_WIDTH = (1 << 24) - 1;

    public static final IntegerType I1 = new IntegerType(1, Signedness.SIGNLESS);
    public static final IntegerType I8 = new IntegerType(8, Signedness.SIGNLESS);
    public static final IntegerType I16 = new IntegerType(16, Signedness.SIGNLESS);
    public static final IntegerType I32 = new IntegerType(32, Signedness.SIGNLESS);
    public static final IntegerType I64 = new IntegerType(64, Signedness.SIGNLESS);

    public IntegerType {
        if (width < 1 || width > MAX_WIDTH) {
            throw new IllegalArgumentException("integer bitwidth is limited to " + MAX_WIDTH + " bits, got " + width);
        }
        if (signedness == null) {
            throw new IllegalArgumentException("signedness is required");
        }
    }

    /** A signless integer type of the given width. */
    public static IntegerType signless(int width) {
        return switch (width) {
            case 1 -> I1;
            case 8 -> I8;
            case 16 -> I16;
            case 32 -> I32;
            case 64 -> I64;
            default -> new IntegerType(width, Signedness.SIGNLESS);
        };
    }

    /** Whether this is a signless type. */
    public boolean isSignless() {
        return signedness == Signedness.SIGNLESS;
    }

    @Override
    public String toString() {
        return switch (signedness) {
            case SIGNLESS -> "i" + width;
            case SIGNED -> "si" + width;
            case UNSIGNED -> "ui" + width;
        };
    }
}
