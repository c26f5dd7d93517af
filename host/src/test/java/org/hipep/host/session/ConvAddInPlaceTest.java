package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.ConvTilingTest.a;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
import org.hipep.host.session.ConvTilingTest.Case;
import org.hipep.host.testing.KernelSymbols;
import org.hipep.host.testing.OnnxValues;
import org.hipep.ir.SymbolTable;
import org.hipep.runtime.session.ConvolutionSearch;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Residual blocks {@code Neg(Relu(Add(conv_s(x), conv_r(xr))))} (the Neg keeps the sum off the
 * graph's output buffer, as a following layer would): {@code hip-conv-add-in-place} folds
 * each Add (and its Relu) into the later convolution, which adds into the other one's buffer (the
 * {@code _acc} kernels), end to end against {@link ConvTilingTest}'s plain reference at one and
 * two threads. Eight blocks, one per way the kernel adds: a 1x1 convolution by oneDNN (a sum
 * post-op and the clip), a 3x3 one by Winograd's F(4x4, 3x3) and one on a 7x7 map by F(2x2, 3x3)
 * (their output transforms; the AVX-512 runtime only for the second, oneDNN's sum post-op
 * elsewhere), a grouped 1x1 one that neither takes (NCHW, a temporary and the Add kernel), a 1x1
 * one on a 7x7 map by the own pointwise products (their store; oneDNN's sum post-op without
 * AVX-512), a 3x3 one of 48 -> 192 channels by F(4x4, 3x3) with the own products, which at two
 * threads splits by output channels (each thread's output transform adds into its channels; oneDNN's
 * matmul without AVX-512), a 1x1 one of 320 input channels by the own pointwise products in two
 * passes over the columns (the residual added after the last), and a 1x1 one of 48 output channels
 * by the narrow pointwise products (their store, 361 pixels: the last rows in a block of one; oneDNN's
 * sum post-op without AVX-512), each block on inputs of its own.
 * The second run puts NaN into the shortcuts' inputs, the third into
 * the accumulating convolutions': oneDNN's clip would turn a NaN into 0, so its scans (of X and of
 * Y's old values) must see it and leave the clamp to a separate pass, and Winograd computes the
 * tiles with one directly; NaN must reach the outputs as it does through the separate Add and
 * Relu. Each way of picking the 3x3 ones' algorithm: by the fixed rules (Winograd) and measured
 * ({@link DnnlConvTest#MEASURED_RUNS} runs: a shape's first 24 take Winograd and oneDNN's sum
 * post-op in blocks of six, the rest the faster; each adds into Y once). Also in the
 * {@code without-onednn} and {@code onednn-avx2} executions (host/pom.xml).
 */
class ConvAddInPlaceTest {
    private static final int F32 = TensorProto.DataType.FLOAT_VALUE;

    @TempDir
    Path dir;

    private static Case conv(String name, int c, int m, int group, int k, boolean bias) {
        return conv(name, c, m, group, k, bias, 20);
    }

    private static Case conv(String name, int c, int m, int group, int k, boolean bias, int size) {
        int p = k / 2;
        return new Case(name, 1, c, m, group, a(size, size), a(k, k), a(1, 1), a(1, 1), a(p, p, p, p), bias, false);
    }

    /** A residual block: {@code s} is the convolution that comes later (and accumulates), {@code r} the shortcut. */
    private record Block(String name, Case r, Case s) {
    }

    private static final List<Block> BLOCKS = List.of(
            new Block("onednn", conv("onednn_r", 32, 72, 1, 1, false), conv("onednn_s", 32, 72, 1, 1, true)),
            new Block("winograd", conv("winograd_r", 32, 48, 1, 1, true), conv("winograd_s", 32, 48, 1, 3, true)),
            new Block("winograd_2x2", conv("winograd_2x2_r", 32, 64, 1, 1, false, 7),
                    conv("winograd_2x2_s", 48, 64, 1, 3, true, 7)),
            new Block("grouped", conv("grouped_r", 32, 48, 2, 1, false), conv("grouped_s", 32, 48, 2, 1, true)),
            new Block("pointwise", conv("pointwise_r", 32, 96, 1, 1, false, 7),
                    conv("pointwise_s", 32, 96, 1, 1, true, 7)),
            new Block("winograd_groups", conv("winograd_groups_r", 32, 192, 1, 1, false, 13),
                    conv("winograd_groups_s", 48, 192, 1, 3, true, 13)),
            new Block("pointwise_passes", conv("pointwise_passes_r", 32, 96, 1, 1, false, 7),
                    conv("pointwise_passes_s", 320, 96, 1, 1, true, 7)),
            new Block("narrow", conv("narrow_r", 32, 48, 1, 1, false, 19), conv("narrow_s", 40, 48, 1, 1, true, 19)));

    @Test
    void residualAddsRunInsideTheConvolution() throws Exception {
        Random rnd = new Random(11);
        Map<String, double[]> weights = new HashMap<>();
        for (Block b : BLOCKS) {
            for (Case cs : List.of(b.r(), b.s())) {
                weights.put(cs.name() + "_w", ConvTilingTest.random(rnd, cs.wShape(), 0.2));
                weights.put(cs.name() + "_b", ConvTilingTest.random(rnd, new long[] {cs.m()}, 1.0));
            }
        }
        Path model = model(weights);
        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_add_f32_clamp")).as("an Add kernel left").isNull();
        assertThat(symbols.lookup("hipep_conv_f32_in3_acc_clamp_nhwc")).as("the accumulating conv kernel").isNotNull();
        boolean onednn = !"1".equals(System.getenv("HIPEP_NO_DNNL"));
        try (HipEnvironment env = HipEnvironment.create()) {
            for (ConvolutionSearch search : ConvolutionSearch.values()) {
                for (int threads : new int[] {1, 2}) {
                    try (HipSession s = env.createSession(model, new SessionOptions().setThreads(threads)
                            .setCacheDir(dir.resolve("cache")).setConvolutionSearch(search))) {
                        int runsOfSession = search == ConvolutionSearch.MEASURE ? DnnlConvTest.MEASURED_RUNS : 3;
                        for (int run = 1; run <= runsOfSession; run++) {
                            Map<String, double[]> in = new HashMap<>();
                            Map<String, Tensor> feeds = new HashMap<>();
                            String where = search + ", " + threads + " thread(s), run " + run;
                            try {
                                for (Block b : BLOCKS) {
                                    double[] x = ConvTilingTest.random(rnd, b.s().xShape(), 1.0);
                                    double[] xr = ConvTilingTest.random(rnd, b.r().xShape(), 1.0);
                                    double[] withNan = run == 2 ? xr : x;
                                    for (int i = 0; run > 1 && i < withNan.length; i += 89) {
                                        withNan[i] = Double.NaN;
                                    }
                                    in.put(b.name() + "_x", x);
                                    in.put(b.name() + "_xr", xr);
                                    feeds.put(b.name() + "_x",
                                            Tensor.fromArray(ConvTilingTest.toFloat(x), b.s().xShape()));
                                    feeds.put(b.name() + "_xr",
                                            Tensor.fromArray(ConvTilingTest.toFloat(xr), b.r().xShape()));
                                }
                                try (Result r = s.run(feeds)) {
                                    for (Block b : BLOCKS) {
                                        double[] want = reference(b, in.get(b.name() + "_x"),
                                                in.get(b.name() + "_xr"), weights);
                                        ConcatInPlaceTest.compare(b.name(), r.get(b.name()), want, where);
                                    }
                                }
                            } finally {
                                feeds.values().forEach(Tensor::close);
                            }
                            // per run: the oneDNN block's conv adds by a sum post-op, the Winograd
                            // blocks' by their output transforms (measured: or by oneDNN's sum post-op;
                            // the 7x7 one by oneDNN's sum post-op without AVX-512); the grouped one by
                            // the Add kernel; the 7x7 pointwise block's by the own products as they store
                            // (oneDNN's sum post-op without AVX-512), which also compute its shortcut; the
                            // 48 -> 192 block's by its output transform; the two-pass block's by the own
                            // products (both its convolutions); the narrow block's by the narrow products,
                            // which also compute its shortcut and the two Winograd blocks' (1x1, at most 64
                            // output channels)
                            HipSession.LibraryRuns runs = s.libraryRuns();
                            assertThat(runs.accumulatedConvolutions()).as("accumulating convolutions, %s", where)
                                    .isEqualTo(onednn ? 7L * run : 0);
                            boolean own = onednn && DnnlConvTest.avx512Runtime();
                            assertThat(runs.ownPointwiseConvolutions()).as("own pointwise products, %s", where)
                                    .isEqualTo(own ? 8L * run : 0);
                            assertThat(runs.narrowPointwiseConvolutions()).as("narrow pointwise products, %s", where)
                                    .isEqualTo(own ? 4L * run : 0);
                            if (search == ConvolutionSearch.HEURISTIC) {
                                assertThat(runs.winogradConvolutions()).as("Winograd, %s", where)
                                        .isEqualTo(onednn ? (DnnlConvTest.avx512Runtime() ? 3L : 2L) * run : 0);
                            }
                        }
                    }
                }
            }
        }
    }

    /** -Relu(conv_s(x) + conv_r(xr)), NaN kept. */
    private static double[] reference(Block b, double[] x, double[] xr, Map<String, double[]> weights) {
        double[] s = ConvTilingTest.reference(b.s(), x, weights.get(b.s().name() + "_w"), weights.get(b.s().name() + "_b"));
        double[] r = ConvTilingTest.reference(b.r(), xr, weights.get(b.r().name() + "_w"),
                b.r().bias() ? weights.get(b.r().name() + "_b") : null);
        double[] y = new double[s.length];
        for (int i = 0; i < y.length; i++) {
            double v = s[i] + r[i];
            y[i] = Double.isNaN(v) ? v : -Math.max(v, 0);
        }
        return y;
    }

    private Path model(Map<String, double[]> weights) throws Exception {
        GraphProto.Builder g = GraphProto.newBuilder().setName("conv_add_in_place");
        for (Block b : BLOCKS) {
            g.addInput(ConvTilingTest.value(b.name() + "_x", F32, b.s().xShape()))
                    .addInput(ConvTilingTest.value(b.name() + "_xr", F32, b.r().xShape()));
            // the shortcut first: the later conv accumulates
            ConvTilingTest.addConstantConv(g, b.r(), b.name() + "_xr", weights);
            ConvTilingTest.addConstantConv(g, b.s(), b.name() + "_x", weights);
            g.addNode(NodeProto.newBuilder().setOpType("Add").setName(b.name() + "_add").addInput(b.s().name() + "_c")
                    .addInput(b.r().name() + "_c").addOutput(b.name() + "_sum"));
            g.addNode(NodeProto.newBuilder().setOpType("Relu").setName(b.name() + "_relu").addInput(b.name() + "_sum")
                    .addOutput(b.name() + "_relu"));
            g.addNode(NodeProto.newBuilder().setOpType("Neg").setName(b.name() + "_neg").addInput(b.name() + "_relu")
                    .addOutput(b.name()));
            int[] o = b.s().out();
            g.addOutput(ConvTilingTest.value(b.name(), F32, new long[] {1, b.s().m(), o[0], o[1]}));
        }
        return OnnxValues.writeModel(dir.resolve("conv_add_in_place.onnx"), g.build(), 17);
    }
}
