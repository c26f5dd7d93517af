package org.hipep.dialects.memref;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.OperationState;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.ArrayAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.text.AttrTypePrinter;
import org.hipep.ir.text.OpAsmParser;
import org.hipep.ir.text.OpAsmPrinter;
import org.hipep.ir.text.OpAssembly;

/**
 * Assembly and verification helpers shared by the {@code memref}, {@code tensor} and
 * {@code bufferization} dialects: MLIR's {@code operandSegmentSizes}, mixed static/dynamic index
 * lists ({@code [%i, 0, 4]}), reassociation lists ({@code [[0, 1], [2]]}) and attribute
 * dictionaries that elide what the custom form already shows.
 */
public final class ShapedSyntax {
    /** The property giving the sizes of variadic operand groups. */
    public static final String SEGMENTS = "operandSegmentSizes";

    private ShapedSyntax() {
    }

    /** An {@link OpAssembly} from a print and a parse function. */
    public static OpAssembly assembly(BiConsumer<Operation, OpAsmPrinter> print,
            BiConsumer<OpAsmParser, OperationState> parse) {
        return new OpAssembly() {
            @Override
            public void print(Operation op, OpAsmPrinter printer) {
                print.accept(op, printer);
            }

            @Override
            public void parse(OpAsmParser parser, OperationState state) {
                parse.accept(parser, state);
            }
        };
    }

    /** MLIR's text of a type. */
    public static String text(Type type) {
        return AttrTypePrinter.typeToString(type);
    }

    /** Writes the discardable attributes and the properties not in {@code elided} as {@code {...}}. */
    public static void printAttrDict(Operation op, OpAsmPrinter p, String... elided) {
        Map<String, Attribute> all = new TreeMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            all.putAll(props.entries());
        }
        Set<String> skip = new java.util.HashSet<>(List.of(elided));
        skip.add(SEGMENTS);
        p.printOptionalAttrDict(all, skip);
    }

    /** Writes {@code keyword} (with a leading space) when the unit property {@code name} is set. */
    public static void printUnitKeyword(Operation op, OpAsmPrinter p, String name) {
        if (op.attribute(name) != null) {
            p.print(" ").print(name);
        }
    }

    /** Reads an optional {@code keyword} into the unit attribute of the same name. */
    public static void parseUnitKeyword(OpAsmParser parser, OperationState state, String name) {
        if (parser.parseOptionalKeyword(name)) {
            state.addAttribute(name, UnitAttr.INSTANCE);
        }
    }

    /** The {@code array<i32: ...>} value of {@code operandSegmentSizes}. */
    public static DenseArrayAttr segments(long... sizes) {
        return DenseArrayAttr.ofLongs(IntegerType.I32, sizes);
    }

    /** The operands of variadic group {@code group}, or an empty list when the segments are malformed. */
    public static List<Value> segment(Operation op, int group) {
        long[] sizes = op.attribute(SEGMENTS) instanceof DenseArrayAttr a ? a.asLongs() : null;
        if (sizes == null || group >= sizes.length) {
            return List.of();
        }
        int start = 0;
        for (int i = 0; i < group; i++) {
            start += (int) sizes[i];
        }
        if (start + sizes[group] > op.numOperands()) {
            return List.of();
        }
        return op.operands().subList(start, start + (int) sizes[group]);
    }

    /** Checks {@code operandSegmentSizes}: {@code groups} non-negative entries summing to the operand count. */
    public static LogicalResult verifySegments(Operation op, int groups) {
        if (!(op.attribute(SEGMENTS) instanceof DenseArrayAttr a) || a.isFloat()
                || !a.elementType().equals(IntegerType.I32)) {
            return op.emitOpError("requires dense i32 array attribute '" + SEGMENTS + "'");
        }
        long[] sizes = a.asLongs();
        if (sizes.length != groups) {
            return op.emitOpError("'" + SEGMENTS + "' attribute for specifying operand segments must have "
                    + groups + " elements, but got " + sizes.length);
        }
        long total = 0;
        for (long s : sizes) {
            if (s < 0) {
                return op.emitOpError("'" + SEGMENTS + "' attribute cannot have negative elements");
            }
            total += s;
        }
        if (total != op.numOperands()) {
            return op.emitOpError("operand count (" + op.numOperands() + ") does not match with the total size ("
                    + total + ") specified in attribute '" + SEGMENTS + "'");
        }
        return LogicalResult.success();
    }

    /** Checks that every value of {@code values} (operand group number {@code group}) is an index. */
    public static LogicalResult verifyIndices(Operation op, List<Value> values, int group) {
        for (Value v : values) {
            if (!(v.type() instanceof IndexType)) {
                return op.emitOpError("operand #" + group + " must be variadic of index, but got '" + text(v.type())
                        + "'");
            }
        }
        return LogicalResult.success();
    }

    /** A mixed static/dynamic list as written: the static values with {@link ShapedType#DYNAMIC} for SSA uses. */
    public record MixedList(long[] statics, List<OpAsmParser.UnresolvedOperand> dynamics) {
    }

    /** Reads {@code [%a, 4, %b]} (possibly empty). */
    public static MixedList parseMixedList(OpAsmParser parser) {
        List<Long> statics = new ArrayList<>();
        List<OpAsmParser.UnresolvedOperand> dynamics = new ArrayList<>();
        parser.parsePunct("[");
        if (!parser.parseOptionalPunct("]")) {
            do {
                OpAsmParser.UnresolvedOperand u = parser.parseOptionalOperand();
                if (u != null) {
                    dynamics.add(u);
                    statics.add(ShapedType.DYNAMIC);
                } else {
                    statics.add(parser.parseInteger());
                }
            } while (parser.parseOptionalPunct(","));
            parser.parsePunct("]");
        }
        return new MixedList(statics.stream().mapToLong(Long::longValue).toArray(), dynamics);
    }

    /** Resolves the SSA uses of a mixed list as indices and stores the static part as {@code attr}. */
    public static int addMixedList(OpAsmParser parser, OperationState state, MixedList list, String attr) {
        for (OpAsmParser.UnresolvedOperand u : list.dynamics()) {
            state.operands.add(parser.resolveOperand(u, IndexType.INSTANCE));
        }
        state.addAttribute(attr, DenseArrayAttr.i64(list.statics()));
        return list.dynamics().size();
    }

    /** Writes {@code [%a, 4, %b]} from the static property {@code attr} and the dynamic values. */
    public static void printMixedList(Operation op, OpAsmPrinter p, String attr, List<Value> dynamics) {
        long[] statics = longs(op.attribute(attr));
        p.print("[");
        int d = 0;
        for (int i = 0; i < statics.length; i++) {
            if (i > 0) {
                p.print(", ");
            }
            if (statics[i] == ShapedType.DYNAMIC && d < dynamics.size()) {
                p.printOperand(dynamics.get(d++));
            } else {
                p.print(Long.toString(statics[i]));
            }
        }
        p.print("]");
    }

    /** The values of an i64 dense array, or an empty array when {@code a} is not one. */
    public static long[] longs(Attribute a) {
        return a instanceof DenseArrayAttr arr && !arr.isFloat() ? arr.asLongs() : new long[0];
    }

    /** Counts the {@link ShapedType#DYNAMIC} entries. */
    public static int countDynamic(long[] values) {
        int n = 0;
        for (long v : values) {
            if (v == ShapedType.DYNAMIC) {
                n++;
            }
        }
        return n;
    }

    /** Reads {@code [[0, 1], [2]]} as an array of arrays of i64. */
    public static ArrayAttr parseReassociation(OpAsmParser parser) {
        List<Attribute> groups = new ArrayList<>();
        parser.parsePunct("[");
        if (!parser.parseOptionalPunct("]")) {
            do {
                List<Attribute> group = new ArrayList<>();
                parser.parsePunct("[");
                if (!parser.parseOptionalPunct("]")) {
                    do {
                        group.add(IntegerAttr.i64(parser.parseInteger()));
                    } while (parser.parseOptionalPunct(","));
                    parser.parsePunct("]");
                }
                groups.add(new ArrayAttr(group));
            } while (parser.parseOptionalPunct(","));
            parser.parsePunct("]");
        }
        return new ArrayAttr(groups);
    }

    /** Writes the {@code reassociation} property as {@code [[0, 1], [2]]}. */
    public static void printReassociation(Operation op, OpAsmPrinter p) {
        List<List<Long>> groups = reassociation(op.attribute("reassociation"));
        if (groups == null) {
            p.printAttribute(op.attribute("reassociation"));
            return;
        }
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < groups.size(); i++) {
            sb.append(i > 0 ? ", [" : "[");
            for (int j = 0; j < groups.get(i).size(); j++) {
                sb.append(j > 0 ? ", " : "").append(groups.get(i).get(j));
            }
            sb.append(']');
        }
        p.print(sb.append(']').toString());
    }

    /** The reassociation groups, or {@code null} when the attribute is not an array of integer arrays. */
    public static List<List<Long>> reassociation(Attribute a) {
        if (!(a instanceof ArrayAttr arr)) {
            return null;
        }
        List<List<Long>> out = new ArrayList<>();
        for (Attribute g : arr.elements()) {
            if (!(g instanceof ArrayAttr ga)) {
                return null;
            }
            List<Long> group = new ArrayList<>();
            for (Attribute e : ga.elements()) {
                if (!(e instanceof IntegerAttr i)) {
                    return null;
                }
                group.add(i.longValue());
            }
            out.add(group);
        }
        return out;
    }

    /**
     * MLIR's checks of a collapse/expand: the reassociation covers the expanded dims contiguously,
     * one group per collapsed dim, and each static collapsed dim is the product of its group.
     */
    public static LogicalResult verifyReshape(Operation op, ShapedType collapsed, ShapedType expanded,
            Attribute reassociationAttr) {
        List<List<Long>> groups = reassociation(reassociationAttr);
        if (groups == null) {
            return op.emitOpError("requires attribute 'reassociation' to be an array of index arrays");
        }
        if (collapsed.rank() >= expanded.rank()) {
            return op.emitOpError("expected the expanded type, " + text(expanded)
                    + " to have a higher (or same) rank than the collapsed type, " + text(collapsed) + '.');
        }
        if (groups.size() != collapsed.rank()) {
            return op.emitOpError("collapsed rank (" + collapsed.rank()
                    + ") inconsistent with number of reassociation indices (" + groups.size() + ")");
        }
        long next = 0;
        for (List<Long> g : groups) {
            if (g.isEmpty()) {
                return op.emitOpError("reassociation indices must not be empty");
            }
            for (long d : g) {
                if (d != next++) {
                    return op.emitOpError("reassociation indices must be contiguous");
                }
            }
        }
        if (next != expanded.rank()) {
            return op.emitOpError("expanded rank (" + expanded.rank()
                    + ") inconsistent with number of reassociation indices (" + next + ")");
        }
        for (int i = 0; i < groups.size(); i++) {
            long product = 1;
            boolean dynamic = false;
            for (long d : groups.get(i)) {
                long size = expanded.shape().get((int) d);
                if (size == ShapedType.DYNAMIC) {
                    dynamic = true;
                } else {
                    product *= size;
                }
            }
            long c = collapsed.shape().get(i);
            if (!dynamic && c != ShapedType.DYNAMIC && c != product) {
                if (collapsed instanceof org.hipep.ir.builtin.RankedTensorType) {
                    return op.emitOpError("expected dimension " + i + " of collapsed type to be static value of "
                            + product);
                }
                return op.emitOpError("collapsed dim size (" + c + ") must equal reassociation group size ("
                        + product + ")");
            }
        }
        return LogicalResult.success();
    }

    /** Whether two shapes agree wherever both dims are static (and the ranks match). */
    public static boolean compatibleShapes(Collection<Long> a, Collection<Long> b) {
        if (a.size() != b.size()) {
            return false;
        }
        var ia = a.iterator();
        var ib = b.iterator();
        while (ia.hasNext()) {
            long x = ia.next();
            long y = ib.next();
            if (x != ShapedType.DYNAMIC && y != ShapedType.DYNAMIC && x != y) {
                return false;
            }
        }
        return true;
    }
}
