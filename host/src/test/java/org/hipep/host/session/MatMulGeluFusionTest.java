package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hipep.host.session.MatMulBiasFusionTest.count;
import static org.hipep.host.session.MatMulBiasFusionTest.product;
import static org.hipep.host.session.MatMulBiasFusionTest.random;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.host.testing.KernelSymbols;
import org.hipep.host.testing.OnnxValues;
import org.hipep.ir.SymbolTable;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An f32 MatMul (with or without a fused bias row) whose single-use result goes through Gelu fuses
 * Gelu into the product ({@code HipEpilogueFusion.MatMulGelu}, {@code hipep_matmul_f32_in3_gelu},
 * {@code _gelu_tanh} for {@code approximate = "tanh"}): the compiled module calls the fused kernels,
 * and every output is Gelu of the product plus the bias, against a float64 reference (Gelu from this
 * package's erfc, the tanh form from {@link Math#tanh}), at one and two threads, on each path of the
 * kernel: B an initializer with enough work for oneDNN (Gelu is oneDNN's post-op, counted), the same
 * with an infinity in A (no post-op: outputs could be infinite or NaN; the runtime's Gelu gives
 * {@code gelu(+inf) = +inf}, {@code gelu(-inf) = NaN} as ONNX's formula), the same with 1e37 in
 * one column of B (no post-op either: A's largest value times that column's sum of |B|, the bound
 * on the outputs, is over 1e37; the entry needs every column's sum, not only the first ones'), a
 * small product (OpenBLAS, then the runtime's Gelu) and B a graph input (batched). A product whose
 * result is also a graph output is not fused and both outputs are still right.
 */
class MatMulGeluFusionTest {
    /**
     * A [batch..., m, k] times B [k, n] (or [batch, k, n]), + bias [n] when biased, then Gelu; with
     * {@code inf} two infinities in A, with {@code bigColumn} 1e37 in B's column 37 (one value: its
     * products stay finite and exact to float rounding).
     */
    private record Case(String name, long[] a, long[] b, boolean constB, boolean biased, boolean tanh, boolean inf,
            boolean bigColumn) {
        int n() {
            return (int) b[b.length - 1];
        }
    }

    private static final Case[] CASES = {
        new Case("onednn", new long[] {1, 128, 96}, new long[] {96, 112}, true, true, false, false, false),
        new Case("onednn_tanh", new long[] {2, 64, 96}, new long[] {96, 112}, true, true, true, false, false),
        new Case("onednn_inf", new long[] {1, 128, 96}, new long[] {96, 112}, true, true, false, true, false),
        new Case("onednn_big_column", new long[] {1, 128, 96}, new long[] {96, 112}, true, true, false, false, true),
        new Case("small", new long[] {5, 7}, new long[] {7, 9}, true, true, false, false, false),
        new Case("input_b", new long[] {2, 33, 40}, new long[] {2, 40, 24}, false, false, true, false, false)};

    /** The cases whose Gelu oneDNN applies: constant B, enough work, finite A, an output bound under 1e37. */
    private static final int POST_OPS = 2;

    @TempDir
    Path dir;

    @Test
    void geluFusesIntoTheProductAndIsApplied() throws Exception {
        Random rnd = new Random(11);
        Map<String, float[]> values = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("matmul_gelu");
        for (Case c : CASES) {
            String p = c.name() + "_";
            float[] a = random(rnd, count(c.a()), 1.5);
            if (c.inf()) {
                a[5 * 96 + 3] = Float.POSITIVE_INFINITY;
                a[70 * 96 + 11] = Float.NEGATIVE_INFINITY;
            }
            values.put(p + "a", a);
            float[] b = random(rnd, count(c.b()), 0.3);
            if (c.bigColumn()) {
                b[5 * c.n() + 37] = 1e37f;
            }
            values.put(p + "b", b);
            values.put(p + "bias", random(rnd, c.n(), 0.5));
            g.addInput(OnnxValues.floatTensor(p + "a", c.a()));
            if (c.constB()) {
                g.addInitializer(OnnxValues.floatData(p + "b", values.get(p + "b"), c.b()));
            } else {
                g.addInput(OnnxValues.floatTensor(p + "b", c.b()));
            }
            g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName(p + "mm").addInput(p + "a").addInput(p + "b")
                    .addOutput(p + "p"));
            String x = p + "p";
            if (c.biased()) {
                g.addInitializer(OnnxValues.floatData(p + "bias", values.get(p + "bias"), c.n()));
                g.addNode(NodeProto.newBuilder().setOpType("Add").setName(p + "add").addInput(x).addInput(p + "bias")
                        .addOutput(p + "pb"));
                x = p + "pb";
            }
            g.addNode(gelu(p + "gelu", x, p + "y", c.tanh()));
            g.addOutput(OnnxValues.floatTensor(p + "y", shape(c)));
        }
        // not fused: the product is a graph output too
        float[] sa = random(rnd, 6 * 10, 1.5);
        float[] sb = random(rnd, 10 * 4, 0.3);
        g.addInput(OnnxValues.floatTensor("shared_a", 6, 10)).addInitializer(OnnxValues.floatData("shared_b", sb, 10, 4));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName("shared_mm").addInput("shared_a")
                .addInput("shared_b").addOutput("shared_p"));
        g.addNode(gelu("shared_gelu", "shared_p", "shared_y", false));
        g.addOutput(OnnxValues.floatTensor("shared_p", 6, 4)).addOutput(OnnxValues.floatTensor("shared_y", 6, 4));
        Path model = OnnxValues.writeModel(dir.resolve("matmul_gelu.onnx"), g.build(), 20);

        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_matmul_f32_in3_gelu")).isNotNull();
        assertThat(symbols.lookup("hipep_matmul_f32_in3_gelu_tanh")).isNotNull();
        assertThat(symbols.lookup("hipep_matmul_f32_in2_gelu_tanh")).as("input_b: no bias").isNotNull();
        assertThat(symbols.lookup("hipep_matmul_f32_in2")).as("the shared product").isNotNull();
        assertThat(symbols.lookup("hipep_gelu_f32")).as("the shared product's Gelu").isNotNull();

        boolean onednn = !"1".equals(System.getenv("HIPEP_NO_DNNL"));
        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                Map<String, Tensor> feeds = new HashMap<>();
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    for (Case c : CASES) {
                        String p = c.name() + "_";
                        feeds.put(p + "a", Tensor.fromArray(values.get(p + "a"), c.a()));
                        if (!c.constB()) {
                            feeds.put(p + "b", Tensor.fromArray(values.get(p + "b"), c.b()));
                        }
                    }
                    feeds.put("shared_a", Tensor.fromArray(sa, 6, 10));
                    try (Result r = s.run(feeds)) {
                        for (Case c : CASES) {
                            String p = c.name() + "_";
                            check(c.name() + " @" + threads, r.get(p + "y").toFloatArray(),
                                    gelu(product(values.get(p + "a"), c.a(), values.get(p + "b"), c.b(),
                                            c.biased() ? values.get(p + "bias") : null), c.tanh()));
                        }
                        double[] shared = product(sa, new long[] {6, 10}, sb, new long[] {10, 4}, null);
                        check("shared product @" + threads, r.get("shared_p").toFloatArray(), shared);
                        check("shared gelu @" + threads, r.get("shared_y").toFloatArray(), gelu(shared, false));
                    }
                    assertThat(s.libraryRuns().oneDnnActivatedMatMuls()).as("oneDNN Gelu post-ops @%d", threads)
                            .isEqualTo(onednn ? POST_OPS : 0);
                } finally {
                    feeds.values().forEach(Tensor::close);
                }
            }
        }
    }

    /**
     * Gelu written with Erf (ONNX before opset 20: Div by sqrt 2, Erf, Add 1, Mul by x, Mul by 0.5)
     * becomes one Gelu ({@code HipEpilogueFusion.GeluFromErf}), fused into the biased product before
     * it (oneDNN's post-op, counted) or on its own over a graph input ({@code hipep_gelu_f32}); no
     * Erf kernel is left, and the outputs are Gelu of their inputs (float64 reference).
     */
    @Test
    void geluWrittenWithErfBecomesOneGelu() throws Exception {
        Random rnd = new Random(12);
        long[] as = {1, 128, 96};
        long[] bs = {96, 112};
        float[] a = random(rnd, count(as), 1.5);
        float[] b = random(rnd, count(bs), 0.3);
        float[] bias = random(rnd, 112, 0.5);
        float[] x = random(rnd, 7 * 9, 3);
        x[0] = -12;
        x[1] = -4.5f;
        GraphProto.Builder g = GraphProto.newBuilder().setName("erf_gelu");
        g.addInput(OnnxValues.floatTensor("a", as)).addInput(OnnxValues.floatTensor("x", 7, 9))
                .addInitializer(OnnxValues.floatData("b", b, bs)).addInitializer(OnnxValues.floatData("bias", bias, 112))
                .addInitializer(OnnxValues.floatData("sqrt2", new float[] {(float) Math.sqrt(2)}))
                .addInitializer(OnnxValues.floatData("one", new float[] {1}))
                .addInitializer(OnnxValues.floatData("half", new float[] {0.5f}));
        g.addNode(NodeProto.newBuilder().setOpType("MatMul").setName("mm").addInput("a").addInput("b").addOutput("p"));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("add").addInput("p").addInput("bias").addOutput("pb"));
        erfGelu(g, "pb", "y");
        erfGelu(g, "x", "gx");
        g.addOutput(OnnxValues.floatTensor("y", 1, 128, 112)).addOutput(OnnxValues.floatTensor("gx", 7, 9));
        Path model = OnnxValues.writeModel(dir.resolve("erf_gelu.onnx"), g.build(), 13);

        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        assertThat(symbols.lookup("hipep_matmul_f32_in3_gelu")).isNotNull();
        assertThat(symbols.lookup("hipep_gelu_f32")).as("the graph input's Gelu").isNotNull();
        assertThat(symbols.lookup("hipep_erf_f32")).isNull();

        boolean onednn = !"1".equals(System.getenv("HIPEP_NO_DNNL"));
        double[] xs = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            xs[i] = x[i];
        }
        try (HipEnvironment env = HipEnvironment.create();
                HipSession s = env.createSession(model, new SessionOptions().setCacheDir(dir.resolve("cache")));
                Tensor ta = Tensor.fromArray(a, as);
                Tensor tx = Tensor.fromArray(x, 7, 9);
                Result r = s.run(Map.of("a", ta, "x", tx))) {
            check("product", r.get("y").toFloatArray(), gelu(product(a, as, b, bs, bias), false));
            check("input", r.get("gx").toFloatArray(), gelu(xs, false));
            assertThat(s.libraryRuns().oneDnnActivatedMatMuls()).isEqualTo(onednn ? 1 : 0);
        }
    }

    /** {@code y = (x * (1 + erf(x / sqrt2))) * half}, as PyTorch exports Gelu before opset 20. */
    private static void erfGelu(GraphProto.Builder g, String x, String y) {
        String[][] nodes = {{"Div", x, "sqrt2", y + "_d"}, {"Erf", y + "_d", null, y + "_e"},
            {"Add", y + "_e", "one", y + "_a"}, {"Mul", x, y + "_a", y + "_m"}, {"Mul", y + "_m", "half", y}};
        for (String[] n : nodes) {
            NodeProto.Builder b = NodeProto.newBuilder().setOpType(n[0]).setName(n[3] + "_node").addInput(n[1]);
            if (n[2] != null) {
                b.addInput(n[2]);
            }
            g.addNode(b.addOutput(n[3]));
        }
    }

    private static NodeProto gelu(String name, String x, String y, boolean tanh) {
        NodeProto.Builder n = NodeProto.newBuilder().setOpType("Gelu").setName(name).addInput(x).addOutput(y);
        if (tanh) {
            n.addAttribute(OnnxValues.string("approximate", "tanh"));
        }
        return n.build();
    }

    private static long[] shape(Case c) {
        long[] y = c.a().clone();
        y[y.length - 1] = c.n();
        return y;
    }

    /** ONNX Gelu in float64: x erfc(-x / sqrt 2) / 2, or x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) / 2. */
    private static double[] gelu(double[] x, boolean tanh) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            double v = x[i];
            y[i] = tanh ? 0.5 * v * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (v + 0.044715 * v * v * v)))
                    : 0.5 * v * FloatMathKernelsTest.erfc(-v / Math.sqrt(2));
        }
        return y;
    }

    private static void check(String what, float[] got, double[] want) {
        MatMulBiasFusionTest.check(what, got, want);
        if (what.startsWith("onednn_inf")) {
            assertThat(Arrays.stream(want).filter(w -> !Double.isFinite(w)).count()).as(what + ": rows with an infinity")
                    .isGreaterThan(0);
        }
    }

}
