package org.hipep.ir.text;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.Location;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.CallSiteLoc;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FileLineColLoc;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatBits;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FunctionType;
import org.hipep.ir.builtin.FusedLoc;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.ir.builtin.NoneType;
import org.hipep.ir.builtin.OpaqueAttr;
import org.hipep.ir.builtin.OpaqueType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.builtin.UnknownLoc;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.builtin.UnrankedTensorType;

/**
 * Parses types, attributes and locations of MLIR's textual format, with attribute and type
 * aliases ({@code #name = ...}, {@code !name = ...}). Location aliases may be used before they
 * are defined (mlir-opt prints them at the end of the file); they resolve at the end.
 */
abstract class AttrTypeParser extends ParserBase implements DialectAsmParser {
    protected final Map<String, Attribute> attributeAliases = new HashMap<>();
    protected final Map<String, Type> typeAliases = new HashMap<>();

    /** A location alias used before its definition; replaced once the file is parsed. */
    record AliasLoc(String name, int offset) implements Location {
    }

    AttrTypeParser(Context context, String text, String filename) {
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
            case "vector", "complex", "tuple":
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
        List<Long> dims = new ArrayList<>();
        while (true) {
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
            if (a instanceof StridedLayoutAttr && layout == null && space == null) {
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

    // ------------------------------------------------------------------ attributes

    @Override
    public Attribute parseAttribute(Type type) {
        checkToken();
        Token t = tok;
        switch (t.kind()) {
            case BARE_IDENTIFIER:
                return parseKeywordAttribute(type);
            case INTEGER, FLOAT:
                return parseNumberAttribute(false, type);
            case PUNCT:
                if (t.isPunct("-")) {
                    consume();
                    if (!tok.is(Token.Kind.INTEGER) && !tok.is(Token.Kind.FLOAT)) {
                        throw error("expected constant integer or floating point value");
                    }
                    return parseNumberAttribute(true, type);
                }
                if (t.isPunct("[")) {
                    consume();
                    List<Attribute> elems = new ArrayList<>();
                    if (!tok.isPunct("]")) {
                        do {
                            elems.add(parseAttribute(null));
                        } while (parseOptionalPunct(","));
                    }
                    parsePunct("]");
                    return new ArrayAttr(elems);
                }
                if (t.isPunct("{")) {
                    Map<String, Attribute> entries = new java.util.TreeMap<>();
                    parseAttributeDictionary(entries);
                    return DictionaryAttr.of(entries);
                }
                if (t.isPunct("(")) {
                    return new TypeAttr(parseType());
                }
                throw error("expected attribute value");
            case STRING: {
                String s = parseString();
                if (tok.isPunct(":")) {
                    consume();
                    parseType();
                }
                return new StringAttr(s);
            }
            case AT_IDENTIFIER:
                return parseSymbolRef();
            case HASH_IDENTIFIER:
                return parseHashAttribute(type);
            case EXCLAMATION_IDENTIFIER:
                return new TypeAttr(parseType());
            default:
                throw error("expected attribute value");
        }
    }

    /** Parses {@code {name = attr, flag}} into {@code out}; a duplicate name is an error. */
    protected void parseAttributeDictionary(Map<String, Attribute> out) {
        parsePunct("{");
        if (parseOptionalPunct("}")) {
            return;
        }
        do {
            String name;
            int at = tok.start();
            if (tok.is(Token.Kind.BARE_IDENTIFIER)) {
                name = tok.text();
                consume();
            } else if (tok.is(Token.Kind.STRING)) {
                name = parseString();
            } else {
                throw error("expected attribute name");
            }
            Attribute value = UnitAttr.INSTANCE;
            if (parseOptionalPunct("=")) {
                value = parseAttribute(null);
            }
            if (out.put(name, value) != null) {
                throw errorAt(at, "duplicate key '" + name + "' in dictionary attribute");
            }
        } while (parseOptionalPunct(","));
        parsePunct("}");
    }

    private Attribute parseKeywordAttribute(Type type) {
        switch (tok.text()) {
            case "unit":
                consume();
                return UnitAttr.INSTANCE;
            case "true":
                consume();
                return BoolAttr.TRUE;
            case "false":
                consume();
                return BoolAttr.FALSE;
            case "dense":
                consume();
                return parseDense(type);
            case "array":
                consume();
                return parseDenseArray();
            case "strided":
                consume();
                return parseStrided();
            case "loc":
                consume();
                parsePunct("(");
                Location l = parseLocationBody();
                parsePunct(")");
                return l;
            case "affine_map", "affine_set", "dense_resource", "sparse", "opaque", "distinct":
                throw error("the builtin '" + tok.text() + "' attribute is not supported");
            default:
                Type t = parseOptionalType();
                if (t == null) {
                    throw error("expected attribute value");
                }
                return new TypeAttr(t);
        }
    }

    private Attribute parseNumberAttribute(boolean negative, Type type) {
        Token lit = tok;
        int at = lit.start();
        consume();
        Type t = type;
        if (tok.isPunct(":")) {
            consume();
            t = parseType();
        }
        if (lit.is(Token.Kind.FLOAT)) {
            if (t == null) {
                t = FloatType.F64;
            }
            if (!(t instanceof FloatType ft)) {
                throw errorAt(at, "floating point value not valid for specified type");
            }
            double v = Double.parseDouble(lit.text());
            return context.intern(new FloatAttr(ft, negative ? -v : v));
        }
        if (t == null) {
            t = IntegerType.I64;
        }
        String digits = lit.text();
        BigInteger v = digits.startsWith("0x") ? new BigInteger(digits.substring(2), 16)
                : digits.length() < 18 ? BigInteger.valueOf(Long.parseLong(digits)) : new BigInteger(digits);
        if (t instanceof FloatType ft) {
            if (!lit.text().startsWith("0x")) {
                throw errorAt(at, "unexpected decimal integer literal for a floating point value");
            }
            double d = FloatBits.fromBits(ft, v.longValue());
            return context.intern(new FloatAttr(ft, negative ? -d : d));
        }
        if (negative) {
            v = v.negate();
        }
        if (t instanceof IntegerType it && it.width() == 1) {
            if (v.signum() == 0 || v.equals(BigInteger.ONE) || v.equals(BigInteger.ONE.negate())) {
                return BoolAttr.of(v.signum() != 0);
            }
            throw errorAt(at, "integer constant out of range for attribute");
        }
        if (!(t instanceof IntegerType) && !(t instanceof IndexType)) {
            throw errorAt(at, "integer literal not valid for specified type");
        }
        if (!fits(t, v)) {
            throw errorAt(at, "integer constant out of range for attribute");
        }
        return context.intern(new IntegerAttr(t, IntegerAttr.wrap(t, v)));
    }

    private static boolean fits(Type t, BigInteger v) {
        int w = t instanceof IntegerType it ? it.width() : 64;
        boolean unsigned = t instanceof IntegerType it && it.signedness() == IntegerType.Signedness.UNSIGNED;
        boolean signed = t instanceof IntegerType it && it.signedness() == IntegerType.Signedness.SIGNED;
        if (unsigned) {
            return v.signum() >= 0 && v.bitLength() <= w;
        }
        if (signed) {
            return v.bitLength() <= w - 1;
        }
        // Signless: either interpretation.
        return v.signum() >= 0 ? v.bitLength() <= w : v.bitLength() <= w - 1;
    }

    private Attribute parseSymbolRef() {
        String root = symbolName(tok);
        consume();
        List<String> nested = new ArrayList<>();
        while (tok.isPunct("::")) {
            consume();
            if (!tok.is(Token.Kind.AT_IDENTIFIER)) {
                throw error("expected nested symbol reference identifier");
            }
            nested.add(symbolName(tok));
            consume();
        }
        return context.intern(new SymbolRefAttr(root, nested));
    }

    private Attribute parseHashAttribute(Type type) {
        String text = tok.text().substring(1);
        int dot = text.indexOf('.');
        if (dot < 0) {
            Attribute a = attributeAliases.get(text);
            if (a == null) {
                throw error("undefined symbol alias id '" + text + "'");
            }
            consume();
            return a;
        }
        String ns = text.substring(0, dot);
        int bodyStart = tok.start() + 1 + dot + 1;
        Dialect d = context.getOrLoadDialect(ns);
        if (d == null) {
            if (!context.allowsUnregisteredDialects()) {
                throw error("dialect '" + ns + "' is unknown; use --allow-unregistered-dialect to accept its attributes");
            }
            resetTo(bodyStart);
            return context.intern(new OpaqueAttr(ns, consumeBody()));
        }
        resetTo(bodyStart);
        return d.parseAttribute(this, type);
    }

    private Attribute parseStrided() {
        parsePunct("<");
        parsePunct("[");
        List<Long> strides = new ArrayList<>();
        if (!tok.isPunct("]")) {
            do {
                strides.add(parseDynamicIndex());
            } while (parseOptionalPunct(","));
        }
        parsePunct("]");
        long offset = 0;
        if (parseOptionalPunct(",")) {
            parseKeyword("offset");
            parsePunct(":");
            offset = parseDynamicIndex();
        }
        parsePunct(">");
        return context.intern(new StridedLayoutAttr(offset, strides));
    }

    @Override
    public long parseDynamicIndex() {
        if (parseOptionalPunct("?")) {
            return ShapedType.DYNAMIC;
        }
        return parseInteger();
    }

    private Attribute parseDenseArray() {
        parsePunct("<");
        Type et = parseType();
        List<String> lits = new ArrayList<>();
        if (parseOptionalPunct(":")) {
            do {
                boolean neg = parseOptionalPunct("-");
                if (!tok.is(Token.Kind.INTEGER) && !tok.is(Token.Kind.FLOAT) && !tok.isKeyword("true") && !tok.isKeyword("false")) {
                    throw error("expected integer or float literal in dense array");
                }
                lits.add((neg ? "-" : "") + tok.text());
                consume();
            } while (parseOptionalPunct(","));
        }
        parsePunct(">");
        if (et instanceof FloatType ft) {
            double[] v = new double[lits.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = parseFloatLiteral(ft, lits.get(i));
            }
            return DenseArrayAttr.ofDoubles(ft, v);
        }
        if (et instanceof IntegerType it) {
            long[] v = new long[lits.size()];
            for (int i = 0; i < v.length; i++) {
                String s = lits.get(i);
                v[i] = s.equals("true") ? 1 : s.equals("false") ? 0 : Long.decode(s);
            }
            return DenseArrayAttr.ofLongs(it, v);
        }
        throw error("dense array element type must be an integer or float type, got " + AttrTypePrinter.typeToString(et));
    }

    private static double parseFloatLiteral(FloatType ft, String s) {
        boolean neg = s.startsWith("-");
        String body = neg ? s.substring(1) : s;
        double v = body.startsWith("0x") ? FloatBits.fromBits(ft, Long.parseUnsignedLong(body.substring(2), 16)) : Double.parseDouble(body);
        return neg ? -v : v;
    }

    // ------------------------------------------------------------------ dense elements

    private Attribute parseDense(Type expected) {
        int at = tok.start();
        parsePunct("<");
        String hex = null;
        DenseLiteral lit = new DenseLiteral();
        List<Long> shape = List.of();
        boolean splatLiteral = false;
        if (tok.is(Token.Kind.STRING)) {
            hex = tok.text();
            consume();
        } else if (tok.isPunct("[")) {
            shape = parseDenseList(lit);
        } else if (!tok.isPunct(">")) {
            parseDenseScalar(lit);
            splatLiteral = true;
        }
        parsePunct(">");
        Type t = expected;
        if (tok.isPunct(":")) {
            consume();
            t = parseType();
        } else if (t == null) {
            throw error("expected ':'");
        }
        if (!(t instanceof ShapedType st) || !st.hasStaticShape()) {
            throw errorAt(at, "elements literal must be a static shaped type");
        }
        if (hex != null) {
            return denseFromHex(st, hex, at);
        }
        if (!splatLiteral && !shape.equals(st.shape()) && !(lit.size == 0 && st.numElements() == 0)) {
            throw errorAt(at, "inferred shape of elements literal (" + shape + ") does not match type (" + st.shape() + ")");
        }
        try {
            return lit.toAttr(st, splatLiteral);
        } catch (IllegalArgumentException e) {
            throw errorAt(at, e.getMessage());
        }
    }

    private Attribute denseFromHex(ShapedType st, String quoted, int at) {
        String s = quoted.substring(1, quoted.length() - 1);
        if (!s.startsWith("0x") || (s.length() % 2) != 0) {
            throw errorAt(at, "expected a hex string starting with '0x' with an even number of digits");
        }
        int n = (s.length() - 2) / 2;
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            int hi = hexValue(s.charAt(2 + 2 * i));
            int lo = hexValue(s.charAt(3 + 2 * i));
            if ((hi | lo) < 0) {
                throw errorAt(at + 3 + 2 * i, "invalid hex digit in dense elements literal");
            }
            bytes[i] = (byte) (hi << 4 | lo);
        }
        try {
            return DenseElementsAttr.fromRaw(st, ByteBuffer.wrap(bytes));
        } catch (IllegalArgumentException e) {
            throw errorAt(at, "elements hex data size is invalid for provided type: " + e.getMessage());
        }
    }

    private static final byte[] HEX_VALUES = new byte[128];

    static {
        java.util.Arrays.fill(HEX_VALUES, (byte) -1);
        for (int i = 0; i < 10; i++) {
            HEX_VALUES['0' + i] = (byte) i;
        }
        for (int i = 0; i < 6; i++) {
            HEX_VALUES['a' + i] = (byte) (10 + i);
            HEX_VALUES['A' + i] = (byte) (10 + i);
        }
    }

    private static int hexValue(char c) {
        return c < 128 ? HEX_VALUES[c] : -1;
    }

    private List<Long> parseDenseList(DenseLiteral lit) {
        parsePunct("[");
        List<Long> inner = null;
        long count = 0;
        if (!tok.isPunct("]")) {
            do {
                List<Long> sub;
                if (tok.isPunct("[")) {
                    sub = parseDenseList(lit);
                } else {
                    parseDenseScalar(lit);
                    sub = List.of();
                }
                if (inner == null) {
                    inner = sub;
                } else if (!inner.equals(sub)) {
                    throw error("tensor literal is invalid; ranks are not consistent between elements");
                }
                count++;
            } while (parseOptionalPunct(","));
        }
        parsePunct("]");
        List<Long> shape = new ArrayList<>();
        shape.add(count);
        if (inner != null) {
            shape.addAll(inner);
        }
        return shape;
    }

    private void parseDenseScalar(DenseLiteral lit) {
        boolean neg = parseOptionalPunct("-");
        if (tok.is(Token.Kind.INTEGER)) {
            lit.add(DenseLiteral.INT, neg, tok.text(), tok.start());
        } else if (tok.is(Token.Kind.FLOAT)) {
            lit.add(DenseLiteral.FLOAT, neg, tok.text(), tok.start());
        } else if (!neg && (tok.isKeyword("true") || tok.isKeyword("false"))) {
            lit.add(DenseLiteral.BOOL, false, tok.text(), tok.start());
        } else {
            throw error("expected element literal of primitive type");
        }
        consume();
    }

    /** Scalars of a dense literal, kept as text until the element type is known. */
    private final class DenseLiteral {
        static final byte INT = 0;
        static final byte FLOAT = 1;
        static final byte BOOL = 2;
        byte[] kinds = new byte[16];
        String[] texts = new String[16];
        int[] offsets = new int[16];
        int size;

        void add(byte kind, boolean neg, String text, int offset) {
            if (size == kinds.length) {
                kinds = java.util.Arrays.copyOf(kinds, size * 2);
                texts = java.util.Arrays.copyOf(texts, size * 2);
                offsets = java.util.Arrays.copyOf(offsets, size * 2);
            }
            kinds[size] = kind;
            texts[size] = neg ? "-" + text : text;
            offsets[size] = offset;
            size++;
        }

        DenseElementsAttr toAttr(ShapedType st, boolean splat) {
            Type et = st.elementType();
            int width = DenseElementsAttr.elementBytes(et);
            ByteBuffer b = ByteBuffer.allocate(width * size).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < size; i++) {
                long bits = bitsOf(et, i);
                for (int k = 0; k < width; k++) {
                    b.put((byte) (bits >>> (8 * k)));
                }
            }
            b.flip();
            if (splat && size == 1 && st.numElements() != 1) {
                return DenseElementsAttr.fromRaw(st, b);
            }
            if (size != st.numElements()) {
                throw new IllegalArgumentException("expected " + st.numElements() + " elements, got " + size);
            }
            return DenseElementsAttr.fromRaw(st, b);
        }

        private long bitsOf(Type et, int i) {
            String s = texts[i];
            if (et instanceof FloatType ft) {
                if (kinds[i] == BOOL) {
                    throw errorAt(offsets[i], "expected floating point elements, but parsed boolean");
                }
                return FloatBits.toBits(ft, parseFloatLiteral(ft, s));
            }
            if (et instanceof IntegerType it && it.width() == 1) {
                if (kinds[i] == BOOL) {
                    return s.equals("true") ? 1 : 0;
                }
                if (s.equals("0") || s.equals("1")) {
                    return Long.parseLong(s);
                }
                throw errorAt(offsets[i], "expected i1 element to be 'true', 'false', 0 or 1");
            }
            if (kinds[i] != INT) {
                throw errorAt(offsets[i], "expected integer elements, but parsed " + (kinds[i] == FLOAT ? "floating-point" : "boolean"));
            }
            boolean neg = s.startsWith("-");
            String body = neg ? s.substring(1) : s;
            BigInteger v = body.startsWith("0x") ? new BigInteger(body.substring(2), 16) : new BigInteger(body);
            if (neg) {
                v = v.negate();
            }
            if (!fits(et, v)) {
                throw errorAt(offsets[i], "integer constant out of range for type");
            }
            return v.longValue();
        }
    }

    // ------------------------------------------------------------------ locations

    @Override
    public Location parseLocationBody() {
        if (tok.isKeyword("unknown")) {
            consume();
            return UnknownLoc.INSTANCE;
        }
        if (tok.isKeyword("callsite")) {
            consume();
            parsePunct("(");
            Location callee = parseLocationBody();
            parseKeyword("at");
            Location caller = parseLocationBody();
            parsePunct(")");
            return context.intern(new CallSiteLoc(callee, caller));
        }
        if (tok.isKeyword("fused")) {
            consume();
            Attribute meta = null;
            if (parseOptionalPunct("<")) {
                meta = parseAttribute(null);
                parsePunct(">");
            }
            parsePunct("[");
            List<Location> locs = new ArrayList<>();
            if (!tok.isPunct("]")) {
                do {
                    locs.add(parseLocationBody());
                } while (parseOptionalPunct(","));
            }
            parsePunct("]");
            return context.intern(new FusedLoc(locs, meta));
        }
        if (tok.is(Token.Kind.HASH_IDENTIFIER)) {
            String name = tok.text().substring(1);
            int at = tok.start();
            consume();
            Attribute a = attributeAliases.get(name);
            if (a == null) {
                return new AliasLoc(name, at);
            }
            if (!(a instanceof Location l)) {
                throw errorAt(at, "expected location, but found '" + AttrTypePrinter.attributeToString(a) + "'");
            }
            return l;
        }
        if (tok.is(Token.Kind.STRING)) {
            String s = parseString();
            if (parseOptionalPunct(":")) {
                long line = parseInteger();
                parsePunct(":");
                long col = parseInteger();
                return context.intern(new FileLineColLoc(s, (int) line, (int) col));
            }
            Location child = UnknownLoc.INSTANCE;
            if (parseOptionalPunct("(")) {
                child = parseLocationBody();
                parsePunct(")");
            }
            return context.intern(new NameLoc(s, child));
        }
        throw error("expected location instance");
    }

    /** Replaces alias placeholders in a location (recursively), once all aliases are known. */
    protected Location resolveLocation(Location l) {
        if (l instanceof AliasLoc a) {
            Attribute def = attributeAliases.get(a.name());
            if (!(def instanceof Location resolved)) {
                throw errorAt(a.offset(), def == null ? "operation location alias was never defined"
                        : "expected location, but found '" + AttrTypePrinter.attributeToString(def) + "'");
            }
            return resolveLocation(resolved);
        }
        if (l instanceof NameLoc n) {
            Location c = resolveLocation(n.child());
            return c == n.child() ? n : new NameLoc(n.name(), c);
        }
        if (l instanceof CallSiteLoc c) {
            return new CallSiteLoc(resolveLocation(c.callee()), resolveLocation(c.caller()));
        }
        if (l instanceof FusedLoc f) {
            List<Location> ls = new ArrayList<>();
            for (Location x : f.locations()) {
                ls.add(resolveLocation(x));
            }
            return new FusedLoc(ls, f.metadata());
        }
        return l;
    }
}
