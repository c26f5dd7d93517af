package org.hipep.host.session;

import java.nio.file.Path;
import org.hipep.dialects.onnx.load.OnnxLoadException;
import org.hipep.dialects.onnx.load.OnnxTensors;
import org.hipep.dialects.onnx.load.TensorData;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.Tensor;

/**
 * ONNX test data ({@code input_K.pb} / {@code output_K.pb}, serialized TensorProto) as session
 * tensors, and ONNX's comparison rule for outputs.
 */
public final class TestData {
    private TestData() {
    }

    /** A tensor read from a TensorProto file, with the name the proto gives it (maybe empty). */
    public record Named(String name, Tensor tensor) {
    }

    /** Reads {@code pb}; an unreadable file or a type the runtime lacks is an {@link OnnxLoadException}. */
    public static Named read(Path pb) {
        TensorData d = OnnxTensors.read(pb);
        ElementType type;
        try {
            type = ElementType.fromOnnx(d.dtype().number());
        } catch (IllegalArgumentException e) {
            throw new OnnxLoadException(pb + ": " + e.getMessage());
        }
        return new Named(d.name() == null ? "" : d.name(), Tensor.fromBuffer(d.data(), type, d.dims()));
    }

    /**
     * Compares {@code actual} with {@code expected} by ONNX's backend-test rule: the same element
     * type and shape, then every element {@code |a - e| <= atol + rtol * |e|}, NaN where and only
     * where NaN is expected, infinities equal. Returns {@code null} when they match, else what
     * differs (the first mismatching index, and the largest absolute and relative differences).
     */
    public static String mismatch(Tensor expected, Tensor actual, double rtol, double atol) {
        if (expected.type() != actual.type()) {
            return "element type " + actual.type() + ", expected " + expected.type();
        }
        if (!java.util.Arrays.equals(expected.shape(), actual.shape())) {
            return "shape " + java.util.Arrays.toString(actual.shape()) + ", expected "
                    + java.util.Arrays.toString(expected.shape());
        }
        Comparison c = compare(expected.elementCount(), expected::getAsDouble, actual::getAsDouble, rtol, atol);
        if (c.matches()) {
            return null;
        }
        return String.format("%d of %d elements differ; first at %d: %s, expected %s; max abs diff %.3g, max rel"
                + " diff %.3g", c.bad(), c.count(), c.firstBad(), actual.getAsDouble(c.firstBad()),
                expected.getAsDouble(c.firstBad()), c.maxAbs(), c.maxRel());
    }

    /**
     * How {@code count} elements compare by ONNX's rule (see {@link #mismatch}).
     *
     * @param bad how many differ; {@code firstBad} the first of them (-1 when none)
     * @param maxAbs the largest absolute difference of finite elements; {@code maxRel} relative to the expected
     */
    public record Comparison(long count, long bad, long firstBad, double maxAbs, double maxRel) {
        public boolean matches() {
            return bad == 0;
        }
    }

    /** Compares element {@code i} of {@code actual} with element {@code i} of {@code expected}, for each i. */
    public static Comparison compare(long count, java.util.function.LongToDoubleFunction expected,
            java.util.function.LongToDoubleFunction actual, double rtol, double atol) {
        long bad = 0;
        long first = -1;
        double maxAbs = 0;
        double maxRel = 0;
        for (long i = 0; i < count; i++) {
            double e = expected.applyAsDouble(i);
            double a = actual.applyAsDouble(i);
            boolean ok;
            if (Double.isNaN(e) || Double.isNaN(a)) {
                ok = Double.isNaN(e) && Double.isNaN(a);
            } else if (Double.isInfinite(e) || Double.isInfinite(a)) {
                ok = e == a;
            } else {
                double diff = Math.abs(a - e);
                maxAbs = Math.max(maxAbs, diff);
                if (e != 0) {
                    maxRel = Math.max(maxRel, diff / Math.abs(e));
                }
                ok = diff <= atol + rtol * Math.abs(e);
            }
            if (!ok) {
                bad++;
                if (first < 0) {
                    first = i;
                }
            }
        }
        return new Comparison(count, bad, first, maxAbs, maxRel);
    }
}
