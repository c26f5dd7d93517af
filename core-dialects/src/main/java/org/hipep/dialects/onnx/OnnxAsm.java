package org.hipep.dialects.onnx;

import org.hipep.ir.Attribute;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.DialectAsmParser;
import org.hipep.ir.text.DialectAsmPrinter;

/**
 * The textual forms of the dialect's types ({@code seq<T>}, {@code opt<T>}, {@code map<K, V>})
 * and of its attribute ({@code external<"file", offset = N, length = M> : tensor<...>}), as
 * written after {@code !onnx.} and {@code #onnx.}.
 */
final class OnnxAsm {
    private OnnxAsm() {
    }

    static Type parseType(DialectAsmParser p) {
        String kw = p.parseKeyword();
        switch (kw) {
            case "seq": {
                p.parsePunct("<");
                Type element = p.parseType();
                p.parsePunct(">");
                return p.context().intern(new SequenceType(element));
            }
            case "opt": {
                p.parsePunct("<");
                Type element = p.parseType();
                p.parsePunct(">");
                return p.context().intern(new OptionalType(element));
            }
            case "map": {
                p.parsePunct("<");
                Type key = p.parseType();
                p.parsePunct(",");
                Type value = p.parseType();
                p.parsePunct(">");
                return p.context().intern(new MapType(key, value));
            }
            default:
                throw p.error("unknown onnx type '" + kw + "' (expected seq, opt or map)");
        }
    }

    static void printType(Type type, DialectAsmPrinter p) {
        if (type instanceof SequenceType s) {
            p.print("seq<").printType(s.elementType()).print(">");
        } else if (type instanceof OptionalType o) {
            p.print("opt<").printType(o.elementType()).print(">");
        } else if (type instanceof MapType m) {
            p.print("map<").printType(m.keyType()).print(", ").printType(m.valueType()).print(">");
        } else {
            throw new IllegalArgumentException("not an onnx type: " + type.getClass().getName());
        }
    }

    /** Parses {@code external<"file", offset = N, length = M>} and the {@code : type} after it (or {@code type}). */
    static Attribute parseAttribute(DialectAsmParser p, Type type) {
        String kw = p.parseKeyword();
        if (!kw.equals("external")) {
            throw p.error("unknown onnx attribute '" + kw + "' (expected external)");
        }
        p.parsePunct("<");
        String location = p.parseString();
        if (location.isEmpty()) {
            throw p.error("external data needs a non-empty location");
        }
        p.parsePunct(",");
        long offset = parseField(p, "offset");
        p.parsePunct(",");
        long length = parseField(p, "length");
        p.parsePunct(">");
        Type t = type;
        if (p.parseOptionalPunct(":")) {
            t = p.parseType();
        }
        if (t == null) {
            throw p.error("expected ':' and the tensor type of the external data");
        }
        if (!(t instanceof RankedTensorType || t instanceof UnrankedTensorType)) {
            throw p.error("external data must have a tensor type, got " + typeText(t));
        }
        return p.context().intern(new ExternalAttr(location, offset, length, (ShapedType) t));
    }

    private static long parseField(DialectAsmParser p, String name) {
        p.parseKeyword(name);
        p.parsePunct("=");
        long v = p.parseInteger();
        if (v < 0) {
            throw p.error("external data " + name + " must be >= 0, got " + v);
        }
        return v;
    }

    static void printAttribute(Attribute attribute, DialectAsmPrinter p) {
        if (!(attribute instanceof ExternalAttr e)) {
            throw new IllegalArgumentException("not an onnx attribute: " + attribute.getClass().getName());
        }
        p.print("external<").printString(e.location()).print(", offset = " + e.offset() + ", length = " + e.length()
                + "> : ").printType(e.type());
    }

    /** A type as text without a context: this dialect's types by hand, the others by the builtin printer. */
    static String typeText(Type t) {
        if (t instanceof SequenceType || t instanceof OptionalType || t instanceof MapType) {
            return t.toString();
        }
        return AttrTypePrinter.typeToString(t);
    }
}
