package org.hipep.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.ModelProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.OperatorSetIdProto;

/**
 * One-op models at the shapes of the BERT layer, of ResNet-50's stage 1 and of super-resolution-10
 * ({@code op-sr-*}: its first two convolutions at 224x224, and its pixel shuffle), and of ResNet-50's
 * later stages (stem, max pool, a stride-2 3x3, the 14x14 and 7x7 convolutions, the residual
 * Add + Relu: where the tile and thread split rules differ from stage 1), for a per-op-family
 * comparison with ONNX Runtime (the run time of a whole model says how much slower, these say
 * where). Names start with {@code op-}; see {@link #NAMES}. Inputs are fixed-seed N(0, 1).
 */
final class MicroModels {
    /** Every micro model. */
    static final List<String> NAMES = List.of("op-matmul-ffn", "op-matmul-qkv", "op-matmul-scores", "op-add-bias",
            "op-layernorm", "op-softmax", "op-gelu", "op-transpose-heads", "op-conv3x3", "op-conv1x1", "op-sr-conv5x5",
            "op-sr-conv3x3", "op-sr-pixel-shuffle", "op-conv-stem", "op-maxpool", "op-conv3x3-s2", "op-conv3x3-14",
            "op-conv1x1-14", "op-conv1x1-down14", "op-conv3x3-7", "op-conv1x1-7", "op-add-relu",
            // convolution and pooling (perf-conv): SqueezeNet's and mnist-8's shapes
            "op-sq-conv1", "op-sq-squeeze", "op-sq-expand3x3", "op-sq-maxpool", "op-mnist-conv1", "op-mnist-conv2",
            // conv activation fusion (perf-fuse): Conv + Relu / Clip(0, 6), fused into the conv kernel
            "op-conv-relu", "op-conv-relu6", "op-conv1x1-relu",
            // per-run fixed costs (perf-fixed): a trivial model, and mnist-8's pools and classifier
            "op-fixed-add", "op-mnist-pool1", "op-mnist-pool2", "op-mnist-fc",
            // oneDNN convolutions (dnnl-conv): ResNet-50's other two strided 1x1 (downsampling) convolutions,
            // super-resolution-10's last two convolutions (64 -> 32 and 32 -> 9, 3x3 at 224x224)
            "op-conv1x1-down28", "op-conv1x1-down7", "op-sr-conv3x3-32", "op-sr-conv3x3-9",
            // the engines' GEMMs side by side: a large square product with constant weights (MATMUL)
            "op-matmul-2048");

    /**
     * {@code op-matmul-<n>}: an [n, n] input times a constant [n, n] weight; {@code op-matmul-<m>x<n>}:
     * an [m, n] input (m rows: a dense layer's batch, a sequence) times the same weight; m and n
     * from 1 to 8192.
     */
    static final Pattern MATMUL = Pattern.compile("op-matmul-(?:([1-9][0-9]{0,3})x)?([1-9][0-9]{0,3})");

    private MicroModels() {
    }

    /** Writes micro model {@code name} into {@code dir} (model.onnx, test_data_set_0). */
    static void write(String name, Path dir) throws IOException {
        Random rnd = new Random(name.hashCode());
        GraphProto.Builder g = GraphProto.newBuilder().setName(name);
        List<long[]> inputs = new ArrayList<>();
        Consumer<long[]> input = dims -> {
            g.addInput(BertModel.value("x" + inputs.size(), dims));
            inputs.add(dims);
        };
        switch (name) {
            case "op-matmul-ffn" -> {
                input.accept(new long[] {1, 128, 768});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 768 * 3072, 0.02), 768, 3072));
                node(g, "MatMul", new String[] {"x0", "w"}, 1, 128, 3072);
            }
            case "op-matmul-qkv" -> {
                input.accept(new long[] {1, 128, 768});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 768 * 768, 0.02), 768, 768));
                node(g, "MatMul", new String[] {"x0", "w"}, 1, 128, 768);
            }
            case "op-matmul-scores" -> {
                input.accept(new long[] {1, 12, 128, 64});
                input.accept(new long[] {1, 12, 64, 128});
                node(g, "MatMul", new String[] {"x0", "x1"}, 1, 12, 128, 128);
            }
            case "op-add-bias" -> {
                input.accept(new long[] {1, 128, 3072});
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 3072, 0.02), 3072));
                node(g, "Add", new String[] {"x0", "b"}, 1, 128, 3072);
            }
            case "op-layernorm" -> {
                input.accept(new long[] {1, 128, 768});
                g.addInitializer(BertModel.tensor("gamma", gaussian(rnd, 768, 1), 768));
                g.addInitializer(BertModel.tensor("beta", gaussian(rnd, 768, 1), 768));
                node(g, "LayerNormalization", new String[] {"x0", "gamma", "beta"}, 1, 128, 768)
                        .addAttribute(BertModel.intAttr("axis", -1));
            }
            case "op-softmax" -> {
                input.accept(new long[] {1, 12, 128, 128});
                node(g, "Softmax", new String[] {"x0"}, 1, 12, 128, 128).addAttribute(BertModel.intAttr("axis", -1));
            }
            case "op-gelu" -> {
                input.accept(new long[] {1, 128, 3072});
                node(g, "Gelu", new String[] {"x0"}, 1, 128, 3072);
            }
            case "op-transpose-heads" -> {
                input.accept(new long[] {1, 128, 12, 64});
                node(g, "Transpose", new String[] {"x0"}, 1, 12, 128, 64)
                        .addAttribute(BertModel.ints("perm", 0, 2, 1, 3));
            }
            case "op-conv3x3" -> {
                input.accept(new long[] {1, 64, 56, 56});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 64 * 64 * 9, 0.05), 64, 64, 3, 3));
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 64, 0.05), 64));
                NodeProto.Builder n = node(g, "Conv", new String[] {"x0", "w", "b"}, 1, 64, 56, 56);
                n.addAttribute(BertModel.ints("kernel_shape", 3, 3)).addAttribute(BertModel.ints("pads", 1, 1, 1, 1));
            }
            case "op-conv1x1" -> {
                input.accept(new long[] {1, 256, 56, 56});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 64 * 256, 0.05), 64, 256, 1, 1));
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 64, 0.05), 64));
                node(g, "Conv", new String[] {"x0", "w", "b"}, 1, 64, 56, 56)
                        .addAttribute(BertModel.ints("kernel_shape", 1, 1));
            }
            case "op-sr-conv5x5" -> {
                input.accept(new long[] {1, 1, 224, 224});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 64 * 25, 0.1), 64, 1, 5, 5));
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 64, 0.05), 64));
                node(g, "Conv", new String[] {"x0", "w", "b"}, 1, 64, 224, 224)
                        .addAttribute(BertModel.ints("kernel_shape", 5, 5)).addAttribute(BertModel.ints("pads", 2, 2, 2, 2));
            }
            case "op-sr-conv3x3" -> {
                input.accept(new long[] {1, 64, 224, 224});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 64 * 64 * 9, 0.05), 64, 64, 3, 3));
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 64, 0.05), 64));
                node(g, "Conv", new String[] {"x0", "w", "b"}, 1, 64, 224, 224)
                        .addAttribute(BertModel.ints("kernel_shape", 3, 3)).addAttribute(BertModel.ints("pads", 1, 1, 1, 1));
            }
            case "op-sr-pixel-shuffle" -> {
                input.accept(new long[] {1, 9, 224, 224});
                g.addInitializer(BertModel.longs("s6", 1, 1, 3, 3, 224, 224));
                g.addInitializer(BertModel.longs("s4", 1, 1, 672, 672));
                g.addNodeBuilder().setOpType("Reshape").setName("r6").addInput("x0").addInput("s6").addOutput("t6");
                g.addNodeBuilder().setOpType("Transpose").setName("t").addInput("t6").addOutput("u6")
                        .addAttribute(BertModel.ints("perm", 0, 1, 4, 2, 5, 3));
                node(g, "Reshape", new String[] {"u6", "s4"}, 1, 1, 672, 672);
            }
            case "op-conv-stem" -> conv(g, rnd, input, 3, 64, 224, 7, 2);
            case "op-conv3x3-s2" -> conv(g, rnd, input, 128, 128, 56, 3, 2);
            case "op-conv3x3-14" -> conv(g, rnd, input, 256, 256, 14, 3, 1);
            case "op-conv1x1-14" -> conv(g, rnd, input, 1024, 256, 14, 1, 1);
            case "op-conv1x1-down14" -> conv(g, rnd, input, 512, 1024, 28, 1, 2);
            case "op-conv3x3-7" -> conv(g, rnd, input, 512, 512, 7, 3, 1);
            case "op-conv1x1-7" -> conv(g, rnd, input, 512, 2048, 7, 1, 1);
            case "op-maxpool" -> {
                input.accept(new long[] {1, 64, 112, 112});
                node(g, "MaxPool", new String[] {"x0"}, 1, 64, 56, 56).addAttribute(BertModel.ints("kernel_shape", 3, 3))
                        .addAttribute(BertModel.ints("strides", 2, 2)).addAttribute(BertModel.ints("pads", 1, 1, 1, 1));
            }
            case "op-add-relu" -> {
                input.accept(new long[] {1, 256, 56, 56});
                input.accept(new long[] {1, 256, 56, 56});
                g.addNodeBuilder().setOpType("Add").setName("add").addInput("x0").addInput("x1").addOutput("s");
                node(g, "Relu", new String[] {"s"}, 1, 256, 56, 56);
            }
            // convolution and pooling (perf-conv): SqueezeNet 1.0's stem and a fire module at 54x54 (squeeze
            // 128 -> 16 1x1, expand 16 -> 64 3x3), its 3x3 stride-2 max pool, mnist-8's two 5x5 convolutions
            case "op-sq-conv1" -> conv(g, rnd, input, 3, 96, 224, 7, 2);
            case "op-sq-squeeze" -> conv(g, rnd, input, 128, 16, 54, 1, 1);
            case "op-sq-expand3x3" -> conv(g, rnd, input, 16, 64, 54, 3, 1);
            case "op-sq-maxpool" -> {
                input.accept(new long[] {1, 96, 109, 109});
                node(g, "MaxPool", new String[] {"x0"}, 1, 96, 54, 54).addAttribute(BertModel.ints("kernel_shape", 3, 3))
                        .addAttribute(BertModel.ints("strides", 2, 2));
            }
            case "op-mnist-conv1" -> conv(g, rnd, input, 1, 8, 28, 5, 1);
            case "op-mnist-conv2" -> conv(g, rnd, input, 8, 16, 14, 5, 1);
            // conv activation fusion (perf-fuse): the shapes of op-conv3x3 / op-conv1x1 with an activation
            case "op-conv-relu", "op-conv-relu6", "op-conv1x1-relu" -> {
                boolean pointwise = name.equals("op-conv1x1-relu");
                int c = pointwise ? 256 : 64;
                int k = pointwise ? 1 : 3;
                input.accept(new long[] {1, c, 56, 56});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 64 * c * k * k, 0.05), 64, c, k, k));
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 64, 0.05), 64));
                NodeProto.Builder n = g.addNodeBuilder().setOpType("Conv").setName("conv").addInput("x0").addInput("w")
                        .addInput("b").addOutput("c").addAttribute(BertModel.ints("kernel_shape", k, k));
                if (!pointwise) {
                    n.addAttribute(BertModel.ints("pads", 1, 1, 1, 1));
                }
                if (name.equals("op-conv-relu6")) {
                    g.addInitializer(BertModel.tensor("lo", new float[] {0f}));
                    g.addInitializer(BertModel.tensor("hi", new float[] {6f}));
                    node(g, "Clip", new String[] {"c", "lo", "hi"}, 1, 64, 56, 56);
                } else {
                    node(g, "Relu", new String[] {"c"}, 1, 64, 56, 56);
                }
            }
            // per-run fixed costs (perf-fixed): Add of a [1, 10] input and a constant (almost no compute: what a
            // run costs beyond its kernels), mnist-8's MaxPools 2x2/2 on 8x28x28 and 3x3/3 on 16x14x14, and its
            // classifier: Reshape of a constant [16, 4, 4, 10] to [256, 10], Reshape of the input, MatMul, Add
            case "op-fixed-add" -> {
                input.accept(new long[] {1, 10});
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 10, 1), 1, 10));
                node(g, "Add", new String[] {"x0", "b"}, 1, 10);
            }
            case "op-mnist-pool1" -> {
                input.accept(new long[] {1, 8, 28, 28});
                node(g, "MaxPool", new String[] {"x0"}, 1, 8, 14, 14).addAttribute(BertModel.ints("kernel_shape", 2, 2))
                        .addAttribute(BertModel.ints("strides", 2, 2));
            }
            case "op-mnist-pool2" -> {
                input.accept(new long[] {1, 16, 14, 14});
                node(g, "MaxPool", new String[] {"x0"}, 1, 16, 4, 4).addAttribute(BertModel.ints("kernel_shape", 3, 3))
                        .addAttribute(BertModel.ints("strides", 3, 3));
            }
            case "op-mnist-fc" -> {
                input.accept(new long[] {1, 16, 4, 4});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, 2560, 0.1), 16, 4, 4, 10));
                g.addInitializer(BertModel.longs("ws", 256, 10));
                g.addInitializer(BertModel.longs("xs", 1, 256));
                g.addInitializer(BertModel.tensor("b", gaussian(rnd, 10, 1), 1, 10));
                g.addNodeBuilder().setOpType("Reshape").setName("rw").addInput("w").addInput("ws").addOutput("w2");
                g.addNodeBuilder().setOpType("Reshape").setName("rx").addInput("x0").addInput("xs").addOutput("x2");
                g.addNodeBuilder().setOpType("MatMul").setName("mm").addInput("x2").addInput("w2").addOutput("m");
                node(g, "Add", new String[] {"m", "b"}, 1, 10);
            }
            // oneDNN convolutions (dnnl-conv)
            case "op-conv1x1-down28" -> conv(g, rnd, input, 256, 512, 56, 1, 2);
            case "op-conv1x1-down7" -> conv(g, rnd, input, 1024, 2048, 14, 1, 2);
            case "op-sr-conv3x3-32" -> conv(g, rnd, input, 64, 32, 224, 3, 1);
            case "op-sr-conv3x3-9" -> conv(g, rnd, input, 32, 9, 224, 3, 1);
            default -> {
                // op-matmul-<n>: [n, n] x a constant [n, n]; op-matmul-<m>x<n>: [m, n] x the same
                Matcher mm = MATMUL.matcher(name);
                int n = mm.matches() ? Integer.parseInt(mm.group(2)) : 0;
                int rows = mm.matches() && mm.group(1) != null ? Integer.parseInt(mm.group(1)) : n;
                if (n < 1 || n > 8192 || rows > 8192) {
                    throw new IllegalArgumentException("no micro model '" + name + "'; there are " + NAMES
                            + " (and op-matmul-<n>, op-matmul-<m>x<n> for any m, n from 1 to 8192)");
                }
                input.accept(new long[] {rows, n});
                g.addInitializer(BertModel.tensor("w", gaussian(rnd, n * n, 0.02), n, n));
                node(g, "MatMul", new String[] {"x0", "w"}, rows, n);
            }
        }
        ModelProto m = ModelProto.newBuilder().setIrVersion(9).setProducerName("hip-ep benchmarks")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(20)).setGraph(g).build();
        Files.createDirectories(dir);
        Files.write(dir.resolve("model.onnx"), m.toByteArray());
        Path set = Files.createDirectories(dir.resolve("test_data_set_0"));
        for (int i = 0; i < inputs.size(); i++) {
            long[] dims = inputs.get(i);
            long count = 1;
            for (long d : dims) {
                count *= d;
            }
            Files.write(set.resolve("input_" + i + ".pb"),
                    BertModel.tensor("x" + i, gaussian(rnd, Math.toIntExact(count), 1), dims).toByteArray());
        }
    }

    /** A Conv with bias, c -> m channels, k x k, stride s, pads k / 2, on an hw x hw input. */
    private static void conv(GraphProto.Builder g, Random rnd, Consumer<long[]> input, int c, int m, int hw, int k,
            int s) {
        int pad = k / 2, out = (hw + 2 * pad - k) / s + 1;
        input.accept(new long[] {1, c, hw, hw});
        g.addInitializer(BertModel.tensor("w", gaussian(rnd, m * c * k * k, Math.sqrt(2.0 / (c * k * k))), m, c, k, k));
        g.addInitializer(BertModel.tensor("b", gaussian(rnd, m, 0.05), m));
        node(g, "Conv", new String[] {"x0", "w", "b"}, 1, m, out, out).addAttribute(BertModel.ints("kernel_shape", k, k))
                .addAttribute(BertModel.ints("strides", s, s)).addAttribute(BertModel.ints("pads", pad, pad, pad, pad));
    }

    private static NodeProto.Builder node(GraphProto.Builder g, String op, String[] inputs, long... outDims) {
        g.addOutput(BertModel.value("y", outDims));
        NodeProto.Builder n = g.addNodeBuilder().setOpType(op).setName(op.toLowerCase()).addOutput("y");
        for (String i : inputs) {
            n.addInput(i);
        }
        return n;
    }

    private static float[] gaussian(Random rnd, int n, double std) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (rnd.nextGaussian() * std);
        }
        return a;
    }

    static boolean isMicro(String name) {
        return name.startsWith("op-");
    }
}
