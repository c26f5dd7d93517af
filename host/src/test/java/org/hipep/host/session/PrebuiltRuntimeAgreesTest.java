package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hipep.runtime.jit.ModelLoader;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime compiled ahead of time (the prebuilt object of the host's x86-64 level, the default,
 * and the x86-64-v3 object, which an AVX-512 host runs only when asked) and the runtime bitcode
 * linked into the model and optimised for the host (system property
 * {@code hipep.runtime.prebuilt=false}, and hosts below x86-64-v3) compute the same outputs on the
 * shared models. They are different machine code (a level's tuning against the host CPU's; kernels
 * called against kernels inlined), so float outputs may differ in their last bits: within 1e-5
 * relative and 1e-6 absolute. Needs a host of x86-64-v3 or better. The three share one compile
 * cache, and each compiles its own entry: the cache keys an entry by the runtime it holds.
 */
class PrebuiltRuntimeAgreesTest {
    private static final String PROPERTY = "hipep.runtime.prebuilt";

    @Test
    void prebuiltAndLinkedRuntimesAgreeOnTheModels(@TempDir Path cache) throws Exception {
        try (HipEnvironment env = HipEnvironment.create()) {
            for (Path dir : FormatsAgreeTest.models()) {
                Set<Path> before = objects(cache);
                List<float[]> linked = withProperty("false", () -> outputs(env, dir, cache));
                Path linkedObject = added(cache, before, dir);
                assertThat(contains(linkedObject, ".text.hipep_")).as(linkedObject + ": the linked runtime").isFalse();
                assertThat(linked).as(dir.getFileName().toString()).isNotEmpty();
                Set<String> forms = new HashSet<>();
                for (String setting : List.of("true", "x86-64-v3")) {
                    before = objects(cache);
                    List<float[]> prebuilt = withProperty(setting, () -> outputs(env, dir, cache));
                    String form = withProperty(setting, ModelLoader::runtimeForm);
                    assertThat(form).startsWith("prebuilt x86-64-v");
                    if (!forms.add(form)) {
                        // an x86-64-v3 host's default is the v3 object: the same entry
                        assertThat(objects(cache)).isEqualTo(before);
                        continue;
                    }
                    Path object = added(cache, before, dir);
                    // the prebuilt runtime keeps a section per function in the cache's object
                    assertThat(contains(object, ".text.hipep_")).as(object + ": a prebuilt runtime").isTrue();
                    String what = dir.getFileName() + " with " + PROPERTY + "=" + setting;
                    assertThat(prebuilt).as(what).hasSameSizeAs(linked);
                    for (int i = 0; i < linked.size(); i++) {
                        float[] a = prebuilt.get(i);
                        float[] b = linked.get(i);
                        assertThat(a).as(what + " output " + i).hasSameSizeAs(b);
                        for (int k = 0; k < a.length; k++) {
                            double bound = 1e-6 + 1e-5 * Math.abs(b[k]);
                            assertThat(Math.abs((double) a[k] - b[k])).as(what + " output " + i + " [" + k + "]: "
                                    + a[k] + " against " + b[k] + " linked").isLessThanOrEqualTo(bound);
                        }
                    }
                }
            }
        }
    }

    private static <T> T withProperty(String value, Supplier<T> work) {
        String before = System.getProperty(PROPERTY);
        System.setProperty(PROPERTY, value);
        try {
            return work.get();
        } finally {
            if (before == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, before);
            }
        }
    }

    /** The model objects in a compile cache (none before its first session). */
    private static Set<Path> objects(Path cache) throws IOException {
        if (!Files.isDirectory(cache)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.walk(cache)) {
            return files.filter(f -> f.getFileName().toString().equals("model.jit.0.o")).collect(Collectors.toSet());
        }
    }

    /** The one model object the session of {@code dir} added to {@code cache}. */
    private static Path added(Path cache, Set<Path> before, Path dir) throws IOException {
        Set<Path> now = new TreeSet<>(objects(cache));
        now.removeAll(before);
        assertThat(now).as("model objects " + dir + " added to " + cache).hasSize(1);
        return now.iterator().next();
    }

    private static boolean contains(Path file, String text) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text);
    }

    private static List<float[]> outputs(HipEnvironment env, Path dir, Path cache) {
        SessionOptions options = new SessionOptions().setCacheDir(cache).setThreads(1);
        try (HipSession s = env.createSession(dir.resolve("model.onnx"), options)) {
            Map<String, Tensor> feeds = Conformance.inputs(s, Conformance.dataSets(dir).get(0));
            try (Result r = s.run(feeds)) {
                List<float[]> out = new ArrayList<>();
                for (Map.Entry<String, Tensor> e : r) {
                    assertThat(e.getValue().type()).as(dir.getFileName() + " " + e.getKey()).isEqualTo(ElementType.FLOAT);
                    out.add(e.getValue().toFloatArray());
                }
                return out;
            } finally {
                feeds.values().forEach(Tensor::close);
            }
        }
    }
}
