package org.hipep.ir.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.AffineMapAttr;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.OpaqueType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.builtin.VectorType;

/**
 * The type layer of the textual IR parser: builtin types, dimension lists, function types,
 * dialect types (through the dialect's hook, or kept opaque for unknown dialects) and type
 * aliases.
 */
abstract class TypeParser extends ParserBase implements DialectAsmParser {
    protected final Map<String, Type> typeAliases = new HashMap<>();

    TypeParser(Context context, String text, String filename) {
        super(context, text, filename);
    }

    // ------------------------------------------------------------------ types

    @Override
    public Type parseType() {
        Type t = parseOptionalType();
        if (t == null) {
            throw error("expected non-function type");
        }
        return t;
    }

    @Override
    public Type parseOptionalType() {
        checkToken();
        if (tok.isPunct("(")) {
            return parseFunctionTypeBody();
        }
        if (tok.is(Token.Kind.EXCLAMATION_IDENTIFIER)) {
            return parseExclamationType();
        }
        if (!tok.is(Token.Kind.BARE_IDENTIFIER)) {
            return null;
        }
        String k = tok.text();
        Type simple = simpleType(k);
        if (simple != null) {
            consume();
            return context.intern(simple);
        }
        switch (k) {
            case "tensor":
                consume();
                return context.intern(parseTensorBody());
            case "memref":
                consume();
                return context.intern(parseMemRefBody());
            case "vector":
                int start = tok.start();
                consume();
                return context.intern(parseVectorBody(start));
            case "complex", "tuple":
                throw error("the builtin '" + k + "' type is not supported");
            default:
                return null;
        }
    }

    private static Type simpleType(String k) {
        switch (k) {
            case "index":
                return IndexType.INSTANCE;
            case "none":
                return NoneType.INSTANCE;
            default:
                break;
        }
        FloatType f = FloatType.forKeyword(k);
        if (f != null) {
            return f;
        }
        IntegerType.Signedness s;
        String digits;
        if (k.startsWith("si")) {
            s = IntegerType.Signedness.SIGNED;
            digits = k.substring(2);
        } else if (k.startsWith("ui")) {
            s = IntegerType.Signedness.UNSIGNED;
            digits = k.substring(2);
        } else if (k.startsWith("i")) {
            s = IntegerType.Signedness.SIGNLESS;
            digits = k.substring(1);
        } else {
            return null;
        }
        if (digits.isEmpty() || digits.length() > 8) {
            return null;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return null;
            }
        }
        int w = Integer.parseInt(digits);
        if (w < 1 || w > IntegerType.MAX_WIDTH) {
            return null;
        }
        return s == IntegerType.Signedness.SIGNLESS ? IntegerType.signless(w) : new IntegerType(w, s);
    }

    private FunctionType parseFunctionTypeBody() {
        parsePunct("(");
        List<Type> inputs = tok.isPunct(")") ? List.of() : parseTypeList(false);
        parsePunct(")");
        parsePunct("->");
        List<Type> results;
        if (tok.isPunct("(")) {
            consume();
            results = tok.isPunct(")") ? List.of() : parseTypeList(false);
            parsePunct(")");
        } else {
            results = List.of(parseType());
        }
        return context.intern(new FunctionType(inputs, results));
    }

    /** Parses {@code (types) -> results}. */
    public FunctionType parseFunctionType() {
        if (!tok.isPunct("(")) {
            throw error("expected '('");
        }
        return parseFunctionTypeBody();
    }

    @Override
    public Type parseColonType() {
        parsePunct(":");
        return parseType();
    }

    @Override
    public List<Type> parseTypeList(boolean allowEmpty) {
        List<Type> out = new ArrayList<>();
        Type first = parseOptionalType();
        if (first == null) {
            if (allowEmpty) {
                return out;
            }
            throw error("expected type");
        }
        out.add(first);
        while (parseOptionalPunct(",")) {
            out.add(parseType());
        }
        return out;
    }

    /** Parses dimensions {@code 2x?x} up to the element type; {@code allowDynamic} for {@code ?}. */
    private List<Long> parseDimensions() {
        return parseDimensions(Integer.MAX_VALUE);
    }

    /** Reads up to {@code max} dimensions, each followed by its {@code x}. */
    private List<Long> parseDimensions(int max) {
        List<Long> dims = new ArrayList<>();
        while (dims.size() < max) {
            if (tok.isPunct("?")) {
                consume();
                dims.add(ShapedType.DYNAMIC);
            } else if (tok.is(Token.Kind.INTEGER) && !tok.text().startsWith("0x")) {
                dims.add(Long.parseLong(tok.text()));
                consume();
            } else if (tok.is(Token.Kind.INTEGER) && tok.text().startsWith("0x")) {
                // "0x4xf32": the lexer saw a hex prefix; split after the 0.
                dims.add(0L);
                resetTo(tok.start() + 1);
            } else {
                return dims;
            }
            // Expect an 'x', which the lexer may have glued to what follows ("x4xf32", "xf32").
            if (tok.is(Token.Kind.BARE_IDENTIFIER) && tok.text().startsWith("x")) {
                resetTo(tok.start() + 1);
            } else {
                throw error("expected 'x' in dimension list");
            }
        }
        return dims;
    }

    /** {@code <2x[4]xf32>}: static dims, the bracketed ones scalable; errors point at {@code start}. */
    private Type parseVectorBody(int start) {
        parsePunct("<");
        List<Long> dims = new ArrayList<>();
        List<Boolean> scalable = new ArrayList<>();
        while (true) {
            boolean bracket = parseOptionalPunct("[");
            if (!tok.is(Token.Kind.INTEGER) && !bracket) {
                break;
            }
            List<Long> one = bracket ? List.of(parseIntegerToken()) : parseDimensions(1);
            if (bracket) {
                parsePunct("]");
                if (!(tok.is(Token.Kind.BARE_IDENTIFIER) && tok.text().startsWith("x"))) {
                    throw error("expected 'x' in dimension list");
                }
                resetTo(tok.start() + 1);
            }
            if (one.get(0) <= 0) {
                throw errorAt(start, "vector types must have positive constant sizes but got " + one.get(0));
            }
            dims.add(one.get(0));
            scalable.add(bracket);
        }
        Type et = parseType();
        if (!(et instanceof IntegerType || et instanceof FloatType || et instanceof IndexType)) {
            throw errorAt(start, "failed to verify 'elementType': VectorElementTypeInterface instance");
        }
        parsePunct(">");
        return new VectorType(dims, et, scalable);
    }

    private long parseIntegerToken() {
        if (!tok.is(Token.Kind.INTEGER)) {
            throw error("expected integer value");
        }
        long v = Long.parseLong(tok.text());
        consume();
        return v;
    }

    private Type parseTensorBody() {
        parsePunct("<");
        if (parseOptionalPunct("*")) {
            expectX();
            Type et = parseType();
            parsePunct(">");
            return new UnrankedTensorType(et);
        }
        List<Long> dims = parseDimensions();
        Type et = parseType();
        Attribute enc = null;
        if (parseOptionalPunct(",")) {
            enc = parseAttribute(null);
        }
        parsePunct(">");
        return new RankedTensorType(dims, et, enc);
    }

    private Type parseMemRefBody() {
        parsePunct("<");
        if (parseOptionalPunct("*")) {
            expectX();
            Type et = parseType();
            Attribute space = null;
            if (parseOptionalPunct(",")) {
                space = parseAttribute(null);
            }
            parsePunct(">");
            return new UnrankedMemRefType(et, space);
        }
        List<Long> dims = parseDimensions();
        Type et = parseType();
        Attribute layout = null;
        Attribute space = null;
        while (parseOptionalPunct(",")) {
            Attribute a = parseAttribute(null);
            if (a instanceof AffineMapAttr map && layout == null && space == null) {
                if (map.numDims() != dims.size()) {
                    throw error("memref layout mismatch between rank and affine map: " + dims.size() + " != "
                            + map.numDims());
                }
                layout = map.isIdentity() ? null : map;
            } else if (a instanceof StridedLayoutAttr && layout == null && space == null) {
                layout = a;
            } else if (space == null) {
                space = a;
            } else {
                throw error("unexpected extra attribute in memref type");
            }
        }
        parsePunct(">");
        return new MemRefType(dims, et, layout, space);
    }

    private void expectX() {
        if (tok.is(Token.Kind.BARE_IDENTIFIER) && tok.text().startsWith("x")) {
            resetTo(tok.start() + 1);
        } else {
            throw error("expected 'x' in dimension list");
        }
    }

    private Type parseExclamationType() {
        String text = tok.text().substring(1);
        int dot = text.indexOf('.');
        if (dot < 0) {
            Type t = typeAliases.get(text);
            if (t == null) {
                throw error("undefined symbol alias id '" + text + "'");
            }
            consume();
            return t;
        }
        String ns = text.substring(0, dot);
        int bodyStart = tok.start() + 1 + dot + 1;
        Dialect d = context.getOrLoadDialect(ns);
        if (d == null) {
            if (!context.allowsUnregisteredDialects()) {
                throw error("dialect '" + ns + "' is unknown; use --allow-unregistered-dialect to accept its types");
            }
            resetTo(bodyStart);
            return context.intern(new OpaqueType(ns, consumeBody()));
        }
        resetTo(bodyStart);
        return d.parseType(this);
    }

    @Override
    public String consumeBody() {
        String src = lexer.source();
        int p = tok.start();
        while (p < src.length() && Lexical.isSuffixIdChar(src.charAt(p))) {
            p++;
        }
        if (p < src.length() && src.charAt(p) == '<') {
            p = skipBalanced(src, p);
        }
        String body = src.substring(tok.start(), p);
        resetTo(p);
        return body;
    }

    private int skipBalanced(String src, int p) {
        int depth = 0;
        int start = p;
        while (p < src.length()) {
            char c = src.charAt(p);
            if (c == '"') {
                p++;
                while (p < src.length() && src.charAt(p) != '"') {
                    p += src.charAt(p) == '\\' ? 2 : 1;
                }
            } else if (c == '<' || c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == '>' || c == ')' || c == ']' || c == '}') {
                if (c == '>' && p > 0 && src.charAt(p - 1) == '-') {
                    p++;
                    continue;
                }
                depth--;
                if (depth == 0) {
                    return p + 1;
                }
            }
            p++;
        }
        throw errorAt(start, "unbalanced '<' in dialect body");
    }

}
