package org.hipep.dialects.memref;

import static org.hipep.dialects.memref.ShapedSyntax.longs;
import static org.hipep.dialects.memref.ShapedSyntax.segment;
import static org.hipep.dialects.memref.ShapedSyntax.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.hipep.ir.Attribute;
import org.hipep.ir.LogicalResult;
import org.hipep.ir.Operation;
import org.hipep.ir.SymbolTableCollection;
import org.hipep.ir.Type;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.AffineMapAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.IndexType;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.MemRefType;
import org.hipep.ir.builtin.RankedTensorType;
import org.hipep.ir.builtin.ShapedType;
import org.hipep.ir.builtin.StridedLayoutAttr;
import org.hipep.ir.builtin.SymbolRefAttr;
import org.hipep.ir.builtin.TypeAttr;
import org.hipep.ir.builtin.UnitAttr;
import org.hipep.ir.builtin.UnrankedMemRefType;

/** The verifiers of the {@code memref} ops, with MLIR's messages. */
final class MemRefVerifiers {
    private MemRefVerifiers() {
    }

    private static MemRefType memref(Operation op, Value v) {
        return v.type() instanceof MemRefType m ? m : null;
    }

    static LogicalResult verifyAlloc(Operation op) {
        if (ShapedSyntax.verifySegments(op, 2).failed()) {
            return LogicalResult.failure();
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof MemRefType type)) {
            return op.emitOpError("result #0 must be memref of any type values");
        }
        int expected = (int) type.shape().stream().filter(d -> d == ShapedType.DYNAMIC).count();
        List<Value> sizes = segment(op, 0);
        if (sizes.size() != expected) {
            return op.emitOpError("incorrect number of dynamic sizes, has " + sizes.size() + ", expected " + expected);
        }
        List<Value> symbols = segment(op, 1);
        int expectedSymbols = type.layout() instanceof AffineMapAttr map ? map.numSymbols() : 0;
        if (symbols.size() != expectedSymbols) {
            return op.emitOpError("symbol operand count does not equal memref symbol count: expected "
                    + expectedSymbols + ", got " + symbols.size());
        }
        if (ShapedSyntax.verifyIndices(op, sizes, 0).failed() || ShapedSyntax.verifyIndices(op, symbols, 1).failed()) {
            return LogicalResult.failure();
        }
        return verifyAlignment(op);
    }

    private static LogicalResult verifyAlignment(Operation op) {
        Attribute a = op.attribute("alignment");
        if (a == null) {
            return LogicalResult.success();
        }
        if (!(a instanceof IntegerAttr i) || i.longValue() <= 0 || Long.bitCount(i.longValue()) != 1) {
            return op.emitOpError("attribute 'alignment' failed to satisfy constraint: 64-bit signless integer"
                    + " attribute whose value is positive and whose value is a power of two > 0");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyDealloc(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof MemRefType
                || op.operand(0).type() instanceof UnrankedMemRefType)) {
            return op.emitOpError("operand #0 must be ranked or unranked memref of any type values");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyGlobal(Operation op) {
        Type t = op.attribute("type") instanceof TypeAttr ta ? ta.value() : null;
        if (!(t instanceof MemRefType m) || !m.hasStaticShape()) {
            return op.emitOpError("type should be static shaped memref, but got '" + (t == null ? "<none>" : text(t))
                    + "'");
        }
        Attribute init = op.attribute("initial_value");
        if (init != null && !(init instanceof UnitAttr)) {
            if (!(init instanceof DenseElementsAttr d)) {
                return op.emitOpError("initial value should be a unit or elements attribute");
            }
            RankedTensorType expected = RankedTensorType.of(m.shape(), m.elementType());
            if (!d.type().equals(expected)) {
                return op.emitOpError("initial value expected to be of type '" + text(expected)
                        + "', but was of type '" + text(d.type()) + "'");
            }
        }
        Attribute align = op.attribute("alignment");
        if (align instanceof IntegerAttr i && (i.longValue() <= 0 || Long.bitCount(i.longValue()) != 1)) {
            return op.emitOpError("alignment attribute value " + i.longValue() + " is not a power of 2");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyGetGlobal(Operation op, SymbolTableCollection symbolTables) {
        if (!(op.attribute("name") instanceof SymbolRefAttr name)) {
            return op.emitOpError("requires attribute 'name'");
        }
        Operation global = symbolTables.lookupNearestSymbolFrom(op, name);
        if (global == null || !global.is("memref.global")) {
            return op.emitOpError("'" + name.rootReference() + "' does not reference a valid global memref");
        }
        Type declared = global.attribute("type") instanceof TypeAttr ta ? ta.value() : null;
        Type result = op.result(0).type();
        if (!result.equals(declared)) {
            return op.emitOpError("result type '" + text(result) + "' does not match type '"
                    + (declared == null ? "<none>" : text(declared)) + "' of the global memref @"
                    + name.rootReference());
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyLoad(Operation op) {
        MemRefType m = op.numOperands() > 0 ? memref(op, op.operand(0)) : null;
        if (m == null) {
            return op.emitOpError("operand #0 must be memref of any type values");
        }
        int n = op.numOperands() - 1;
        if (n != m.rank()) {
            return op.emitOpError("incorrect number of indices for load, expected " + m.rank() + " but got " + n);
        }
        if (ShapedSyntax.verifyIndices(op, op.operands().subList(1, op.numOperands()), 1).failed()) {
            return LogicalResult.failure();
        }
        if (op.numResults() != 1 || !op.result(0).type().equals(m.elementType())) {
            return op.emitOpError("failed to verify that result type matches element type of 'memref'");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyStore(Operation op) {
        MemRefType m = op.numOperands() > 1 ? memref(op, op.operand(1)) : null;
        if (m == null) {
            return op.emitOpError("operand #1 must be memref of any type values");
        }
        if (op.numOperands() - 2 != m.rank()) {
            return op.emitOpError("store index operand count not equal to memref rank");
        }
        if (ShapedSyntax.verifyIndices(op, op.operands().subList(2, op.numOperands()), 2).failed()) {
            return LogicalResult.failure();
        }
        if (!op.operand(0).type().equals(m.elementType())) {
            return op.emitOpError("failed to verify that type of 'value' matches element type of 'memref'");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyCopy(Operation op) {
        if (op.numOperands() != 2 || !(op.operand(0).type() instanceof ShapedType a)
                || !(op.operand(1).type() instanceof ShapedType b)) {
            return op.emitOpError("requires two memref operands");
        }
        if (a.hasRank() && b.hasRank() && !ShapedSyntax.compatibleShapes(a.shape(), b.shape())) {
            return op.emitOpError("requires the same shape for all operands");
        }
        if (!a.elementType().equals(b.elementType())) {
            return op.emitOpError("requires the same element type for all operands");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyDim(Operation op) {
        if (op.numOperands() != 2 || !(op.operand(1).type() instanceof IndexType)) {
            return op.emitOpError("operand #1 must be index, but got '"
                    + (op.numOperands() > 1 ? text(op.operand(1).type()) : "<none>") + "'");
        }
        if (op.numResults() != 1 || !(op.result(0).type() instanceof IndexType)) {
            return op.emitOpError("result #0 must be index");
        }
        return LogicalResult.success();
    }

    static LogicalResult verifyCast(Operation op) {
        Type in = op.operand(0).type();
        Type out = op.result(0).type();
        if (!castCompatible(in, out)) {
            return op.emitOpError("operand type '" + text(in) + "' and result type '" + text(out)
                    + "' are cast incompatible");
        }
        return LogicalResult.success();
    }

    private static boolean castCompatible(Type in, Type out) {
        if (in instanceof MemRefType a && out instanceof MemRefType b) {
            if (!a.elementType().equals(b.elementType()) || !Objects.equals(a.memorySpace(), b.memorySpace())
                    || !ShapedSyntax.compatibleShapes(a.shape(), b.shape())) {
                return false;
            }
            long[] sa = MemRefLayouts.stridesAndOffset(a);
            long[] sb = MemRefLayouts.stridesAndOffset(b);
            if (sa == null || sb == null) {
                return Objects.equals(a.layout(), b.layout());
            }
            List<Long> la = new ArrayList<>();
            List<Long> lb = new ArrayList<>();
            for (long v : sa) {
                la.add(v);
            }
            for (long v : sb) {
                lb.add(v);
            }
            return ShapedSyntax.compatibleShapes(la, lb);
        }
        if (in instanceof MemRefType a && out instanceof UnrankedMemRefType b) {
            return a.elementType().equals(b.elementType());
        }
        if (in instanceof UnrankedMemRefType a && out instanceof MemRefType b) {
            return a.elementType().equals(b.elementType());
        }
        return false;
    }

    static LogicalResult verifySubView(Operation op) {
        if (ShapedSyntax.verifySegments(op, 4).failed()) {
            return LogicalResult.failure();
        }
        if (!(op.operand(0).type() instanceof MemRefType src) || !(op.result(0).type() instanceof MemRefType res)) {
            return op.emitOpError("expects a memref source and result");
        }
        LogicalResult lists = verifySliceLists(op, src.rank(), 1);
        if (lists.failed()) {
            return lists;
        }
        long[] offsets = longs(op.attribute("static_offsets"));
        long[] sizes = longs(op.attribute("static_sizes"));
        long[] steps = longs(op.attribute("static_strides"));
        long[] base = MemRefLayouts.stridesAndOffset(src);
        if (base == null) {
            return LogicalResult.success();
        }
        long offset = base[0];
        List<Long> strides = new ArrayList<>();
        List<Long> shape = new ArrayList<>();
        for (int i = 0; i < src.rank(); i++) {
            offset = add(offset, mul(offsets[i], base[i + 1]));
            strides.add(mul(steps[i], base[i + 1]));
            shape.add(sizes[i]);
        }
        MemRefType expected = new MemRefType(shape, src.elementType(), new StridedLayoutAttr(offset, strides),
                src.memorySpace());
        String why = null;
        if (!res.elementType().equals(src.elementType())) {
            why = "element type";
        } else if (!Objects.equals(res.memorySpace(), src.memorySpace())) {
            why = "memory space";
        } else {
            List<Integer> kept = keptDims(shape, res.shape());
            if (kept == null) {
                why = "sizes";
            } else {
                long[] got = MemRefLayouts.stridesAndOffset(res);
                boolean ok = got != null && got[0] == offset;
                for (int j = 0; ok && j < kept.size(); j++) {
                    ok = got[j + 1] == strides.get(kept.get(j));
                }
                if (!ok) {
                    why = "layout";
                }
            }
        }
        if (why != null) {
            return op.emitError("expected result type to be '" + text(expected)
                    + "' or a rank-reduced version. (mismatch of result " + why + "), but got '" + text(res) + "'");
        }
        return LogicalResult.success();
    }

    /** Checks the counts of the static offset/size/stride lists and their dynamic operands. */
    static LogicalResult verifySliceLists(Operation op, int rank, int firstGroup) {
        return verifySliceLists(op, new int[] {rank, rank, rank}, firstGroup);
    }

    /** As above with one expected length per list (reinterpret_cast takes a single offset). */
    static LogicalResult verifySliceLists(Operation op, int[] ranks, int firstGroup) {
        String[] names = {"offset", "size", "stride"};
        String[] attrs = {"static_offsets", "static_sizes", "static_strides"};
        for (int k = 0; k < 3; k++) {
            long[] values = longs(op.attribute(attrs[k]));
            if (values.length != ranks[k]) {
                return op.emitError("expected " + ranks[k] + " " + names[k] + " values, got " + values.length);
            }
            int dyn = ShapedSyntax.countDynamic(values);
            int given = segment(op, firstGroup + k).size();
            if (dyn != given) {
                return op.emitError("expected " + dyn + " dynamic " + names[k] + " values");
            }
            if (ShapedSyntax.verifyIndices(op, segment(op, firstGroup + k), firstGroup + k).failed()) {
                return LogicalResult.failure();
            }
        }
        return LogicalResult.success();
    }

    /**
     * Which dims of {@code full} remain in {@code reduced} when unit dims are dropped, or
     * {@code null} when {@code reduced} is not {@code full} with some 1s removed.
     */
    static List<Integer> keptDims(List<Long> full, List<Long> reduced) {
        List<Integer> kept = new ArrayList<>();
        int j = 0;
        for (int i = 0; i < full.size(); i++) {
            int remainingFull = full.size() - i;
            int remainingReduced = reduced.size() - j;
            if (j < reduced.size() && (full.get(i).equals(reduced.get(j)) || full.get(i) != 1
                    || remainingFull == remainingReduced)) {
                if (!full.get(i).equals(reduced.get(j))) {
                    return null;
                }
                kept.add(i);
                j++;
            } else if (full.get(i) != 1) {
                return null;
            }
        }
        return j == reduced.size() ? kept : null;
    }

    private static long mul(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        return a == ShapedType.DYNAMIC || b == ShapedType.DYNAMIC ? ShapedType.DYNAMIC : a * b;
    }

    private static long add(long a, long b) {
        return a == ShapedType.DYNAMIC || b == ShapedType.DYNAMIC ? ShapedType.DYNAMIC : a + b;
    }

    static LogicalResult verifyCollapseShape(Operation op) {
        if (!(op.operand(0).type() instanceof MemRefType src) || !(op.result(0).type() instanceof MemRefType res)) {
            return op.emitOpError("expects memref source and result");
        }
        return ShapedSyntax.verifyReshape(op, res, src, op.attribute("reassociation"));
    }

    static LogicalResult verifyExpandShape(Operation op) {
        if (!(op.operand(0).type() instanceof MemRefType src) || !(op.result(0).type() instanceof MemRefType res)) {
            return op.emitOpError("expects memref source and result");
        }
        return verifyOutputShape(op, res).failed() ? LogicalResult.failure()
                : ShapedSyntax.verifyReshape(op, src, res, op.attribute("reassociation"));
    }

    /** The {@code static_output_shape} of an expand_shape against its result type and operands. */
    static LogicalResult verifyOutputShape(Operation op, ShapedType result) {
        long[] shape = longs(op.attribute("static_output_shape"));
        if (shape.length != result.rank()) {
            return op.emitOpError("expected number of static shape bounds to be equal to the output rank ("
                    + result.rank() + ") but found " + shape.length + " inputs instead");
        }
        int dyn = ShapedSyntax.countDynamic(shape);
        if (dyn != op.numOperands() - 1) {
            return op.emitOpError("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape"
                    + " has " + dyn + " dynamic dims while output_shape has " + (op.numOperands() - 1) + " values");
        }
        for (int i = 0; i < shape.length; i++) {
            long d = result.shape().get(i);
            if (shape[i] != ShapedType.DYNAMIC && d != ShapedType.DYNAMIC && shape[i] != d) {
                return op.emitOpError("invalid output shape provided at pos " + i);
            }
        }
        return ShapedSyntax.verifyIndices(op, op.operands().subList(1, op.numOperands()), 1);
    }
}
