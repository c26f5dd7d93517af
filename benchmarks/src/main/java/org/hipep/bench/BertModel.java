package org.hipep.bench;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorShapeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TypeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;

/**
 * A BERT-base style encoder (post-LayerNorm, as in BERT) with fixed-seed random weights: per layer
 * Q/K/V projections (MatMul + Add), Reshape + Transpose into heads, scaled scores (MatMul, Mul),
 * Softmax, the context MatMul, Transpose + Reshape back, the output projection, residual Add +
 * LayerNormalization, the FFN (MatMul + Add, GELU, MatMul + Add) and a second residual +
 * LayerNormalization. No attention mask (batch 1, no padding). GELU is the opset-20 {@code Gelu}
 * op, or with {@code erfGelu} the opset-17 form {@code 0.5 * x * (1 + Erf(x / sqrt 2))}.
 *
 * <p>{@link #write} writes {@code model.onnx} and {@code test_data_set_0/input_0.pb} (a fixed-seed
 * N(0, 1) input); there are no expected outputs: the benchmark compares us with ONNX Runtime.
 */
public final class BertModel {
    private final int layers;
    private final int seq;
    private final int hidden;
    private final int heads;
    private final int ffn;
    private final boolean erfGelu;
    private final Random rnd = new Random(20261130);
    private final GraphProto.Builder g = GraphProto.newBuilder();

    /** BERT-base shapes (hidden 768, 12 heads, FFN 3072) with {@code layers} layers at sequence {@code seq}. */
    public static BertModel base(int layers, int seq, boolean erfGelu) {
        return new BertModel(layers, seq, 768, 12, 3072, erfGelu);
    }

    /** An encoder of {@code layers} layers at sequence {@code seq}; {@code heads} must divide {@code hidden}. */
    public BertModel(int layers, int seq, int hidden, int heads, int ffn, boolean erfGelu) {
        if (layers < 1 || seq < 1 || heads < 1 || hidden % heads != 0 || ffn < 1) {
            throw new IllegalArgumentException("BERT shape: layers " + layers + ", seq " + seq + ", hidden " + hidden
                    + ", heads " + heads + " (must divide hidden), ffn " + ffn);
        }
        this.layers = layers;
        this.seq = seq;
        this.hidden = hidden;
        this.heads = heads;
        this.ffn = ffn;
        this.erfGelu = erfGelu;
    }

    /** The multiply-add FLOPs (2 per multiply-add) of every MatMul in the model. */
    public long matmulFlops() {
        long proj = 2L * seq * hidden * hidden;
        long attention = 2L * 2 * heads * seq * seq * (hidden / heads);
        long feedForward = 2L * 2 * seq * hidden * ffn;
        return layers * (4 * proj + attention + feedForward);
    }

    /** Writes {@code model.onnx} and {@code test_data_set_0/input_0.pb} into {@code dir}; returns the model path. */
    public Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path model = dir.resolve("model.onnx");
        Files.write(model, model().toByteArray());
        Path set = Files.createDirectories(dir.resolve("test_data_set_0"));
        Random in = new Random(7);
        float[] x = new float[seq * hidden];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) in.nextGaussian();
        }
        Files.write(set.resolve("input_0.pb"), tensor("input", x, 1, seq, hidden).toByteArray());
        return model;
    }

    /** The ONNX model. */
    public ModelProto model() {
        g.clear().setName("bert_encoder_" + layers);
        g.addInput(value("input", 1, seq, hidden));
        int dh = hidden / heads;
        g.addInitializer(longs("shape_heads", 0, 0, heads, dh));
        g.addInitializer(longs("shape_hidden", 0, 0, hidden));
        g.addInitializer(tensor("scale", new float[] {(float) (1 / Math.sqrt(dh))}));
        if (erfGelu) {
            g.addInitializer(tensor("sqrt2", new float[] {(float) Math.sqrt(2)}));
            g.addInitializer(tensor("one", new float[] {1f}));
            g.addInitializer(tensor("half", new float[] {0.5f}));
        }
        String x = "input";
        for (int l = 0; l < layers; l++) {
            x = layer("l" + l + "_", x);
        }
        g.addOutput(value(x, 1, seq, hidden));
        return ModelProto.newBuilder().setIrVersion(erfGelu ? 8 : 9).setProducerName("hip-ep benchmarks")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(erfGelu ? 17 : 20))
                .setGraph(g).build();
    }

    private String layer(String p, String x) {
        String q = linear(p + "q", x, hidden, hidden);
        String k = linear(p + "k", x, hidden, hidden);
        String v = linear(p + "v", x, hidden, hidden);
        String qh = heads(p + "qh", q, 0, 2, 1, 3);
        String kt = heads(p + "kt", k, 0, 2, 3, 1);
        String vh = heads(p + "vh", v, 0, 2, 1, 3);
        node("MatMul", p + "scores", new String[] {qh, kt});
        node("Mul", p + "scaled", new String[] {p + "scores", "scale"});
        node("Softmax", p + "probs", new String[] {p + "scaled"}, intAttr("axis", -1));
        node("MatMul", p + "ctx", new String[] {p + "probs", vh});
        node("Transpose", p + "ctx_t", new String[] {p + "ctx"}, ints("perm", 0, 2, 1, 3));
        node("Reshape", p + "ctx_r", new String[] {p + "ctx_t", "shape_hidden"});
        String attn = linear(p + "o", p + "ctx_r", hidden, hidden);
        String h1 = addNorm(p + "ln1", x, attn);
        String up = linear(p + "ffn_up", h1, hidden, ffn);
        String act = gelu(p + "gelu", up);
        String down = linear(p + "ffn_down", act, ffn, hidden);
        return addNorm(p + "ln2", h1, down);
    }

    private String linear(String name, String x, int in, int out) {
        g.addInitializer(tensor(name + "_w", gaussian(in * out, 0.02), in, out));
        g.addInitializer(tensor(name + "_b", gaussian(out, 0.02), out));
        node("MatMul", name + "_mm", new String[] {x, name + "_w"});
        node("Add", name, new String[] {name + "_mm", name + "_b"});
        return name;
    }

    private String heads(String name, String x, long... perm) {
        node("Reshape", name + "_r", new String[] {x, "shape_heads"});
        node("Transpose", name, new String[] {name + "_r"}, ints("perm", perm));
        return name;
    }

    private String addNorm(String name, String residual, String x) {
        float[] gamma = gaussian(hidden, 0.05);
        for (int i = 0; i < gamma.length; i++) {
            gamma[i] += 1;
        }
        g.addInitializer(tensor(name + "_gamma", gamma, hidden));
        g.addInitializer(tensor(name + "_beta", gaussian(hidden, 0.02), hidden));
        node("Add", name + "_sum", new String[] {residual, x});
        node("LayerNormalization", name, new String[] {name + "_sum", name + "_gamma", name + "_beta"},
                intAttr("axis", -1), floatAttr("epsilon", 1e-12f));
        return name;
    }

    private String gelu(String name, String x) {
        if (!erfGelu) {
            node("Gelu", name, new String[] {x});
            return name;
        }
        node("Div", name + "_div", new String[] {x, "sqrt2"});
        node("Erf", name + "_erf", new String[] {name + "_div"});
        node("Add", name + "_add", new String[] {name + "_erf", "one"});
        node("Mul", name + "_mul", new String[] {x, name + "_add"});
        node("Mul", name, new String[] {name + "_mul", "half"});
        return name;
    }

    private float[] gaussian(int n, double std) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (rnd.nextGaussian() * std);
        }
        return a;
    }

    // ---------------------------------------------------------------- proto helpers

    private void node(String op, String output, String[] inputs, AttributeProto... attrs) {
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(op).setName(output).addOutput(output);
        for (String i : inputs) {
            n.addInput(i);
        }
        for (AttributeProto a : attrs) {
            n.addAttribute(a);
        }
        g.addNode(n);
    }

    static TensorProto tensor(String name, float[] values, long... dims) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT_VALUE);
        for (long d : dims) {
            t.addDims(d);
        }
        return t.setRawData(ByteString.copyFrom(b.array())).build();
    }

    static TensorProto longs(String name, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(values);
        return TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64_VALUE)
                .addDims(values.length).setRawData(ByteString.copyFrom(b.array())).build();
    }

    static ValueInfoProto value(String name, long... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (long d : dims) {
            shape.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(TensorProto.DataType.FLOAT_VALUE).setShape(shape))).build();
    }

    static AttributeProto ints(String name, long... values) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long v : values) {
            a.addInts(v);
        }
        return a.build();
    }

    static AttributeProto intAttr(String name, long value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(value).build();
    }

    private static AttributeProto floatAttr(String name, float value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.FLOAT).setF(value).build();
    }
}
