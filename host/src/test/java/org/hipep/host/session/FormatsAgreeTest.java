package org.hipep.host.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hipep.runtime.session.ArtifactFormat;
import org.hipep.runtime.session.HipEnvironment;
import org.hipep.runtime.session.HipSession;
import org.hipep.runtime.session.Result;
import org.hipep.runtime.session.SessionOptions;
import org.hipep.runtime.session.Tensor;
import org.hipep.testing.data.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JIT-loaded bitcode and the native shared object of a model give identical outputs, bit for bit. */
class FormatsAgreeTest {
    @Test
    void jitAndNativeAgreeOnTheModels(@TempDir Path cache) throws Exception {
        try (HipEnvironment env = HipEnvironment.create()) {
            for (Path dir : models()) {
                List<byte[]> jit = outputs(env, dir, ArtifactFormat.LLVM_IR, cache);
                List<byte[]> so = outputs(env, dir, ArtifactFormat.NATIVE, cache);
                assertThat(so).as(dir.getFileName().toString()).hasSameSizeAs(jit);
                for (int i = 0; i < jit.size(); i++) {
                    assertThat(so.get(i)).as(dir.getFileName() + " output " + i).isEqualTo(jit.get(i));
                }
            }
        }
    }

    /** The shared models and the example CNN, each a folder with a model and its test data: what the agreement tests run. */
    static List<Path> models() {
        List<Path> dirs = new ArrayList<>(Conformance.cases(SharedData.dir(SharedData.MODELS)));
        dirs.add(Path.of("..", "examples", "small-cnn"));
        assertThat(dirs).hasSizeGreaterThanOrEqualTo(6);
        return dirs;
    }

    private static List<byte[]> outputs(HipEnvironment env, Path dir, ArtifactFormat format, Path cache) {
        SessionOptions options = new SessionOptions().setArtifactFormat(format).setCacheDir(cache).setThreads(1);
        try (HipSession s = env.createSession(dir.resolve("model.onnx"), options)) {
            Map<String, Tensor> feeds = Conformance.inputs(s, Conformance.dataSets(dir).get(0));
            try (Result r = s.run(feeds)) {
                List<byte[]> out = new ArrayList<>();
                for (Map.Entry<String, Tensor> e : r) {
                    ByteBuffer b = e.getValue().buffer();
                    byte[] bytes = new byte[b.remaining()];
                    b.get(bytes);
                    out.add(bytes);
                }
                return out;
            } finally {
                feeds.values().forEach(Tensor::close);
            }
        }
    }
}
