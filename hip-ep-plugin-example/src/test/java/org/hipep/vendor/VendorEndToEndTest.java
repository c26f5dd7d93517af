package org.hipep.vendor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hipep.host.compiler.CompilerDriver;
import org.hipep.host.plugins.PluginHost;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The vendor op end to end: small models with Adds compiled with the plugin {@code vendor} run
 * through a {@link HipSession} in both artifact formats and match the plugin-less run and the
 * plain-Java reference; the compiled module calls the vendor wrapper instead of the in-tree add
 * kernel; a shape mismatch at run time is reported by the wrapper through the context.
 */
class VendorEndToEndTest {
    private static HipEnvironment env;

    @TempDir
    static Path cache;

    @BeforeAll
    static void environment() {
        env = HipEnvironment.create();
    }

    @AfterAll
    static void close() {
        env.close();
    }

    private static HipSession session(byte[] model, ArtifactFormat format, boolean vendor) {
        SessionOptions o = new SessionOptions().setArtifactFormat(format).setCacheDir(cache).setThreads(2);
        if (vendor) {
            o.addPlugins(VendorPlugin.ID);
        }
        return env.createSession(model, o);
    }

    /** Runs {@code model} on {@code feeds}; each output as floats (int64 outputs widened). */
    private static Map<String, float[]> run(byte[] model, ArtifactFormat format, boolean vendor,
            Map<String, Tensor> feeds) {
        try (HipSession s = session(model, format, vendor); Result r = s.run(feeds)) {
            Map<String, float[]> out = new LinkedHashMap<>();
            for (Map.Entry<String, Tensor> e : r) {
                Tensor t = e.getValue();
                if (t.type() == ElementType.INT64) {
                    long[] l = t.toLongArray();
                    float[] f = new float[l.length];
                    for (int i = 0; i < l.length; i++) {
                        f[i] = l[i];
                    }
                    out.put(e.getKey(), f);
                } else {
                    out.put(e.getKey(), t.toFloatArray());
                }
            }
            return out;
        }
    }

    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void f32AddsMatchThePluginLessRunAndTheReference(ArtifactFormat format) {
        byte[] model = VendorModels.adds().toByteArray();
        for (int batch : new int[] {1, 3}) {
            Random rnd = new Random(7 + batch);
            float[] x = VendorModels.gaussians(rnd, batch * 4);
            float[] p = VendorModels.gaussians(rnd, 6);
            float[] q = VendorModels.gaussians(rnd, 4);
            long[] i1 = {1, -2, 3};
            long[] i2 = {40, 50, -60};
            List<Tensor> feeds = new ArrayList<>();
            try {
                Map<String, Tensor> in = new LinkedHashMap<>();
                in.put("x", add(feeds, Tensor.fromArray(x, batch, 4)));
                in.put("p", add(feeds, Tensor.fromArray(p, 2, 1, 3)));
                in.put("q", add(feeds, Tensor.fromArray(q, 4, 1)));
                in.put("i1", add(feeds, Tensor.fromArray(i1, 3)));
                in.put("i2", add(feeds, Tensor.fromArray(i2, 3)));
                Map<String, float[]> withVendor = run(model, format, true, in);
                Map<String, float[]> inTree = run(model, format, false, in);

                float[] a = VendorModels.add(x, new long[] {batch, 4}, VendorModels.BIAS, new long[] {4},
                        new long[] {batch, 4});
                float[] b = VendorModels.add(VendorModels.SCALE, new long[] {1, 4}, a, new long[] {batch, 4},
                        new long[] {batch, 4});
                float[] m = new float[b.length];
                for (int i = 0; i < b.length; i++) {
                    m[i] = b[i] * VendorModels.SCALE[i % 4];
                }
                float[] outX = VendorModels.add(m, new long[] {batch, 4}, VendorModels.BIAS, new long[] {4},
                        new long[] {batch, 4});
                float[] outPq = VendorModels.add(p, new long[] {2, 1, 3}, q, new long[] {4, 1}, new long[] {2, 4, 3});
                assertThat(withVendor.get("out_x")).as("out_x, batch %d", batch).containsExactly(outX);
                assertThat(withVendor.get("out_pq")).as("out_pq").containsExactly(outPq);
                assertThat(withVendor.get("out_i")).as("out_i (in-tree path)").containsExactly(41, 48, -57);
                assertThat(withVendor.keySet()).containsExactlyElementsOf(inTree.keySet());
                for (String name : inTree.keySet()) {
                    assertThat(withVendor.get(name)).as("%s with and without the plugin", name)
                            .containsExactly(inTree.get(name));
                }
            } finally {
                feeds.forEach(Tensor::close);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void halfPrecisionAddsMatchThePluginLessRunAndTheReference(ArtifactFormat format) {
        byte[] model = VendorModels.halves().toByteArray();
        Random rnd = new Random(11);
        float[] h1 = VendorModels.eighths(rnd, 3);
        float[] h2 = VendorModels.eighths(rnd, 5);
        float[] b1 = VendorModels.eighths(rnd, 6);
        float[] b2 = VendorModels.eighths(rnd, 3);
        List<Tensor> feeds = new ArrayList<>();
        try {
            Map<String, Tensor> in = new LinkedHashMap<>();
            in.put("h1", add(feeds, Tensor.fromFloats(ElementType.FLOAT16, h1, 3, 1)));
            in.put("h2", add(feeds, Tensor.fromFloats(ElementType.FLOAT16, h2, 1, 5)));
            in.put("b1", add(feeds, Tensor.fromFloats(ElementType.BFLOAT16, b1, 2, 3)));
            in.put("b2", add(feeds, Tensor.fromFloats(ElementType.BFLOAT16, b2, 3)));
            Map<String, float[]> withVendor = run(model, format, true, in);
            Map<String, float[]> inTree = run(model, format, false, in);
            assertThat(withVendor.get("hs")).containsExactly(
                    VendorModels.add(h1, new long[] {3, 1}, h2, new long[] {1, 5}, new long[] {3, 5}));
            assertThat(withVendor.get("bs")).containsExactly(
                    VendorModels.add(b1, new long[] {2, 3}, b2, new long[] {3}, new long[] {2, 3}));
            assertThat(withVendor.get("hs")).containsExactly(inTree.get("hs"));
            assertThat(withVendor.get("bs")).containsExactly(inTree.get("bs"));
        } finally {
            feeds.forEach(Tensor::close);
        }
    }

    @Test
    void theCompiledModuleCallsTheVendorWrapperInsteadOfTheInTreeKernel(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("adds.onnx");
        Files.write(model, VendorModels.adds().toByteArray());
        List<String> warnings = new ArrayList<>();
        String withVendor = new CompilerDriver(PluginHost.processSnapshot(List.of(VendorPlugin.ID)), warnings::add)
                .compile(model, CompilerDriver.Options.defaults(dir)).module().toString();
        String inTree = new CompilerDriver(PluginHost.processSnapshot(List.of()), warnings::add)
                .compile(model, CompilerDriver.Options.defaults(dir)).module().toString();
        assertThat(warnings).isEmpty();
        // Three of the four f32 Adds call the vendor wrapper; the one whose operand is unranked at
        // the slot, and the int64 Add, keep the in-tree kernels.
        assertThat(count(withVendor, "callee = @wrap_hip_ep_vendor_add")).isEqualTo(3);
        assertThat(count(withVendor, "callee = @hipep_add_f32")).isEqualTo(1);
        assertThat(count(withVendor, "callee = @hipep_add_i64")).isEqualTo(1);
        assertThat(inTree).doesNotContain("wrap_hip_ep_vendor_add");
        assertThat(count(inTree, "callee = @hipep_add_f32")).isEqualTo(4);
    }

    @ParameterizedTest
    @EnumSource(ArtifactFormat.class)
    void aRunTimeShapeMismatchIsReportedByTheWrapper(ArtifactFormat format) {
        byte[] model = VendorModels.mismatch().toByteArray();
        try (HipSession s = session(model, format, true);
                Tensor x = Tensor.fromArray(new float[8], 2, 4);
                Tensor w = Tensor.fromArray(new float[12], 3, 4)) {
            assertThatThrownBy(() -> s.run(Map.of("x", x, "w", w)).close())
                    .hasMessageContaining("vendor.add: the input shapes do not broadcast to the output shape");
            Tensor good = Tensor.fromArray(new float[] {1, 2, 3, 4}, 1, 4);
            try (good; Result r = s.run(Map.of("x", good, "w", w))) {
                assertThat(r.get("y").toFloatArray()).containsExactly(1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4);
            }
        }
    }

    private static Tensor add(List<Tensor> owned, Tensor t) {
        owned.add(t);
        return t;
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
