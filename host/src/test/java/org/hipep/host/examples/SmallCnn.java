package org.hipep.host.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.AttributeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ValueInfoProto;
import org.hipep.host.testing.OnnxValues;

/**
 * The example model that ships in {@code examples/small-cnn/}: a small CNN over 8x8 one-channel
 * images with a symbolic batch dimension (Conv 3x3 with bias and padding, Relu, MaxPool 2x2,
 * Flatten, Gemm, Softmax; opset 17), fixed-seed random weights, and two data sets (batch 1 and
 * batch 3) whose expected outputs come from the plain-Java float64 forward pass below, which
 * shares nothing with the compiler. {@code main} (re)writes the folder; {@link ExampleModelsTest}
 * checks that the committed files are what this writes.
 */
public final class SmallCnn {
    static final int C = 4;
    static final int H = 8;
    static final int CLASSES = 10;
    static final int[] BATCHES = {1, 3};

    private final float[] convW = new float[C * 9];
    private final float[] convB = new float[C];
    private final float[] fcW = new float[C * 16 * CLASSES];
    private final float[] fcB = new float[CLASSES];

    SmallCnn() {
        Random rnd = new Random(2026);
        fill(convW, rnd, 0.5);
        fill(convB, rnd, 0.1);
        fill(fcW, rnd, 0.3);
        fill(fcB, rnd, 0.1);
    }

    private static void fill(float[] a, Random rnd, double scale) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (float) (rnd.nextGaussian() * scale);
        }
    }

    /** The ONNX model. */
    ModelProto model() {
        GraphProto.Builder g = GraphProto.newBuilder().setName("small_cnn");
        g.addInput(value("image", "batch", 1, H, H));
        g.addOutput(value("probabilities", "batch", CLASSES));
        g.addInitializer(OnnxValues.floatData("conv_w", convW, C, 1, 3, 3));
        g.addInitializer(OnnxValues.floatData("conv_b", convB, C));
        g.addInitializer(OnnxValues.floatData("fc_w", fcW, C * 16, CLASSES));
        g.addInitializer(OnnxValues.floatData("fc_b", fcB, CLASSES));
        g.addNode(node("Conv", "conv", new String[] {"image", "conv_w", "conv_b"}, "conv_out",
                OnnxValues.ints("kernel_shape", 3, 3), OnnxValues.ints("pads", 1, 1, 1, 1)));
        g.addNode(node("Relu", "relu", new String[] {"conv_out"}, "relu_out"));
        g.addNode(node("MaxPool", "pool", new String[] {"relu_out"}, "pool_out",
                OnnxValues.ints("kernel_shape", 2, 2), OnnxValues.ints("strides", 2, 2)));
        g.addNode(node("Flatten", "flatten", new String[] {"pool_out"}, "flat", intAttr("axis", 1)));
        g.addNode(node("Gemm", "fc", new String[] {"flat", "fc_w", "fc_b"}, "logits"));
        g.addNode(node("Softmax", "softmax", new String[] {"logits"}, "probabilities", intAttr("axis", -1)));
        return ModelProto.newBuilder().setIrVersion(8).setProducerName("hip-ep examples")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(17)).setGraph(g).build();
    }

    /** A deterministic input of {@code batch} images in [0, 1). */
    static float[] input(int batch) {
        Random rnd = new Random(100 + batch);
        float[] x = new float[batch * H * H];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextFloat();
        }
        return x;
    }

    /** The float64 reference forward pass. */
    float[] forward(float[] x, int batch) {
        float[] out = new float[batch * CLASSES];
        for (int n = 0; n < batch; n++) {
            double[] pooled = new double[C * 16];
            for (int c = 0; c < C; c++) {
                double[][] act = new double[H][H];
                for (int i = 0; i < H; i++) {
                    for (int j = 0; j < H; j++) {
                        double s = convB[c];
                        for (int ki = 0; ki < 3; ki++) {
                            for (int kj = 0; kj < 3; kj++) {
                                int yi = i + ki - 1;
                                int yj = j + kj - 1;
                                if (yi >= 0 && yi < H && yj >= 0 && yj < H) {
                                    s += (double) convW[c * 9 + ki * 3 + kj] * x[n * H * H + yi * H + yj];
                                }
                            }
                        }
                        act[i][j] = Math.max(0, s);
                    }
                }
                for (int i = 0; i < 4; i++) {
                    for (int j = 0; j < 4; j++) {
                        double m = Math.max(Math.max(act[2 * i][2 * j], act[2 * i][2 * j + 1]),
                                Math.max(act[2 * i + 1][2 * j], act[2 * i + 1][2 * j + 1]));
                        pooled[c * 16 + i * 4 + j] = m;
                    }
                }
            }
            double[] logits = new double[CLASSES];
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < CLASSES; k++) {
                double s = fcB[k];
                for (int f = 0; f < C * 16; f++) {
                    s += pooled[f] * fcW[f * CLASSES + k];
                }
                logits[k] = s;
                max = Math.max(max, s);
            }
            double sum = 0;
            for (int k = 0; k < CLASSES; k++) {
                logits[k] = Math.exp(logits[k] - max);
                sum += logits[k];
            }
            for (int k = 0; k < CLASSES; k++) {
                out[n * CLASSES + k] = (float) (logits[k] / sum);
            }
        }
        return out;
    }

    /** Writes {@code model.onnx} and {@code test_data_set_0..1} into {@code dir}. */
    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("model.onnx"), model().toByteArray());
        for (int s = 0; s < BATCHES.length; s++) {
            int batch = BATCHES[s];
            Path set = Files.createDirectories(dir.resolve("test_data_set_" + s));
            float[] x = input(batch);
            Files.write(set.resolve("input_0.pb"), OnnxValues.floatData("image", x, batch, 1, H, H).toByteArray());
            Files.write(set.resolve("output_0.pb"),
                    OnnxValues.floatData("probabilities", forward(x, batch), batch, CLASSES).toByteArray());
        }
    }

    /** Writes the example into {@code args[0]} (default {@code examples/small-cnn}). */
    public static void main(String[] args) throws IOException {
        new SmallCnn().write(Path.of(args.length > 0 ? args[0] : "examples/small-cnn"));
    }

    // ---------------------------------------------------------------- proto helpers


    private static ValueInfoProto value(String name, Object... dims) {
        return OnnxValues.tensor(name, TensorProto.DataType.FLOAT_VALUE, dims);
    }

    private static NodeProto node(String op, String name, String[] inputs, String output, AttributeProto... attrs) {
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(op).setName(name).addOutput(output);
        for (String i : inputs) {
            n.addInput(i);
        }
        for (AttributeProto a : attrs) {
            n.addAttribute(a);
        }
        return n.build();
    }


    private static AttributeProto intAttr(String name, long value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(value).build();
    }
}
