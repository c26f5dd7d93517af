package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.dialects.onnx.proto.OnnxProto.GraphProto;
import org.hipep.dialects.onnx.proto.OnnxProto.NodeProto;
import org.hipep.dialects.onnx.proto.OnnxProto.TensorProto;
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
 * A Relu or a constant Clip after a float Add / Sub / Mul / Div fuses into that op's kernel
 * ({@code HipEpilogueFusion}, {@code hipep_<op>_<t>_clamp}): the compiled module calls the clamped
 * kernels and no separate max / min, and every output has the bits of the two ops run one after
 * the other, computed here in Java with the separate kernels' comparisons (NaN propagates, a
 * negative zero or anything below the bound becomes the bound, {@code +0} for Relu): operands with
 * NaN, infinities, signed zeros and values at the bounds, division by zero, a broadcast row,
 * f32 and f64, at one and two threads. An Add whose result is also a graph output is not fused
 * and still right.
 */
class ElementwiseClampFusionTest {
    private static final int ROWS = 37;
    private static final int COLS = 53;

    /** {@code op} of x and y (y a row of COLS when {@code row}), then Relu (lo = 0, hi = +inf) or Clip. */
    private record Case(String name, String op, boolean f64, boolean row, double lo, double hi) {
        boolean relu() {
            return lo == 0 && hi == Double.POSITIVE_INFINITY;
        }
    }

    private static final Case[] CASES = {new Case("add_relu", "Add", false, false, 0, Double.POSITIVE_INFINITY),
        new Case("sub_clip", "Sub", false, false, -1.5, 2.0),
        new Case("mul_relu_f64", "Mul", true, false, 0, Double.POSITIVE_INFINITY),
        new Case("div_relu6", "Div", false, false, 0, 6),
        new Case("add_row_relu", "Add", false, true, 0, Double.POSITIVE_INFINITY),
        new Case("div_clip_f64", "Div", true, true, -3.25, 0.5)};

    @TempDir
    Path dir;

    @Test
    void clampsAfterArithmeticFuseAndGiveTheSeparateOpsBits() throws Exception {
        Random rnd = new Random(5);
        Map<String, double[]> values = new HashMap<>();
        GraphProto.Builder g = GraphProto.newBuilder().setName("clamp_fusion");
        for (Case c : CASES) {
            int type = c.f64() ? TensorProto.DataType.DOUBLE_VALUE : TensorProto.DataType.FLOAT_VALUE;
            String p = c.name() + "_";
            g.addInput(OnnxValues.tensor(p + "x", type, (long) ROWS, (long) COLS));
            g.addInput(c.row() ? OnnxValues.tensor(p + "y", type, (long) COLS)
                    : OnnxValues.tensor(p + "y", type, (long) ROWS, (long) COLS));
            values.put(p + "x", operand(rnd, ROWS * COLS, c));
            values.put(p + "y", operand(rnd, c.row() ? COLS : ROWS * COLS, c));
            g.addNode(NodeProto.newBuilder().setOpType(c.op()).setName(p + "op").addInput(p + "x").addInput(p + "y")
                    .addOutput(p + "v"));
            NodeProto.Builder act = NodeProto.newBuilder().setName(p + "act").addInput(p + "v").addOutput(p + "out");
            if (c.relu()) {
                act.setOpType("Relu");
            } else {
                act.setOpType("Clip").addInput(p + "lo").addInput(p + "hi");
                g.addInitializer(scalar(p + "lo", type, c.lo()));
                g.addInitializer(scalar(p + "hi", type, c.hi()));
            }
            g.addNode(act);
            g.addOutput(OnnxValues.tensor(p + "out", type, (long) ROWS, (long) COLS));
        }
        // not fused: the Add's own result is a graph output too
        g.addInput(OnnxValues.floatTensor("shared_x", ROWS, COLS)).addInput(OnnxValues.floatTensor("shared_y", ROWS,
                COLS));
        Case shared = new Case("shared", "Add", false, false, 0, Double.POSITIVE_INFINITY);
        values.put("shared_x", operand(rnd, ROWS * COLS, shared));
        values.put("shared_y", operand(rnd, ROWS * COLS, shared));
        g.addNode(NodeProto.newBuilder().setOpType("Add").setName("shared_add").addInput("shared_x")
                .addInput("shared_y").addOutput("shared_v"));
        g.addNode(NodeProto.newBuilder().setOpType("Relu").setName("shared_relu").addInput("shared_v")
                .addOutput("shared_out"));
        g.addOutput(OnnxValues.floatTensor("shared_v", ROWS, COLS)).addOutput(OnnxValues.floatTensor("shared_out",
                ROWS, COLS));
        Path model = OnnxValues.writeModel(dir.resolve("clamp_fusion.onnx"), g.build(), 13);

        SymbolTable symbols = KernelSymbols.of(model, dir.resolve("compiled"));
        for (String s : List.of("hipep_add_f32_clamp", "hipep_sub_f32_clamp", "hipep_mul_f64_clamp",
                "hipep_div_f32_clamp", "hipep_div_f64_clamp", "hipep_add_f32", "hipep_max_f32")) {
            assertThat(symbols.lookup(s)).as(s).isNotNull(); // the last two: the shared Add and its Relu
        }
        assertThat(symbols.lookup("hipep_min_f32")).isNull();
        assertThat(symbols.lookup("hipep_max_f64")).isNull();

        try (HipEnvironment env = HipEnvironment.create()) {
            for (int threads : new int[] {1, 2}) {
                try (HipSession s = env.createSession(model,
                        new SessionOptions().setThreads(threads).setCacheDir(dir.resolve("cache")))) {
                    Map<String, Tensor> inputs = new HashMap<>();
                    try {
                        for (Case c : CASES) {
                            String p = c.name() + "_";
                            inputs.put(p + "x", tensor(values.get(p + "x"), c.f64(), ROWS, COLS));
                            inputs.put(p + "y", c.row() ? tensor(values.get(p + "y"), c.f64(), COLS)
                                    : tensor(values.get(p + "y"), c.f64(), ROWS, COLS));
                        }
                        inputs.put("shared_x", tensor(values.get("shared_x"), false, ROWS, COLS));
                        inputs.put("shared_y", tensor(values.get("shared_y"), false, ROWS, COLS));
                        try (Result r = s.run(inputs)) {
                            for (Case c : CASES) {
                                String p = c.name() + "_";
                                Tensor out = r.get(p + "out");
                                double[] got = c.f64() ? out.toDoubleArray() : widen(out.toFloatArray());
                                check(c, got, values.get(p + "x"), values.get(p + "y"), threads);
                            }
                            check(shared, widen(r.get("shared_out").toFloatArray()), values.get("shared_x"),
                                    values.get("shared_y"), threads);
                            float[] v = r.get("shared_v").toFloatArray();
                            for (int i = 0; i < v.length; i++) {
                                float want = (float) values.get("shared_x")[i] + (float) values.get("shared_y")[i];
                                assertThat(Float.floatToIntBits(v[i])).as("shared_v[%d]", i)
                                        .isEqualTo(Float.floatToIntBits(want));
                            }
                        }
                    } finally {
                        inputs.values().forEach(Tensor::close);
                    }
                }
            }
        }
    }

    /** Random values around the case's bounds, with NaN, infinities, signed zeros and the bounds mixed in. */
    private static double[] operand(Random rnd, int n, Case c) {
        double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, c.lo(),
            c.hi() == Double.POSITIVE_INFINITY ? 1.0 : c.hi(), 1.0, -1.0};
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextInt(5) == 0 ? special[rnd.nextInt(special.length)] : rnd.nextGaussian() * 4;
            if (!c.f64()) {
                v[i] = (float) v[i];
            }
        }
        return v;
    }

    /** The separate ops: the arithmetic in the case's type, then max(v, lo) and min(., hi) as hipep_max/min. */
    private static void check(Case c, double[] got, double[] x, double[] y, int threads) {
        assertThat(got).hasSize(ROWS * COLS);
        for (int i = 0; i < got.length; i++) {
            double a = x[i];
            double b = c.row() ? y[i % COLS] : y[i];
            double v;
            if (c.f64()) {
                v = apply(c.op(), a, b);
            } else {
                v = (float) apply(c.op(), (float) a, (float) b);
            }
            v = (v > c.lo() || Double.isNaN(v)) ? v : c.lo();
            v = (v < c.hi() || Double.isNaN(v)) ? v : c.hi();
            String where = c.name() + "[" + i + "] = " + c.op() + "(" + a + ", " + b + ") at " + threads + " thread(s)";
            if (Double.isNaN(v)) {
                assertThat(got[i]).as(where).isNaN();
            } else {
                assertThat(Double.doubleToRawLongBits(got[i])).as(where + ": got " + got[i] + ", expected " + v)
                        .isEqualTo(Double.doubleToRawLongBits(v));
            }
        }
    }

    private static double apply(String op, double a, double b) {
        return switch (op) {
            case "Add" -> a + b;
            case "Sub" -> a - b;
            case "Mul" -> a * b;
            default -> a / b;
        };
    }

    private static float apply(String op, float a, float b) {
        return switch (op) {
            case "Add" -> a + b;
            case "Sub" -> a - b;
            case "Mul" -> a * b;
            default -> a / b;
        };
    }

    private static Tensor tensor(double[] v, boolean f64, long... shape) {
        if (f64) {
            return Tensor.fromArray(v, shape);
        }
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return Tensor.fromArray(f, shape);
    }

    private static double[] widen(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    private static TensorProto scalar(String name, int type, double value) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(type);
        if (type == TensorProto.DataType.DOUBLE_VALUE) {
            t.addDoubleData(value);
        } else {
            t.addFloatData((float) value);
        }
        return t.build();
    }
}
