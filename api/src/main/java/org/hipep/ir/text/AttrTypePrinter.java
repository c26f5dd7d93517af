package org.hipep.ir.text;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Context;
import org.hipep.ir.Dialect;
import org.hipep.ir.DialectAttribute;
import org.hipep.ir.DialectType;
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
import org.hipep.ir.builtin.AffineMapAttr;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.StringAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.builtin.UnknownLoc;
import org.hipep.ir.builtin.UnrankedMemRefType;
import org.hipep.ir.builtin.UnrankedTensorType;
import org.hipep.ir.builtin.VectorType;

/**
 * Writes types, attributes and locations in MLIR's textual syntax. Dialect types and
 * attributes are written by their dialect's hooks, found through the context.
 */
public class AttrTypePrinter implements DialectAsmPrinter {
    /** The output. */
    protected final StringBuilder out;
    /** The context whose dialects print dialect types and attributes (may be {@code null}). */
    protected final Context context;
    /** Printing options. */
    protected final AsmPrinterOptions options;

    /** A printer appending to {@code out}. */
    public AttrTypePrinter(StringBuilder out, Context context, AsmPrinterOptions options) {
        this.out = out;
        this.context = context;
        this.options = options;
    }

    /** A type as text. */
    public static String typeToString(Type type) {
        StringBuilder sb = new StringBuilder();
        new AttrTypePrinter(sb, null, AsmPrinterOptions.defaults()).printType(type);
        return sb.toString();
    }

    /** A type as text, with the dialect types of {@code context} (for diagnostics on ops). */
    public static String typeToString(Type type, Context context) {
        StringBuilder sb = new StringBuilder();
        new AttrTypePrinter(sb, context, AsmPrinterOptions.defaults()).printType(type);
        return sb.toString();
    }

    /** An attribute as text. */
    public static String attributeToString(Attribute attribute) {
        StringBuilder sb = new StringBuilder();
        new AttrTypePrinter(sb, null, AsmPrinterOptions.defaults()).printAttribute(attribute);
        return sb.toString();
    }

    @Override
    public AttrTypePrinter print(String text) {
        out.append(text);
        return this;
    }

    @Override
    public AttrTypePrinter printString(String value) {
        Lexical.appendQuoted(out, value);
        return this;
    }

    @Override
    public AttrTypePrinter printSymbolName(String name) {
        out.append('@');
        printKeywordOrString(name);
        return this;
    }

    @Override
    public AttrTypePrinter printKeywordOrString(String keyword) {
        if (Lexical.isBareIdentifier(keyword)) {
            out.append(keyword);
        } else {
            Lexical.appendQuoted(out, keyword);
        }
        return this;
    }

    // ------------------------------------------------------------------ types

    @Override
    public AttrTypePrinter printType(Type type) {
        if (type instanceof IntegerType || type instanceof FloatType || type instanceof IndexType
                || type instanceof NoneType) {
            out.append(type);
        } else if (type instanceof FunctionType ft) {
            out.append('(');
            printTypeList(ft.inputs());
            out.append(") -> ");
            printResultTypes(ft.results());
        } else if (type instanceof RankedTensorType t) {
            out.append("tensor<");
            printShape(t.shape());
            printType(t.elementType());
            if (t.encoding() != null) {
                out.append(", ");
                printAttribute(t.encoding());
            }
            out.append('>');
        } else if (type instanceof VectorType v) {
            out.append("vector<");
            for (int i = 0; i < v.rank(); i++) {
                String d = Long.toString(v.shape().get(i));
                out.append(v.scalableDims().get(i) ? "[" + d + "]" : d).append('x');
            }
            printType(v.elementType());
            out.append('>');
        } else if (type instanceof UnrankedTensorType t) {
            out.append("tensor<*x");
            printType(t.elementType());
            out.append('>');
        } else if (type instanceof MemRefType m) {
            out.append("memref<");
            printShape(m.shape());
            printType(m.elementType());
            if (m.layout() != null) {
                out.append(", ");
                printAttribute(m.layout());
            }
            if (m.memorySpace() != null) {
                out.append(", ");
                printAttributeWithoutI64(m.memorySpace());
            }
            out.append('>');
        } else if (type instanceof UnrankedMemRefType m) {
            out.append("memref<*x");
            printType(m.elementType());
            if (m.memorySpace() != null) {
                out.append(", ");
                printAttributeWithoutI64(m.memorySpace());
            }
            out.append('>');
        } else if (type instanceof OpaqueType o) {
            out.append('!').append(o.dialectNamespace()).append('.').append(o.body());
        } else if (type instanceof DialectType d) {
            out.append('!').append(d.dialectNamespace()).append('.');
            dialectFor(d.dialectNamespace(), type).printType(type, this);
        } else {
            throw new IllegalArgumentException("cannot print type " + type + " (" + type.getClass().getName() + ")");
        }
        return this;
    }

    /** Writes {@code a, b, c}. */
    public void printTypeList(List<? extends Type> types) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            printType(types.get(i));
        }
    }

    /** Writes result types: a single non-function type bare, otherwise in parentheses. */
    public void printResultTypes(List<? extends Type> results) {
        if (results.size() == 1 && !(results.get(0) instanceof FunctionType)) {
            printType(results.get(0));
        } else {
            out.append('(');
            printTypeList(results);
            out.append(')');
        }
    }

    private void printShape(List<Long> shape) {
        for (long d : shape) {
            out.append(d == ShapedType.DYNAMIC ? "?" : Long.toString(d)).append('x');
        }
    }

    private Dialect dialectFor(String ns, Object what) {
        Dialect d = context == null ? null : context.getOrLoadDialect(ns);
        if (d == null) {
            throw new IllegalStateException("cannot print " + what + ": dialect '" + ns + "' is not loaded");
        }
        return d;
    }

    // ------------------------------------------------------------------ attributes

    @Override
    public AttrTypePrinter printAttribute(Attribute a) {
        printAttribute(a, true);
        return this;
    }

    @Override
    public AttrTypePrinter printAttributeWithoutType(Attribute a) {
        printAttribute(a, false);
        return this;
    }

    private void printAttributeWithoutI64(Attribute a) {
        boolean i64 = a instanceof IntegerAttr ia && ia.type().equals(IntegerType.I64);
        printAttribute(a, !i64);
    }

    private void printAttribute(Attribute a, boolean withType) {
        if (a instanceof UnitAttr) {
            out.append("unit");
        } else if (a instanceof BoolAttr b) {
            out.append(b.value());
        } else if (a instanceof IntegerAttr i) {
            if (i.value().bitLength() < 64) {
                out.append(i.value().longValue());
            } else {
                out.append(i.value());
            }
            if (withType) {
                out.append(" : ");
                printType(i.type());
            }
        } else if (a instanceof FloatAttr f) {
            printFloat(f.type(), f.value());
            if (withType) {
                out.append(" : ");
                printType(f.type());
            }
        } else if (a instanceof StringAttr s) {
            printString(s.value());
        } else if (a instanceof ArrayAttr arr) {
            out.append('[');
            for (int i = 0; i < arr.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                // MLIR elides the default i64 of integer elements: [0, 1] rather than [0 : i64, 1 : i64].
                printAttributeWithoutI64(arr.get(i));
            }
            out.append(']');
        } else if (a instanceof DictionaryAttr d) {
            printDictionary(d.entries(), List.of());
        } else if (a instanceof TypeAttr t) {
            printType(t.value());
        } else if (a instanceof SymbolRefAttr s) {
            printSymbolName(s.rootReference());
            for (String n : s.nestedReferences()) {
                out.append("::");
                printSymbolName(n);
            }
        } else if (a instanceof DenseElementsAttr d) {
            printDense(d);
            if (withType) {
                out.append(" : ");
                printType(d.type());
            }
        } else if (a instanceof DenseArrayAttr d) {
            printDenseArray(d);
        } else if (a instanceof AffineMapAttr m) {
            out.append("affine_map<").append(m.body()).append('>');
        } else if (a instanceof StridedLayoutAttr s) {
            out.append("strided<[");
            for (int i = 0; i < s.strides().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                out.append(dyn(s.strides().get(i)));
            }
            out.append(']');
            if (s.offset() != 0) {
                out.append(", offset: ").append(dyn(s.offset()));
            }
            out.append('>');
        } else if (a instanceof Location l) {
            out.append("loc(");
            printLocationBody(l);
            out.append(')');
        } else if (a instanceof OpaqueAttr o) {
            out.append('#').append(o.dialectNamespace()).append('.').append(o.body());
        } else if (a instanceof DialectAttribute d) {
            out.append('#').append(d.dialectNamespace()).append('.');
            dialectFor(d.dialectNamespace(), a).printAttribute(a, this);
        } else {
            throw new IllegalArgumentException("cannot print attribute " + a + " (" + a.getClass().getName() + ")");
        }
    }

    private static String dyn(long v) {
        return v == ShapedType.DYNAMIC ? "?" : Long.toString(v);
    }

    /** Writes {@code {a = 1 : i64, b}} for the entries not in {@code elided}; nothing when none remain. */
    public void printDictionary(Map<String, Attribute> entries, java.util.Collection<String> elided) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, Attribute> e : entries.entrySet()) {
            if (elided.contains(e.getKey())) {
                continue;
            }
            if (!first) {
                out.append(", ");
            }
            first = false;
            printKeywordOrString(e.getKey());
            if (!(e.getValue() instanceof UnitAttr)) {
                out.append(" = ");
                printAttribute(e.getValue());
            }
        }
        out.append('}');
    }

    /**
     * Writes a float as MLIR does: six-digit scientific notation when that reads back to the same
     * value, else the shortest decimal form, else (infinities, NaNs) the hex bit pattern.
     */
    public void printFloat(FloatType type, double v) {
        if (!Double.isNaN(v) && !Double.isInfinite(v)) {
            String sci = String.format(java.util.Locale.ROOT, "%.6e", v);
            if (sameBits(type, v, Double.parseDouble(sci))) {
                out.append(sci);
                return;
            }
            String shortest = type.kind() == FloatType.Kind.F64 ? Double.toString(v) : Float.toString((float) v);
            if (shortest.contains(".") && sameBits(type, v, Double.parseDouble(shortest))) {
                out.append(shortest);
                return;
            }
        }
        String hex = Long.toHexString(FloatBits.toBits(type, v)).toUpperCase(java.util.Locale.ROOT);
        out.append("0x").append(hex);
    }

    private static boolean sameBits(FloatType type, double a, double b) {
        return FloatBits.toBits(type, a) == FloatBits.toBits(type, b);
    }

    private void printDense(DenseElementsAttr d) {
        out.append("dense<");
        ShapedType t = d.type();
        if (d.isSplat()) {
            printElement(d, 0);
        } else if (d.numElements() > options.hexThreshold()) {
            out.append("\"0x");
            appendHex(d.rawData());
            out.append('"');
        } else {
            printDenseLevel(d, t.shape(), 0, new long[] {0});
        }
        out.append('>');
    }

    /** Appends the bytes as upper-case hex, in bulk (weights can be hundreds of megabytes). */
    private void appendHex(ByteBuffer raw) {
        byte[] chunk = new byte[1 << 16];
        char[] chars = new char[chunk.length * 2];
        out.ensureCapacity(out.length() + raw.remaining() * 2);
        while (raw.hasRemaining()) {
            int n = Math.min(chunk.length, raw.remaining());
            raw.get(chunk, 0, n);
            for (int i = 0; i < n; i++) {
                int b = chunk[i] & 0xFF;
                chars[2 * i] = Lexical.HEX[b >> 4];
                chars[2 * i + 1] = Lexical.HEX[b & 15];
            }
            out.append(chars, 0, 2 * n);
        }
    }

    private void printDenseLevel(DenseElementsAttr d, List<Long> shape, int dim, long[] next) {
        if (dim == shape.size()) {
            printElement(d, next[0]++);
            return;
        }
        out.append('[');
        for (long i = 0; i < shape.get(dim); i++) {
            if (i > 0) {
                out.append(", ");
            }
            printDenseLevel(d, shape, dim + 1, next);
        }
        out.append(']');
    }

    private void printElement(DenseElementsAttr d, long i) {
        printAttribute(d.getElement(i), false);
    }

    private void printDenseArray(DenseArrayAttr d) {
        out.append("array<");
        printType(d.elementType());
        if (d.size() > 0) {
            out.append(": ");
            if (d.isFloat()) {
                double[] v = d.asDoubles();
                for (int i = 0; i < v.length; i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    printFloat((FloatType) d.elementType(), v[i]);
                }
            } else {
                long[] v = d.asLongs();
                boolean bool = d.elementType() instanceof IntegerType it && it.width() == 1;
                for (int i = 0; i < v.length; i++) {
                    if (i > 0) {
                        out.append(", ");
                    }
                    out.append(bool ? Boolean.toString(v[i] != 0) : Long.toString(v[i]));
                }
            }
        }
        out.append('>');
    }

    // ------------------------------------------------------------------ locations

    /** Writes what goes inside {@code loc(...)}. */
    public void printLocationBody(Location l) {
        if (l instanceof UnknownLoc) {
            out.append("unknown");
        } else if (l instanceof FileLineColLoc f) {
            printString(f.filename());
            out.append(':').append(f.line()).append(':').append(f.column());
        } else if (l instanceof NameLoc n) {
            printString(n.name());
            if (!(n.child() instanceof UnknownLoc)) {
                out.append('(');
                printLocationBody(n.child());
                out.append(')');
            }
        } else if (l instanceof CallSiteLoc c) {
            out.append("callsite(");
            printLocationBody(c.callee());
            out.append(" at ");
            printLocationBody(c.caller());
            out.append(')');
        } else if (l instanceof FusedLoc f) {
            out.append("fused");
            if (f.metadata() != null) {
                out.append('<');
                printAttribute(f.metadata());
                out.append('>');
            }
            out.append('[');
            for (int i = 0; i < f.locations().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                printLocationBody(f.locations().get(i));
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot print location " + l);
        }
    }
}
