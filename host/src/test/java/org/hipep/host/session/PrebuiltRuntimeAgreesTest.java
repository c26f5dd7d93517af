package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hipep.runtime.session.ElementType;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime compiled ahead of time (the prebuilt object of the host's x86-64 level, the default
 * where there is one) and the runtime bitcode linked into the model and optimised for the host
 * (system property {@code hipep.runtime.prebuilt=false}, and hosts below x86-64-v3) compute the
 * same outputs on the shared models. They are different machine code (the level's tuning against
 * the host CPU's; kernels called against kernels inlined), so float outputs may differ in their last
 * bits: within 1e-5 relative and 1e-6 absolute.
 */
class PrebuiltRuntimeAgreesTest {
    private static final String PROPERTY = "hipep.runtime.prebuilt";

    @Test
    void prebuiltAndLinkedRuntimesAgreeOnTheModels(@TempDir Path prebuiltCache, @TempDir Path linkedCache)
            throws Exception {
        List<Path> dirs = new ArrayList<>(Conformance.cases(SharedData.dir(SharedData.MODELS)));
        dirs.add(Path.of("..", "examples", "small-cnn"));
        assertThat(dirs).hasSizeGreaterThanOrEqualTo(6);
        try (HipEnvironment env = HipEnvironment.create()) {
            for (Path dir : dirs) {
                Set<Path> before = objects(prebuiltCache);
                List<float[]> prebuilt = outputs(env, dir, prebuiltCache);
                Path prebuiltObject = added(prebuiltCache, before, dir);
                before = objects(linkedCache);
                List<float[]> linked;
                String property = System.getProperty(PROPERTY);
                System.setProperty(PROPERTY, "false");
                try {
                    linked = outputs(env, dir, linkedCache);
                } finally {
                    if (property == null) {
                        System.clearProperty(PROPERTY);
                    } else {
                        System.setProperty(PROPERTY, property);
                    }
                }
                Path linkedObject = added(linkedCache, before, dir);
                assertThat(prebuilt).as(dir.getFileName().toString()).hasSameSizeAs(linked).isNotEmpty();
                // which runtime each cache entry holds: the prebuilt one keeps a section per function
                assertThat(contains(prebuiltObject, ".text.hipep_")).as(prebuiltObject + ": the prebuilt runtime (a host of x86-64-v3 or better)").isTrue();
                assertThat(contains(linkedObject, ".text.hipep_")).as(linkedObject.toString()).isFalse();
                for (int i = 0; i < linked.size(); i++) {
                    float[] a = prebuilt.get(i);
                    float[] b = linked.get(i);
                    assertThat(a).as(dir.getFileName() + " output " + i).hasSameSizeAs(b);
                    for (int k = 0; k < a.length; k++) {
                        double bound = 1e-6 + 1e-5 * Math.abs(b[k]);
                        assertThat(Math.abs((double) a[k] - b[k])).as(dir.getFileName() + " output " + i + " [" + k
                                + "]: " + a[k] + " against " + b[k]).isLessThanOrEqualTo(bound);
                    }
                }
            }
        }
    }

    /** The model objects in a compile cache. */
    private static Set<Path> objects(Path cache) throws IOException {
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
