package org.hipep.ir.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.builtin.AffineExpr;
import org.hipep.ir.builtin.AffineMapAttr;

/**
 * Reads the body of {@code affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>} (after the
 * {@code <}): the dim and symbol names, then the results with MLIR's precedence ({@code + -} below
 * {@code * floordiv ceildiv mod}, unary minus, parentheses).
 */
final class AffineMapParser {
    private final ParserBase p;
    private final Map<String, AffineExpr> names = new HashMap<>();

    private AffineMapParser(ParserBase p) {
        this.p = p;
    }

    /** Parses {@code (dims)[symbols] -> (results)>}. */
    static AffineMapAttr parse(ParserBase p) {
        return new AffineMapParser(p).map();
    }

    private AffineMapAttr map() {
        int dims = idList("(", ")", false);
        int symbols = p.tok.isPunct("[") ? idList("[", "]", true) : 0;
        p.parsePunct("->");
        p.parsePunct("(");
        List<AffineExpr> results = new ArrayList<>();
        if (!p.parseOptionalPunct(")")) {
            do {
                results.add(sum());
            } while (p.parseOptionalPunct(","));
            p.parsePunct(")");
        }
        p.parsePunct(">");
        return new AffineMapAttr(dims, symbols, results);
    }

    private int idList(String open, String close, boolean symbols) {
        p.parsePunct(open);
        int n = 0;
        if (!p.parseOptionalPunct(close)) {
            do {
                int at = p.tok.start();
                String name = p.parseKeyword();
                AffineExpr e = symbols ? new AffineExpr.Symbol(n) : new AffineExpr.Dim(n);
                if (names.put(name, e) != null) {
                    throw p.errorAt(at, "redefinition of identifier '" + name + "'");
                }
                n++;
            } while (p.parseOptionalPunct(","));
            p.parsePunct(close);
        }
        return n;
    }

    private AffineExpr sum() {
        AffineExpr e = product();
        while (true) {
            if (p.parseOptionalPunct("+")) {
                e = AffineExpr.add(e, product());
            } else if (p.parseOptionalPunct("-")) {
                e = AffineExpr.add(e, AffineExpr.mul(product(), new AffineExpr.Constant(-1)));
            } else {
                return e;
            }
        }
    }

    private AffineExpr product() {
        AffineExpr e = unary();
        while (true) {
            if (p.parseOptionalPunct("*")) {
                e = AffineExpr.mul(e, unary());
            } else if (p.parseOptionalKeyword("floordiv")) {
                e = AffineExpr.divide(AffineExpr.Kind.FLOORDIV, e, unary());
            } else if (p.parseOptionalKeyword("ceildiv")) {
                e = AffineExpr.divide(AffineExpr.Kind.CEILDIV, e, unary());
            } else if (p.parseOptionalKeyword("mod")) {
                e = AffineExpr.divide(AffineExpr.Kind.MOD, e, unary());
            } else {
                return e;
            }
        }
    }

    private AffineExpr unary() {
        if (p.parseOptionalPunct("-")) {
            return AffineExpr.mul(unary(), new AffineExpr.Constant(-1));
        }
        if (p.parseOptionalPunct("(")) {
            AffineExpr e = sum();
            p.parsePunct(")");
            return e;
        }
        if (p.tok.is(Token.Kind.INTEGER)) {
            return new AffineExpr.Constant(p.parseInteger());
        }
        int at = p.tok.start();
        String name = p.parseOptionalKeyword();
        AffineExpr e = name == null ? null : names.get(name);
        if (e == null) {
            throw p.errorAt(at, name == null ? "expected affine expression" : "use of undeclared identifier");
        }
        return e;
    }
}
