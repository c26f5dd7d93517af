package org.hipep.ir.builtin;

/**
 * An affine expression over dims {@code d<i>}, symbols {@code s<i>} and constants, as in
 * {@code affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>}. Built through {@link #add} and
 * {@link #mul}, which fold constants and keep constants and symbols on the right as MLIR does,
 * so that the usual spellings print back the way {@code mlir-opt} prints them.
 */
public sealed interface AffineExpr {
    /** {@code d<position>}. */
    record Dim(int position) implements AffineExpr {
    }

    /** {@code s<position>}. */
    record Symbol(int position) implements AffineExpr {
    }

    /** An integer constant. */
    record Constant(long value) implements AffineExpr {
    }

    /** The binary operators, in MLIR's spelling. */
    enum Kind {
        ADD(" + "), MUL(" * "), MOD(" mod "), FLOORDIV(" floordiv "), CEILDIV(" ceildiv ");

        private final String spelling;

        Kind(String spelling) {
            this.spelling = spelling;
        }

        /** The operator with its surrounding spaces. */
        public String spelling() {
            return spelling;
        }
    }

    /** {@code lhs <kind> rhs}. */
    record Binary(Kind kind, AffineExpr lhs, AffineExpr rhs) implements AffineExpr {
    }

    /** Whether the expression uses no dims. */
    default boolean isSymbolicOrConstant() {
        if (this instanceof Dim) {
            return false;
        }
        return !(this instanceof Binary b) || b.lhs().isSymbolicOrConstant() && b.rhs().isSymbolicOrConstant();
    }

    /** {@code a + b}, folded and with constants and symbolic terms moved right. */
    static AffineExpr add(AffineExpr a, AffineExpr b) {
        if (a instanceof Constant x && b instanceof Constant y) {
            return new Constant(x.value() + y.value());
        }
        if (a instanceof Constant || a.isSymbolicOrConstant() && !b.isSymbolicOrConstant()) {
            return add(b, a);
        }
        if (b instanceof Constant y && y.value() == 0) {
            return a;
        }
        if (b instanceof Constant y && a instanceof Binary ab && ab.kind() == Kind.ADD
                && ab.rhs() instanceof Constant z) {
            return add(ab.lhs(), new Constant(y.value() + z.value()));
        }
        return new Binary(Kind.ADD, a, b);
    }

    /** {@code a * b}, folded and with constants and symbolic factors moved right. */
    static AffineExpr mul(AffineExpr a, AffineExpr b) {
        if (a instanceof Constant x && b instanceof Constant y) {
            return new Constant(x.value() * y.value());
        }
        if (a instanceof Constant || a.isSymbolicOrConstant() && !b.isSymbolicOrConstant()) {
            return mul(b, a);
        }
        if (b instanceof Constant y && y.value() == 1) {
            return a;
        }
        if (b instanceof Constant y && y.value() == 0) {
            return b;
        }
        return new Binary(Kind.MUL, a, b);
    }

    /** {@code a mod b}, {@code a floordiv b} or {@code a ceildiv b}, folded when both are constants. */
    static AffineExpr divide(Kind kind, AffineExpr a, AffineExpr b) {
        if (a instanceof Constant x && b instanceof Constant y && y.value() != 0) {
            long v = switch (kind) {
                case MOD -> Math.floorMod(x.value(), y.value());
                case FLOORDIV -> Math.floorDiv(x.value(), y.value());
                case CEILDIV -> -Math.floorDiv(-x.value(), y.value());
                default -> throw new IllegalArgumentException(kind + " is not a division");
            };
            return new Constant(v);
        }
        if (kind != Kind.MOD && b instanceof Constant y && y.value() == 1) {
            return a;
        }
        return new Binary(kind, a, b);
    }

    /** MLIR's text of the expression. */
    default String text() {
        StringBuilder sb = new StringBuilder();
        print(this, sb, false);
        return sb.toString();
    }

    private static void print(AffineExpr e, StringBuilder out, boolean strong) {
        if (e instanceof Dim d) {
            out.append('d').append(d.position());
            return;
        }
        if (e instanceof Symbol s) {
            out.append('s').append(s.position());
            return;
        }
        if (e instanceof Constant c) {
            out.append(c.value());
            return;
        }
        Binary b = (Binary) e;
        if (strong) {
            out.append('(');
        }
        if (b.kind() != Kind.ADD) {
            if (b.kind() == Kind.MUL && b.rhs() instanceof Constant c && c.value() == -1) {
                out.append('-');
                print(b.lhs(), out, true);
            } else {
                print(b.lhs(), out, true);
                out.append(b.kind().spelling());
                print(b.rhs(), out, true);
            }
        } else if (b.rhs() instanceof Binary m && m.kind() == Kind.MUL && m.rhs() instanceof Constant c
                && c.value() < 0) {
            print(b.lhs(), out, false);
            out.append(" - ");
            if (c.value() == -1) {
                print(m.lhs(), out, m.lhs() instanceof Binary ml && ml.kind() == Kind.ADD);
            } else {
                print(m.lhs(), out, true);
                out.append(" * ").append(-c.value());
            }
        } else if (b.rhs() instanceof Constant c && c.value() < 0) {
            print(b.lhs(), out, false);
            out.append(" - ").append(-c.value());
        } else {
            print(b.lhs(), out, false);
            out.append(" + ");
            print(b.rhs(), out, false);
        }
        if (strong) {
            out.append(')');
        }
    }
}
