package org.hipep.dialects.memref;

import org.hipep.ir.builtin.AffineExpr;
import org.hipep.ir.builtin.AffineMapAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;

/** The strided form of memref layouts, for the verifiers here and the lowerings elsewhere. */
public final class MemRefLayouts {
    private MemRefLayouts() {
    }

    /** {@code [offset, strides...]} of an identity, strided or linear affine layout (a dynamic
     * entry is {@link ShapedType#DYNAMIC}), else {@code null} (MLIR's {@code getStridesAndOffset}). */
    public static long[] stridesAndOffset(MemRefType m) {
        int rank = m.rank();
        long[] out = new long[rank + 1];
        if (m.layout() == null) {
            long running = 1;
            for (int i = rank - 1; i >= 0; i--) {
                out[i + 1] = running;
                long d = m.shape().get(i);
                running = running == ShapedType.DYNAMIC || d == ShapedType.DYNAMIC ? ShapedType.DYNAMIC : running * d;
            }
            return out;
        }
        if (m.layout() instanceof StridedLayoutAttr s && s.strides().size() == rank) {
            out[0] = s.offset();
            for (int i = 0; i < rank; i++) {
                out[i + 1] = s.strides().get(i);
            }
            return out;
        }
        if (m.layout() instanceof AffineMapAttr map && map.results().size() == 1 && map.numDims() == rank) {
            return addTerms(map.results().get(0), out) ? out : null;
        }
        return null;
    }

    /**
     * Adds the terms of a linear map result ({@code d0 * 4 + d1 + s0 + 2}) to {@code out}
     * ({@code [offset, strides...]}): a symbol makes its stride or the offset dynamic. False when
     * the expression is not of that form.
     */
    private static boolean addTerms(AffineExpr e, long[] out) {
        if (e instanceof AffineExpr.Binary b && b.kind() == AffineExpr.Kind.ADD) {
            return addTerms(b.lhs(), out) && addTerms(b.rhs(), out);
        }
        if (e instanceof AffineExpr.Constant c) {
            out[0] = add(out[0], c.value());
            return true;
        }
        if (e.isSymbolicOrConstant()) {
            out[0] = ShapedType.DYNAMIC;
            return true;
        }
        AffineExpr dim = e;
        long factor = 1;
        if (e instanceof AffineExpr.Binary b && b.kind() == AffineExpr.Kind.MUL && b.rhs().isSymbolicOrConstant()) {
            dim = b.lhs();
            factor = b.rhs() instanceof AffineExpr.Constant c ? c.value() : ShapedType.DYNAMIC;
        }
        if (!(dim instanceof AffineExpr.Dim d)) {
            return false;
        }
        out[d.position() + 1] = add(out[d.position() + 1], factor);
        return true;
    }

    private static long add(long a, long b) {
        return a == ShapedType.DYNAMIC || b == ShapedType.DYNAMIC ? ShapedType.DYNAMIC : a + b;
    }
}
