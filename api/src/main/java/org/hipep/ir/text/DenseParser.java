package org.hipep.ir.text;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Type;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.FloatBits;
import org.hipep.ir.builtin.FloatType;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.ShapedType;

/**
 * The literal layer of the textual IR parser: dense elements ({@code dense<...>} in list, splat
 * and hex form, stored packed), dense arrays ({@code array<i64: ...>}) and the range checks of
 * integer literals.
 */
abstract class DenseParser extends TypeParser {
    DenseParser(Context context, String text, String filename) {
        super(context, text, filename);
    }

    protected Attribute parseDenseArray() {
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

    /** Whether an integer literal fits the type (either interpretation for signless types). */
    static boolean fits(Type t, BigInteger v) {
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

    // ------------------------------------------------------------------ dense elements

    protected Attribute parseDense(Type expected) {
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

}
