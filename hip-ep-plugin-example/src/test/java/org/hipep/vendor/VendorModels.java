package org.hipep.vendor;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * The small ONNX models of the end-to-end tests, written with the project's protobuf classes,
 * and the independent plain-Java reference they are checked against (numpy broadcasting, IEEE
 * float additions).
 */
final class VendorModels {
    static final int F32 = TensorProto.DataType.FLOAT_VALUE;
    static final int F16 = TensorProto.DataType.FLOAT16_VALUE;
    static final int BF16 = TensorProto.DataType.BFLOAT16_VALUE;
    static final int I64 = TensorProto.DataType.INT64_VALUE;

    /** The initializers of {@link #adds()}. */
    static final float[] BIAS = {0.5f, -1.25f, 2.0f, 0.125f};
    static final float[] SCALE = {1.5f, -0.5f, 2.0f, 0.25f};

    private VendorModels() {
    }

    /**
     * f32, symbolic batch: {@code a = x + bias} ([batch,4] + [4], vendor), {@code b = scale + a}
     * ([1,4] + [batch,4], vendor: {@code a}'s type was refined by the conversion),
     * {@code m = b * scale} (in-tree), {@code out_x = m + bias} (in-tree: {@code m} is still
     * unranked at the slot); {@code out_pq = p + q} ([2,1,3] + [4,1] → [2,4,3], vendor);
     * {@code out_i = i1 + i2} (int64: in-tree).
     */
    static ModelProto adds() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("vendor_adds");
        g.addInput(value("x", F32, "batch", 4L));
        g.addInput(value("p", F32, 2L, 1L, 3L));
        g.addInput(value("q", F32, 4L, 1L));
        g.addInput(value("i1", I64, 3L));
        g.addInput(value("i2", I64, 3L));
        g.addOutput(value("out_x", F32, "batch", 4L));
        g.addOutput(value("out_pq", F32, 2L, 4L, 3L));
        g.addOutput(value("out_i", I64, 3L));
        g.addInitializer(floats("bias", BIAS, 4));
        g.addInitializer(floats("scale", SCALE, 1, 4));
        g.addNode(node("Add", "add_bias", "a", "x", "bias"));
        g.addNode(node("Add", "add_scale", "b", "scale", "a"));
        g.addNode(node("Mul", "mul_scale", "m", "b", "scale"));
        g.addNode(node("Add", "add_out", "out_x", "m", "bias"));
        g.addNode(node("Add", "add_pq", "out_pq", "p", "q"));
        g.addNode(node("Add", "add_ints", "out_i", "i1", "i2"));
        return model(g);
    }

    /** f16 {@code hs = h1 + h2} ([3,1] + [1,5]) and bf16 {@code bs = b1 + b2} ([2,3] + [3]). */
    static ModelProto halves() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("vendor_halves");
        g.addInput(value("h1", F16, 3L, 1L));
        g.addInput(value("h2", F16, 1L, 5L));
        g.addInput(value("b1", BF16, 2L, 3L));
        g.addInput(value("b2", BF16, 3L));
        g.addOutput(value("hs", F16, 3L, 5L));
        g.addOutput(value("bs", BF16, 2L, 3L));
        g.addNode(node("Add", "add_h", "hs", "h1", "h2"));
        g.addNode(node("Add", "add_b", "bs", "b1", "b2"));
        return model(g);
    }

    /**
     * {@code y = x + w} with {@code x: [n,4]} and {@code w: [3,k]}: the compiler sees a [3,4]
     * result, and inputs whose run-time shapes may not broadcast (the wrapper's error path).
     */
    static ModelProto mismatch() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("vendor_mismatch");
        g.addInput(value("x", F32, "n", 4L));
        g.addInput(value("w", F32, 3L, "k"));
        g.addOutput(value("y", F32, 3L, 4L));
        g.addNode(node("Add", "add", "y", "x", "w"));
        return model(g);
    }

    /**
     * Numpy-broadcast {@code a + b} in float arithmetic (the reference; shares nothing with the
     * compiler or the kernel).
     */
    static float[] add(float[] a, long[] aShape, float[] b, long[] bShape, long[] outShape) {
        int rank = outShape.length;
        long total = 1;
        for (long d : outShape) {
            total *= d;
        }
        float[] out = new float[(int) total];
        long[] index = new long[rank];
        for (int flat = 0; flat < out.length; flat++) {
            long rest = flat;
            for (int d = rank - 1; d >= 0; d--) {
                index[d] = rest % outShape[d];
                rest /= outShape[d];
            }
            out[flat] = a[offset(index, aShape)] + b[offset(index, bShape)];
        }
        return out;
    }

    private static int offset(long[] index, long[] shape) {
        int shift = index.length - shape.length;
        long off = 0;
        for (int d = 0; d < shape.length; d++) {
            off = off * shape[d] + (shape[d] == 1 ? 0 : index[d + shift]);
        }
        return (int) off;
    }

    /**
     * {@code n} values that f16 and bf16 hold exactly, and whose pairwise sums they hold exactly
     * too (multiples of 1/8 in [-8, 8)), so that a half-precision sum has one right answer.
     */
    static float[] eighths(Random rnd, int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (rnd.nextInt(128) - 64) / 8f;
        }
        return v;
    }

    /** {@code n} random floats. */
    static float[] gaussians(Random rnd, int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) rnd.nextGaussian();
        }
        return v;
    }

    // ---------------------------------------------------------------- proto helpers

    private static ModelProto model(GraphProto.Builder g) {
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("hip-ep vendor tests")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(g).build();
    }

    private static TensorProto floats(String name, float[] values, long... dims) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(F32);
        for (long d : dims) {
            t.addDims(d);
        }
        return t.setRawData(ByteString.copyFrom(b.array())).build();
    }

    private static ValueInfoProto value(String name, int type, Object... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (Object d : dims) {
            shape.addDim(d instanceof String p ? TensorShapeProto.Dimension.newBuilder().setDimParam(p)
                    : TensorShapeProto.Dimension.newBuilder().setDimValue((Long) d));
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(type).setShape(shape))).build();
    }

    private static NodeProto node(String op, String name, String output, String... inputs) {
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(op).setName(name).addOutput(output);
        for (String i : inputs) {
            n.addInput(i);
        }
        return n.build();
    }
}
