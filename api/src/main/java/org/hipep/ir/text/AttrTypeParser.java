package org.hipep.ir.text;

import java.math.BigInteger;
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
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.FileLineColLoc;
import org.hipep.ir.builtin.FloatAttr;
import org.hipep.ir.builtin.FloatBits;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.FusedLoc;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.NameLoc;
import org.hipep.ir.builtin.OpaqueAttr;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.builtin.UnknownLoc;

/**
 * Parses types, attributes and locations of MLIR's textual format, with attribute and type
 * aliases ({@code #name = ...}, {@code !name = ...}). Location aliases may be used before they
 * are defined (mlir-opt prints them at the end of the file); they resolve at the end.
 */
abstract class AttrTypeParser extends DenseParser {
    protected final Map<String, Attribute> attributeAliases = new HashMap<>();

    /** A location alias used before its definition; replaced once the file is parsed. */
    record AliasLoc(String name, int offset) implements Location {
    }

    AttrTypeParser(Context context, String text, String filename) {
        super(context, text, filename);
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
            case "affine_map":
                consume();
                parsePunct("<");
                return context.intern(AffineMapParser.parse(this));
            case "affine_set", "dense_resource", "sparse", "opaque", "distinct":
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
