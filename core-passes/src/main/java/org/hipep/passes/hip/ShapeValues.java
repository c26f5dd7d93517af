package org.hipep.passes.hip;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hipep.ir.Attribute;
import org.hipep.ir.Operation;
import org.hipep.ir.Value;
import org.hipep.ir.builtin.BoolAttr;
import org.hipep.ir.builtin.DenseArrayAttr;
import org.hipep.ir.builtin.DenseElementsAttr;
import org.hipep.ir.builtin.DictionaryAttr;
import org.hipep.ir.builtin.IntegerAttr;
import org.hipep.ir.builtin.IntegerType;
import org.hipep.ir.builtin.RankedTensorType;

/**
 * The compile-time values of shape arithmetic over {@code hip} ops: what
 * {@code hip-infer-shapes} folds to constants, and what {@code convert-onnx-to-hip} reads to
 * give a parameter computed from shapes its static attribute form. Known are inline integer
 * {@code hip.constant}s and, over known operands, {@code hip.shape} and {@code hip.size} of a
 * statically shaped input, {@code hip.gather} of a 1-D i64 value by known indices,
 * {@code hip.concat} of 1-D i64 values, {@code hip.squeeze}/{@code hip.unsqueeze}/integer
 * {@code hip.cast} to i64 (same values), a 1-D static {@code hip.slice}, i64 {@code hip.neg} and
 * {@code hip.add/sub/mul/div} (same shape or one single value; a division only where truncation
 * and flooring agree). Nothing is changed: the values are computed from the operands.
 */
public final class ShapeValues {
    private ShapeValues() {
    }

    /** A known value: its shape and elements (row-major). */
    public record Known(List<Long> shape, long[] values) {
    }

    /** How deep a chain is followed. */
    private static final int DEPTH = 32;

    /** The known i64 value of {@code v}, or {@code null}. */
    public static Known of(Value v) {
        return i64(v, DEPTH);
    }

    /** The known i64 value of {@code op}'s first result when {@code op} itself is shape arithmetic, or {@code null}. */
    public static Known ofResult(Operation op) {
        return op.numResults() == 0 ? null : computed(op, DEPTH);
    }

    private static Known i64(Value v, int depth) {
        if (!(v.type() instanceof RankedTensorType t) || !(t.elementType() instanceof IntegerType it)
                || it.width() != 64) {
            return null;
        }
        return integers(v, depth);
    }

    /** The known value of an integer (any width) {@code v}. */
    private static Known integers(Value v, int depth) {
        Operation def = v.definingOp();
        if (def == null || depth <= 0) {
            return null;
        }
        if (def.is("hip.constant")) {
            if (!(def.attribute("value") instanceof DenseElementsAttr d) || !(d.elementType() instanceof IntegerType)
                    || !(d.type() instanceof RankedTensorType t)) {
                return null;
            }
            long[] out = new long[(int) d.numElements()];
            for (int i = 0; i < out.length; i++) {
                out[i] = d.getLong(d.isSplat() ? 0 : i);
            }
            return new Known(t.shape(), out);
        }
        return v == def.result(0) ? computed(def, depth - 1) : null;
    }

    private static Known computed(Operation op, int depth) {
        if (!(op.result(0).type() instanceof RankedTensorType out) || !(out.elementType() instanceof IntegerType)) {
            return null;
        }
        Map<String, Attribute> attrs = attributes(op);
        switch (op.nameString()) {
            case "hip.shape": {
                if (!(op.operand(0).type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
                    return null;
                }
                int r = t.rank();
                long start = clamp(intAttr(attrs, "start", 0), r);
                long end = clamp(intAttr(attrs, "end", r), r);
                long[] dims = new long[(int) Math.max(0, end - start)];
                for (int i = 0; i < dims.length; i++) {
                    dims[i] = t.shape().get((int) start + i);
                }
                return new Known(List.of((long) dims.length), dims);
            }
            case "hip.size": {
                if (!(op.operand(0).type() instanceof RankedTensorType t) || !t.hasStaticShape()) {
                    return null;
                }
                return new Known(List.of(), new long[] {t.numElements()});
            }
            case "hip.gather": {
                Known data = i64(op.operand(0), depth);
                Known indices = integers(op.operand(1), depth);
                if (data == null || indices == null || data.shape().size() != 1
                        || (intAttr(attrs, "axis", 0) != 0 && intAttr(attrs, "axis", 0) != -1)) {
                    return null;
                }
                long[] values = new long[indices.values().length];
                for (int i = 0; i < values.length; i++) {
                    long idx = indices.values()[i];
                    long k = idx < 0 ? idx + data.values().length : idx;
                    if (k < 0 || k >= data.values().length) {
                        return null;
                    }
                    values[i] = data.values()[(int) k];
                }
                return new Known(indices.shape(), values);
            }
            case "hip.concat": {
                List<Long> all = new ArrayList<>();
                for (int i = 0; i < op.numOperands() - 1; i++) {
                    Known part = i64(op.operand(i), depth);
                    if (part == null || part.shape().size() != 1) {
                        return null;
                    }
                    for (long x : part.values()) {
                        all.add(x);
                    }
                }
                return new Known(List.of((long) all.size()), all.stream().mapToLong(Long::longValue).toArray());
            }
            case "hip.squeeze", "hip.unsqueeze", "hip.cast": {
                if (op.numOperands() != 2 || !(op.operand(0).type() instanceof RankedTensorType in)
                        || !(in.elementType() instanceof IntegerType iw) || iw.width() < 8 || !out.hasStaticShape()
                        || ((IntegerType) out.elementType()).width() != 64) {
                    return null;
                }
                Known k = integers(op.operand(0), depth);
                return k == null ? null : new Known(out.shape(), k.values());
            }
            case "hip.slice":
                return slice(op, attrs, depth);
            case "hip.neg": {
                Known k = i64(op.operand(0), depth);
                if (k == null) {
                    return null;
                }
                long[] values = new long[k.values().length];
                for (int i = 0; i < values.length; i++) {
                    values[i] = -k.values()[i];
                }
                return new Known(k.shape(), values);
            }
            case "hip.add", "hip.sub", "hip.mul", "hip.div", "hip.mod", "hip.equal", "hip.less", "hip.and", "hip.or":
                return arithmetic(op, out, depth);
            case "hip.not": {
                Known k = integers(op.operand(0), depth);
                if (k == null) {
                    return null;
                }
                long[] values = new long[k.values().length];
                for (int i = 0; i < values.length; i++) {
                    values[i] = k.values()[i] == 0 ? 1 : 0;
                }
                return new Known(k.shape(), values);
            }
            case "hip.where":
                return where(op, out, depth);
            default:
                return null;
        }
    }

    /** A static slice of a 1-D i64 value (ONNX clamping). */
    private static Known slice(Operation op, Map<String, Attribute> attrs, int depth) {
        if (op.numOperands() != 2) {
            return null;
        }
        Known data = i64(op.operand(0), depth);
        long[] starts = attrs.get("starts") instanceof DenseArrayAttr a ? a.asLongs() : null;
        long[] ends = attrs.get("ends") instanceof DenseArrayAttr a ? a.asLongs() : null;
        long[] steps = attrs.get("steps") instanceof DenseArrayAttr a ? a.asLongs() : new long[] {1};
        if (data == null || data.shape().size() != 1 || starts == null || ends == null || starts.length != 1
                || ends.length != 1 || steps.length != 1 || steps[0] == 0) {
            return null;
        }
        long n = data.values().length;
        long step = steps[0];
        long start = starts[0] < 0 ? starts[0] + n : starts[0];
        long end = ends[0] < 0 ? ends[0] + n : ends[0];
        if (step > 0) {
            start = Math.max(0, Math.min(n, start));
            end = Math.max(0, Math.min(n, end));
        } else {
            start = Math.max(-1, Math.min(n - 1, start));
            end = Math.max(-1, Math.min(n - 1, end));
        }
        List<Long> values = new ArrayList<>();
        for (long i = start; step > 0 ? i < end : i > end; i += step) {
            values.add(data.values()[(int) i]);
        }
        return new Known(List.of((long) values.size()), values.stream().mapToLong(Long::longValue).toArray());
    }

    /** The operands' values when each has the result's element count or is a single value; else null. */
    private static long[][] elementwise(Operation op, int inputs, RankedTensorType out, int depth) {
        if (op.numOperands() != inputs + 1 || !out.hasStaticShape()) {
            return null;
        }
        long n = out.numElements();
        long[][] in = new long[inputs][];
        for (int i = 0; i < inputs; i++) {
            Known k = integers(op.operand(i), depth);
            if (k == null || (k.values().length != n && k.values().length != 1)) {
                return null;
            }
            in[i] = k.values();
        }
        return in;
    }

    private static long at(long[] values, int i) {
        return values[values.length == 1 ? 0 : i];
    }

    /**
     * Elementwise integer arithmetic, comparison and logic over values of the result's shape or
     * single values (mod with fmod = false floors; a division only where truncation and flooring
     * agree).
     */
    private static Known arithmetic(Operation op, RankedTensorType out, int depth) {
        long[][] in = elementwise(op, 2, out, depth);
        if (in == null) {
            return null;
        }
        long[] values = new long[(int) out.numElements()];
        for (int i = 0; i < values.length; i++) {
            long x = at(in[0], i);
            long y = at(in[1], i);
            switch (op.nameString()) {
                case "hip.add" -> values[i] = x + y;
                case "hip.sub" -> values[i] = x - y;
                case "hip.mul" -> values[i] = x * y;
                case "hip.equal" -> values[i] = x == y ? 1 : 0;
                case "hip.less" -> values[i] = x < y ? 1 : 0;
                case "hip.and" -> values[i] = x != 0 && y != 0 ? 1 : 0;
                case "hip.or" -> values[i] = x != 0 || y != 0 ? 1 : 0;
                case "hip.mod" -> {
                    if (y == 0 || attributes(op).get("fmod") instanceof BoolAttr b && b.value()) {
                        return null;
                    }
                    values[i] = Math.floorMod(x, y);
                }
                default -> {
                    if (y == 0 || Math.floorDiv(x, y) != x / y) {
                        return null; // truncating and flooring division disagree: leave it to run time
                    }
                    values[i] = x / y;
                }
            }
        }
        return new Known(out.shape(), values);
    }

    /** Where over known values of the result's shape or single values. */
    private static Known where(Operation op, RankedTensorType out, int depth) {
        long[][] in = elementwise(op, 3, out, depth);
        if (in == null) {
            return null;
        }
        long[] values = new long[(int) out.numElements()];
        for (int i = 0; i < values.length; i++) {
            values[i] = at(in[0], i) != 0 ? at(in[1], i) : at(in[2], i);
        }
        return new Known(out.shape(), values);
    }

    private static Map<String, Attribute> attributes(Operation op) {
        Map<String, Attribute> all = new HashMap<>(op.attributes());
        if (op.properties() instanceof DictionaryAttr props) {
            all.putAll(props.entries());
        }
        return all;
    }

    private static long intAttr(Map<String, Attribute> attrs, String name, long dflt) {
        return attrs.get(name) instanceof IntegerAttr a ? a.longValue() : dflt;
    }

    private static long clamp(long v, int rank) {
        return Math.max(0, Math.min(rank, v < 0 ? v + rank : v));
    }
}
