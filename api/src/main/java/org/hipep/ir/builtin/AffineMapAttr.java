package org.hipep.ir.builtin;

import java.util.List;
import org.hipep.ir.Attribute;

/**
 * {@code affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>}: a memref layout (or any attribute
 * value) mapping {@code numDims} dims and {@code numSymbols} symbols to the result expressions.
 * A memref whose layout is the identity map has no layout ({@link MemRefType#layout()} is
 * {@code null}), as in MLIR.
 *
 * @param numDims the number of dims
 * @param numSymbols the number of symbols
 * @param results the result expressions
 */
public record AffineMapAttr(int numDims, int numSymbols, List<AffineExpr> results) implements Attribute {
    public AffineMapAttr {
        results = List.copyOf(results);
    }

    /** Whether the map is {@code (d0, .., dn) -> (d0, .., dn)} without symbols. */
    public boolean isIdentity() {
        if (numSymbols != 0 || results.size() != numDims) {
            return false;
        }
        for (int i = 0; i < numDims; i++) {
            if (!(results.get(i) instanceof AffineExpr.Dim d) || d.position() != i) {
                return false;
            }
        }
        return true;
    }

    /** The text inside {@code affine_map<...>}. */
    public String body() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < numDims; i++) {
            sb.append(i > 0 ? ", " : "").append('d').append(i);
        }
        sb.append(')');
        if (numSymbols > 0) {
            sb.append('[');
            for (int i = 0; i < numSymbols; i++) {
                sb.append(i > 0 ? ", " : "").append('s').append(i);
            }
            sb.append(']');
        }
        sb.append(" -> (");
        for (int i = 0; i < results.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(results.get(i).text());
        }
        return sb.append(')').toString();
    }
}
